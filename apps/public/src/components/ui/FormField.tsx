import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import './form.css';

/** The wiring that ties a control to its label, hint and message (what a screen reader reads with it). */
export function controlProps(id: string, error: string | undefined, hint?: string) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined };
}

/** A labelled field: the label (with * when required), an optional hint, the control, its message. */
export function Field({
  id,
  label,
  required = false,
  hint,
  error,
  wide = false,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  error?: string | undefined;
  /** Spans both columns of a form row. */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={wide ? 'field field-wide' : 'field'}>
      <label htmlFor={id}>
        {label}
        {required ? ' *' : ''}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The honeypot: an input people never see or reach, named like a field bots love to fill.
 * The server refuses a submission that fills it.
 */
export function Honeypot({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="honeypot" aria-hidden="true">
      <label>
        Leave this field empty
        <input
          type="text"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
          }}
        />
      </label>
    </div>
  );
}

/**
 * After each refusal, focus goes to the first field to fix, or to the form's message when no
 * field is named, so a screen reader reads what went wrong.
 */
export function useFocusOnRefusal(form: RefObject<HTMLFormElement | null>, refusals: number): void {
  useEffect(() => {
    if (refusals === 0) return;
    const target = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? form.current?.querySelector<HTMLElement>('.form-alert');
    target?.focus();
  }, [form, refusals]);
}

/** Calls `callback` once `delayMs` after `active` turns true (a sent form closing its modal). */
export function useDelayedCall(active: boolean, callback: () => void, delayMs: number): void {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => {
    if (!active) return;
    const timer = window.setTimeout(() => {
      latest.current();
    }, delayMs);
    return () => {
      window.clearTimeout(timer);
    };
  }, [active, delayMs]);
}
