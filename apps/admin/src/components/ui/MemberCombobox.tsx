import { useKanisa } from '@kanisa/client/react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { MEMBER_MATCHES, memberSearchQuery, type MemberMatch } from '../../lib/member-search';
import { useSettled } from '../../lib/use-settled';
import './member-combobox.css';
import { FieldFrame } from './FieldFrame';

/** A member as a picker holds it once chosen. */
export type MemberComboboxChoice = Pick<MemberMatch, 'id' | 'first_name' | 'last_name' | 'membership_number'>;

interface Props {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  placeholder?: string | undefined;
  /** A member was chosen: Enter on the highlighted (or only) match, or a click on one. */
  onChoose: (member: MemberMatch) => void;
  /**
   * Single choice: how a chosen member reads in the field (e.g. 'Mary Wanjiru (M-001)'). A choice
   * then stays in the field and closes the list, and leaving the field or Escape puts `chosen`
   * back. Without it the field only adds: a choice empties it for the next search, the list stays
   * open, and leaving the field keeps what was typed.
   */
  choiceLabel?: ((member: MemberComboboxChoice) => string) | undefined;
  /** Single choice: the member chosen now (shown in the field by `choiceLabel`). */
  chosen?: MemberComboboxChoice | null | undefined;
  /** Single choice: the text of a button beside the field that clears the choice; with `onClear`. */
  clearLabel?: string | undefined;
  onClear?: (() => void) | undefined;
  /** Members offered but already taken: marked '(chosen)' and not chosen again. */
  taken?: ReadonlySet<string> | undefined;
  disabled?: boolean | undefined;
  /** Shown in place of the search's status while given (e.g. why nothing more can be chosen). */
  notice?: string | undefined;
  /** The list of matches' name for screen readers; `<label>: matches` unless given. */
  listLabel?: string | undefined;
  /** More classes on the wrapper (which is always `member-picker`). */
  className?: string | undefined;
}

/** The search typed settles for this long before the server is asked. */
export const MEMBER_SEARCH_DELAY_MS = 250;

/**
 * A searchable member field (an ARIA combobox, lib/member-search.ts): typing searches active
 * members on the server by name or membership number (the first 20 matches; a church may have
 * thousands of members, so the list is never loaded whole). Arrow keys move through the matches,
 * Enter chooses, Escape closes the list (and nothing around it, such as a dialog). What happens
 * to the field after a choice is the picker's: see `choiceLabel`.
 */
export function MemberCombobox({
  label,
  hint,
  error,
  placeholder,
  onChoose,
  choiceLabel,
  chosen,
  clearLabel,
  onClear,
  taken,
  disabled,
  notice,
  listLabel,
  className,
}: Props) {
  const client = useKanisa();
  const listId = useId();
  const statusId = useId();
  const single = choiceLabel !== undefined;
  const chosenText = single && chosen ? choiceLabel(chosen) : '';
  const [text, setText] = useState(chosenText);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The search is what was typed, unless the field still shows the chosen member.
  const typed = text === chosenText ? '' : text.trim();
  const search = useSettled(typed, MEMBER_SEARCH_DELAY_MS);
  const matches = useQuery({ ...memberSearchQuery(client, search, true), enabled: open });
  const options = open ? (matches.data?.members ?? []) : [];
  const settling = search !== typed || matches.isFetching;
  const expanded = open && options.length > 0;

  // A choice made elsewhere shows in the field (state adjusted while rendering, not in an effect).
  const [shownChoice, setShownChoice] = useState(chosenText);
  if (shownChoice !== chosenText) {
    setShownChoice(chosenText);
    setText(chosenText);
  }

  const choose = (member: MemberMatch) => {
    if (!taken?.has(member.id)) onChoose(member);
    if (single) {
      setText(choiceLabel(member));
      setOpen(false);
    } else {
      setText('');
    }
    setActive(-1);
  };

  /** Closes the list; a single choice shows the chosen member again. */
  const close = () => {
    setOpen(false);
    if (single) setText(chosenText);
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
      // Enter chooses; it never submits the surrounding form from here.
      event.preventDefault();
      const member = options[active] ?? (options.length === 1 ? options[0] : undefined);
      if (open && member) choose(member);
      else setOpen(true);
    } else if (event.key === 'Escape' && open) {
      // Closes the list, not the dialog.
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  };

  let status = '';
  if (notice) status = notice;
  else if (open) {
    if (matches.isError) status = 'The members could not be searched. Please try again.';
    else if (matches.isPending || (settling && options.length === 0)) status = 'Searching members...';
    else if (options.length === 0) status = search ? `No active member matches “${search}”.` : 'No active members yet.';
    else if (options.length >= MEMBER_MATCHES) status = `The first ${String(MEMBER_MATCHES)} matches: type more of a name or membership number to narrow them.`;
    else status = `${String(options.length)} ${options.length === 1 ? 'member matches' : 'members match'}.`;
  }

  return (
    <div className={className ? `member-picker ${className}` : 'member-picker'}>
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
              aria-expanded={expanded}
              aria-controls={listId}
              aria-activedescendant={open && active >= 0 && options[active] ? `${listId}-${String(active)}` : undefined}
              placeholder={placeholder}
              disabled={disabled}
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
                close();
                setActive(-1);
              }}
              onKeyDown={onKeyDown}
            />
            {single && chosen && clearLabel && onClear ? (
              <button
                type="button"
                className="btn btn-secondary btn-small"
                onClick={() => {
                  onClear();
                  setText('');
                }}
              >
                {clearLabel}
              </button>
            ) : null}
          </div>
        )}
      </FieldFrame>
      <ul id={listId} role="listbox" aria-label={listLabel ?? `${label}: matches`} className="member-options" hidden={!expanded}>
        {options.map((member, i) => {
          const isTaken = taken?.has(member.id) === true;
          return (
            <li
              key={member.id}
              id={`${listId}-${String(i)}`}
              role="option"
              aria-selected={i === active}
              aria-disabled={isTaken || undefined}
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
              <span className="member-option-name">
                {`${member.first_name} ${member.last_name}`.trim()}
                {isTaken ? ' (chosen)' : ''}
              </span>
              {member.membership_number ? <span className="member-option-number">{member.membership_number}</span> : null}
            </li>
          );
        })}
      </ul>
      <p id={statusId} className="member-picker-status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
