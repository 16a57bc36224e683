import { useId, type ReactNode } from 'react';
import './ui.css';

/** What the control inside a FieldFrame spreads onto itself: its id and its links to the hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface Props {
  label: string;
  /** A short help line under the label (e.g. "Separate tags with commas"). */
  hint?: string | undefined;
  /** Shown under the field and linked to it; marks the field invalid. */
  error?: string | undefined;
  /** Renders the control (input, textarea, select) with the props that tie it to the label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
}

/** The label, hint and validation message around one form control. */
export function FieldFrame({ label, hint, error, children }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <FieldNote id={hintId} kind="hint" text={hint} />
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined })}
      <FieldNote id={errorId} kind="error" text={error} />
    </div>
  );
}

/** A line under a field, linked to it by `id`: its hint or its error message; nothing without text. */
export function FieldNote({ id, kind, text }: { id: string; kind: 'hint' | 'error'; text: string | undefined }) {
  return text ? (
    <p id={id} className={`field-${kind}`}>
      {text}
    </p>
  ) : null;
}
