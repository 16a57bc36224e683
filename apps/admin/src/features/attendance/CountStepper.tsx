import { useId, useState } from 'react';
import { parseCount, STEPS, stepCount } from './attendance-rules';

interface Props {
  label: string;
  value: number;
  onChange: (value: number) => void;
  disabled?: boolean;
}

/** '−10', '−1', '+1', '+10' (a true minus sign: screen readers say "minus"). */
function stepLabel(step: number): string {
  return step < 0 ? `−${String(-step)}` : `+${String(step)}`;
}

/**
 * One counter (§2.9): −10, −1, +1 and +10 buttons around a number box. Typing is read as an
 * integer as it is typed (empty counts as 0, never below 0); leaving the box shows the number
 * that counts. The group is named by its legend, so each button reads "Children, +10".
 */
export function CountStepper({ label, value, onChange, disabled = false }: Props) {
  const legendId = useId();
  // What is being typed, until the box is left (so it can be emptied and retyped).
  const [draft, setDraft] = useState<string | null>(null);
  const button = (step: number) => (
    <button
      key={step}
      type="button"
      className="btn btn-secondary stepper-button"
      disabled={disabled}
      onClick={() => {
        setDraft(null);
        onChange(stepCount(value, step));
      }}
    >
      {stepLabel(step)}
    </button>
  );
  return (
    <fieldset className="stepper" disabled={disabled}>
      <legend id={legendId}>{label}</legend>
      <div className="stepper-controls">
        {STEPS.filter((step) => step < 0).map(button)}
        <input
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          aria-labelledby={legendId}
          value={draft ?? String(value)}
          onChange={(event) => {
            setDraft(event.target.value);
            onChange(parseCount(event.target.value));
          }}
          onBlur={() => {
            setDraft(null);
          }}
        />
        {STEPS.filter((step) => step > 0).map(button)}
      </div>
    </fieldset>
  );
}
