import { useKanisa } from '@kanisa/client/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { FieldFrame } from '../../components/ui/FieldFrame';
import { MEMBER_MATCHES, memberSearchQuery } from '../../lib/member-search';
import { MAX_CHOSEN_MEMBERS, memberName, plural, type ChosenMember } from './broadcast-rules';

interface Props {
  value: ChosenMember[];
  onChange: (members: ChosenMember[]) => void;
  error?: string | undefined;
}

/** The search typed settles for this long before the server is asked. */
const SEARCH_DELAY_MS = 250;

function useSettled(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSettled(value);
    }, delay);
    return () => {
      clearTimeout(timer);
    };
  }, [value, delay]);
  return settled;
}

/**
 * Members chosen one by one (the pickers' pattern, lib/member-search.ts): an ARIA combobox
 * searching active members on the server by name or membership number (the first 20 matches);
 * Enter or a click adds the member to the list below, where each can be removed again. Up to
 * 500 members.
 */
export function MembersPicker({ value, onChange, error }: Props) {
  const client = useKanisa();
  const listId = useId();
  const statusId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = text.trim();
  const search = useSettled(typed, SEARCH_DELAY_MS);
  const matches = useQuery({ ...memberSearchQuery(client, search, true), enabled: open });
  const chosenIds = new Set(value.map((m) => m.id));
  const options = open ? (matches.data?.members ?? []) : [];
  const full = value.length >= MAX_CHOSEN_MEMBERS;

  const choose = (member: ChosenMember) => {
    if (!chosenIds.has(member.id) && !full) {
      onChange([...value, { id: member.id, first_name: member.first_name, last_name: member.last_name, membership_number: member.membership_number }]);
    }
    setText('');
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) setOpen(true);
      else setActive((i) => Math.min(options.length - 1, i + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(-1, i - 1));
    } else if (event.key === 'Enter') {
      // Enter chooses; it never submits the form from here.
      event.preventDefault();
      const member = options[active] ?? (options.length === 1 ? options[0] : undefined);
      if (open && member) choose(member);
      else setOpen(true);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  let status = '';
  if (full) status = `${plural(MAX_CHOSEN_MEMBERS, 'member', 'members')} chosen: that is the most one send can name.`;
  else if (open) {
    const settling = search !== typed || matches.isFetching;
    if (matches.isError) status = 'The members could not be searched. Please try again.';
    else if (matches.isPending || (settling && options.length === 0)) status = 'Searching members...';
    else if (options.length === 0) status = search ? `No active member matches “${search}”.` : 'No active members yet.';
    else if (options.length >= MEMBER_MATCHES) status = `The first ${String(MEMBER_MATCHES)} matches: type more of a name or membership number to narrow them.`;
    else status = `${plural(options.length, 'member matches', 'members match')}.`;
  }

  return (
    <div className="member-picker comm-members-picker">
      <FieldFrame label="Add members" hint="Search by name or membership number, then choose" error={error}>
        {(control) => (
          <input
            {...control}
            aria-describedby={[control['aria-describedby'], statusId].filter(Boolean).join(' ')}
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={open && options.length > 0}
            aria-controls={listId}
            aria-activedescendant={open && active >= 0 && options[active] ? `${listId}-${String(active)}` : undefined}
            disabled={full}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setOpen(true);
              setActive(-1);
            }}
            onClick={() => {
              setOpen(true);
            }}
            onBlur={() => {
              setOpen(false);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
          />
        )}
      </FieldFrame>
      <ul id={listId} role="listbox" aria-label="Members: matches" className="member-options" hidden={!open || options.length === 0}>
        {options.map((member, i) => (
          <li
            key={member.id}
            id={`${listId}-${String(i)}`}
            role="option"
            aria-selected={i === active}
            aria-disabled={chosenIds.has(member.id) || undefined}
            className={i === active ? 'member-option active' : 'member-option'}
            onMouseDown={(event) => {
              // Keep focus in the field, so it is not left (and closed) before the choice.
              event.preventDefault();
              choose(member);
            }}
            onMouseMove={() => {
              setActive(i);
            }}
          >
            <span className="member-option-name">
              {memberName(member)}
              {chosenIds.has(member.id) ? ' (chosen)' : ''}
            </span>
            {member.membership_number ? <span className="member-option-number">{member.membership_number}</span> : null}
          </li>
        ))}
      </ul>
      <p id={statusId} className="member-picker-status" aria-live="polite">
        {status}
      </p>
      {value.length > 0 ? (
        <div className="comm-chosen">
          <p className="comm-note">{plural(value.length, 'member chosen', 'members chosen')}</p>
          <ul className="comm-chosen-list" aria-label="Chosen members">
            {value.map((member) => (
              <li key={member.id} className="comm-chip">
                <span>{memberName(member)}</span>
                <button
                  type="button"
                  className="btn-link comm-chip-remove"
                  aria-label={`Remove ${memberName(member)}`}
                  onClick={() => {
                    onChange(value.filter((m) => m.id !== member.id));
                  }}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => {
              onChange([]);
            }}
          >
            Remove all
          </button>
        </div>
      ) : null}
    </div>
  );
}
