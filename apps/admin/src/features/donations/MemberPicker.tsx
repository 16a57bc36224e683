import { MemberCombobox } from '../../components/ui/MemberCombobox';
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

/**
 * The member who gave a gift, chosen by searching active members on the server
 * (components/ui/MemberCombobox.tsx). The choice changes only when a member is chosen or the
 * choice is cleared; what was typed without choosing is put back when the field is left.
 */
export function MemberPicker({ label, value, onChange, hint, error, clearLabel }: Props) {
  return (
    <MemberCombobox
      label={label}
      hint={hint}
      error={error}
      placeholder="Search by name or membership number"
      chosen={value}
      choiceLabel={memberChoiceLabel}
      onChoose={onChange}
      clearLabel={clearLabel}
      onClear={() => {
        onChange(null);
      }}
    />
  );
}
