import { useEffect, useRef, type InputHTMLAttributes, type ReactNode, type RefObject, type TextareaHTMLAttributes } from 'react';
import { t } from '../../i18n';
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

interface FieldProps {
  id: string;
  label: string;
  error?: string | undefined;
  required?: boolean;
  wide?: boolean;
  onValue: (value: string) => void;
}

/** A labelled native input (type, autocomplete and the rest passed on) with its message. */
export function TextField({
  id,
  label,
  error,
  wide = false,
  onValue,
  required = false,
  ...input
}: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'>) {
  return (
    <Field id={id} label={label} required={required} error={error} wide={wide}>
      <input
        {...input}
        {...controlProps(id, error)}
        required={required}
        onChange={(event) => {
          onValue(event.target.value);
        }}
      />
    </Field>
  );
}

/** A labelled text area with its message. */
export function TextAreaField({
  id,
  label,
  error,
  wide = false,
  onValue,
  required = false,
  ...textarea
}: FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'onChange'>) {
  return (
    <Field id={id} label={label} required={required} error={error} wide={wide}>
      <textarea
        {...textarea}
        {...controlProps(id, error)}
        required={required}
        onChange={(event) => {
          onValue(event.target.value);
        }}
      />
    </Field>
  );
}

/** A labelled native select of `options`; `prompt` adds an empty first choice ("Select…"). */
export function SelectField({
  id,
  label,
  error,
  wide = false,
  onValue,
  required = false,
  options,
  prompt,
  ...select
}: FieldProps & { options: { value: string; label: string }[]; prompt?: string; name: string; value: string }) {
  return (
    <Field id={id} label={label} required={required} error={error} wide={wide}>
      <select
        {...select}
        {...controlProps(id, error)}
        required={required}
        onChange={(event) => {
          onValue(event.target.value);
        }}
      >
        {prompt === undefined ? null : <option value="">{prompt}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
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
        {t('layout.honeypot')}
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
