import './ui.css';

interface Props {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The visible label, the same in both states (e.g. "Published"). */
  label: string;
  /** Words only screen readers hear after the label ("Published: {title}"), to tell rows apart. */
  context?: string;
  disabled?: boolean;
}

/** An on/off switch (role switch, aria-checked), e.g. the publish toggle of a row. */
export function Switch({ checked, onChange, label, context, disabled = false }: Props) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={context ? `${label}: ${context}` : undefined}
      className="switch"
      disabled={disabled}
      onClick={() => {
        onChange(!checked);
      }}
    >
      <span className="switch-track" aria-hidden="true">
        <span className="switch-thumb" />
      </span>
      <span className="switch-label">{label}</span>
    </button>
  );
}
