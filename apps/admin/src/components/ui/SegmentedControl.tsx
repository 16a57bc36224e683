import './ui.css';

interface Props<Value extends string> {
  /** The group's name for a screen reader ("Period"). */
  label: string;
  /** The choices in order, each a button. */
  options: readonly { value: Value; label: string }[];
  /** The chosen one: its button is primary and pressed. */
  value: Value;
  onChange: (next: Value) => void;
  /** The screen's class, for its place on the page (margins). */
  className?: string | undefined;
}

/**
 * One of a few choices as a row of buttons (e.g. a period: This Week … This Year): a group named
 * by `label`, the chosen button pressed (`aria-pressed`) and primary, the others secondary.
 */
export function SegmentedControl<Value extends string>({ label, options, value, onChange, className }: Props<Value>) {
  return (
    <div className={className ? `segmented ${className}` : 'segmented'} role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className={`btn btn-small ${option.value === value ? 'btn-primary' : 'btn-secondary'}`}
          aria-pressed={option.value === value}
          onClick={() => {
            onChange(option.value);
          }}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
