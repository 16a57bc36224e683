import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { FieldFrame } from '../../components/ui/FieldFrame';
import { PICKER_LIMIT, useMemberSearch } from './api/search-members';
import { memberChoiceLabel, type MemberChoice } from './donation-rules';

interface Props {
  label: string;
  value: MemberChoice | null;
  onChange: (member: MemberChoice | null) => void;
  hint?: string | undefined;
  error?: string | undefined;
  /** The text of the button that clears the choice (e.g. 'Make anonymous'); none when absent. */
  clearLabel?: string | undefined;
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
 * A searchable member picker (an ARIA combobox): typing searches active members on the server
 * by name or membership number (the first 20 matches; a church may have thousands of members,
 * so the list is never loaded whole). Arrow keys move through the matches, Enter chooses,
 * Escape closes. The choice changes only when a member is chosen or the choice is cleared; what
 * was typed without choosing is put back when the field is left.
 */
export function MemberPicker({ label, value, onChange, hint, error, clearLabel }: Props) {
  const listId = useId();
  const statusId = useId();
  const chosenText = value ? memberChoiceLabel(value) : '';
  const [text, setText] = useState(chosenText);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The search is what was typed, unless the field still shows the chosen member.
  const typed = text === chosenText ? '' : text.trim();
  const search = useSettled(typed, SEARCH_DELAY_MS);
  const members = useMemberSearch(search, open);
  const options = open ? (members.data ?? []) : [];
  const settling = search !== typed || members.isFetching;

  // A choice made elsewhere shows in the field (state adjusted while rendering, not in an effect).
  const [shownChoice, setShownChoice] = useState(chosenText);
  if (shownChoice !== chosenText) {
    setShownChoice(chosenText);
    setText(chosenText);
  }

  const choose = (member: MemberChoice) => {
    onChange(member);
    setText(memberChoiceLabel(member));
    setOpen(false);
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
      // Enter chooses; it never submits the dialog's form from here.
      event.preventDefault();
      const member = options[active] ?? (options.length === 1 ? options[0] : undefined);
      if (open && member) choose(member);
      else setOpen(true);
    } else if (event.key === 'Escape' && open) {
      // Closes the list, not the dialog.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setText(chosenText);
    }
  };

  let status = '';
  if (open) {
    if (members.isError) status = 'The members could not be searched. Please try again.';
    else if (members.isPending || (settling && options.length === 0)) status = 'Searching members...';
    else if (options.length === 0) status = search ? `No active member matches “${search}”.` : 'No active members yet.';
    else if (options.length >= PICKER_LIMIT) status = `The first ${String(PICKER_LIMIT)} matches: type more of a name or membership number to narrow them.`;
    else status = `${String(options.length)} ${options.length === 1 ? 'member matches' : 'members match'}.`;
  }

  return (
    <div className="member-picker">
      <FieldFrame label={label} hint={hint} error={error}>
        {(control) => (
          <div className="member-picker-row">
            <input
              {...control}
              aria-describedby={[control['aria-describedby'], statusId].filter(Boolean).join(' ')}
              type="text"
              role="combobox"
              autoComplete="off"
              aria-autocomplete="list"
              aria-expanded={open}
              aria-controls={listId}
              aria-activedescendant={open && active >= 0 && options[active] ? `${listId}-${String(active)}` : undefined}
              placeholder="Search by name or membership number"
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
                setText(chosenText);
              }}
              onKeyDown={onKeyDown}
            />
            {value && clearLabel ? (
              <button
                type="button"
                className="btn btn-secondary btn-small"
                onClick={() => {
                  onChange(null);
                  setText('');
                }}
              >
                {clearLabel}
              </button>
            ) : null}
          </div>
        )}
      </FieldFrame>
      <ul id={listId} role="listbox" aria-label={`${label}: matches`} className="member-options" hidden={!open || options.length === 0}>
        {options.map((member, i) => (
          <li
            key={member.id}
            id={`${listId}-${String(i)}`}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'member-option active' : 'member-option'}
            onMouseDown={(event) => {
              // Keep focus in the field, so it is not left (and reset) before the choice.
              event.preventDefault();
              choose(member);
            }}
            onMouseMove={() => {
              setActive(i);
            }}
          >
            <span className="member-option-name">{`${member.first_name} ${member.last_name}`}</span>
            {member.membership_number ? <span className="member-option-number">{member.membership_number}</span> : null}
          </li>
        ))}
      </ul>
      <p id={statusId} className="member-picker-status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
