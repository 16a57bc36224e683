import { MemberCombobox } from '../../components/ui/MemberCombobox';
import { MAX_CHOSEN_MEMBERS, memberName, plural, type ChosenMember } from './broadcast-rules';

interface Props {
  value: ChosenMember[];
  onChange: (members: ChosenMember[]) => void;
  error?: string | undefined;
}

/**
 * Members chosen one by one: a member search (components/ui/MemberCombobox.tsx) where Enter or a
 * click adds the member to the list below, where each can be removed again. Up to 500 members.
 */
export function MembersPicker({ value, onChange, error }: Props) {
  const chosenIds = new Set(value.map((m) => m.id));
  const full = value.length >= MAX_CHOSEN_MEMBERS;

  return (
    <div className="comm-members-picker">
      <MemberCombobox
        label="Add members"
        hint="Search by name or membership number, then choose"
        error={error}
        listLabel="Members: matches"
        taken={chosenIds}
        disabled={full}
        notice={full ? `${plural(MAX_CHOSEN_MEMBERS, 'member', 'members')} chosen: that is the most one send can name.` : undefined}
        onChoose={(member) => {
          if (!full) {
            onChange([...value, { id: member.id, first_name: member.first_name, last_name: member.last_name, membership_number: member.membership_number }]);
          }
        }}
      />
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
