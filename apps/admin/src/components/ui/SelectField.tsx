import { useId, type ComponentPropsWithRef } from 'react';
import './ui.css';

export interface SelectOption {
  value: string;
  label: string;
}

interface Props extends Omit<ComponentPropsWithRef<'select'>, 'id' | 'children'> {
  label: string;
  options: readonly SelectOption[];
  error?: string | undefined;
  hint?: string | undefined;
}

/** A labelled drop-down list with its own validation message. */
export function SelectField({ label, options, error, hint, ...select }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy || undefined} {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
