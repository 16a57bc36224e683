import { useId, type ComponentPropsWithRef } from 'react';

interface Props extends Omit<ComponentPropsWithRef<'input'>, 'id'> {
  label: string;
  /** Shown under the field and linked to it; marks the field invalid. */
  error?: string | undefined;
  /** A short help line under the label (e.g. "Separate tags with commas"). */
  hint?: string | undefined;
}

/** A labelled input with its own validation message. */
export function TextField({ label, error, hint, ...input }: Props) {
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
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
