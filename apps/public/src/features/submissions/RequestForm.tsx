import { useId, useRef, type SyntheticEvent } from 'react';
import { controlProps, Field, Honeypot, useDelayedCall, useFocusOnRefusal } from '../../components/ui/FormField';
import { useRequestForm } from './api/submit-request';
import type { CategoryInfo, FieldSpec } from './categories';
import { contactMethods } from './options';
import { fileProblem, type RequestValues } from './request-form';

/** Spec §9 "success modal 2.5 s". */
export const CLOSE_AFTER_SUCCESS_MS = 2500;

type Change = (values: Partial<RequestValues>) => void;

/** One category field, as the native control its kind asks for (disabled with its fieldset). */
function DetailControl({ spec, id, value, error, onChange }: {
  spec: FieldSpec;
  id: string;
  value: string;
  error: string | undefined;
  onChange: Change;
}) {
  const set = (next: string) => {
    onChange({ [spec.name]: next });
  };
  const common = { ...controlProps(id, error), name: spec.name, required: Boolean(spec.required) };

  if (spec.control === 'radio') {
    return (
      <fieldset className={spec.wide ? 'field field-wide' : 'field'}>
        <legend>{spec.label}</legend>
        {spec.options?.map((option) => (
          <label key={option.value} className="check-field">
            <input
              type="radio"
              name={spec.name}
              value={option.value}
              checked={value === option.value}
              onChange={() => {
                set(option.value);
              }}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
    );
  }

  let control;
  if (spec.control === 'select') {
    control = (
      <select {...common} value={value} onChange={(event) => { set(event.target.value); }}>
        {spec.required || !spec.options?.some((option) => option.value === value) ? <option value="">Select…</option> : null}
        {spec.options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else if (spec.control === 'textarea') {
    control = (
      <textarea
        {...common}
        rows={3}
        value={value}
        placeholder={spec.placeholder}
        autoComplete={spec.autoComplete}
        onChange={(event) => { set(event.target.value); }}
      />
    );
  } else {
    const numeric = spec.control === 'number';
    control = (
      <input
        {...common}
        type={spec.control}
        value={value}
        placeholder={spec.placeholder}
        autoComplete={spec.autoComplete ?? 'off'}
        inputMode={numeric ? 'numeric' : undefined}
        min={numeric ? 0 : undefined}
        step={numeric ? 1 : undefined}
        onChange={(event) => { set(event.target.value); }}
      />
    );
  }
  return (
    <Field id={id} label={spec.label} required={Boolean(spec.required)} error={error} wide={spec.wide ?? false}>
      {control}
    </Field>
  );
}

/**
 * The request form of one category (spec §2, §4, §5): the sender (or anonymous), the
 * category's fields, subject, message and files. 'Submitting...' while it is sent; on success
 * a green message, 'Submitted', and `onDone` after 2.5 s; on refusal the message, each field's
 * message beside it, and the values kept for a retry.
 */
export function RequestForm({ category, onCancel, onDone }: { category: CategoryInfo; onCancel: () => void; onDone: () => void }) {
  const { state, change, submit } = useRequestForm(category);
  const { values, errors, status } = state;
  const form = useRef<HTMLFormElement>(null);
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;
  const busy = status === 'sending' || status === 'success';
  useFocusOnRefusal(form, state.refusals);

  useDelayedCall(status === 'success', onDone, CLOSE_AFTER_SUCCESS_MS);

  const text = (
    name: 'name' | 'email' | 'phone' | 'subject',
    label: string,
    input: { type: string; autoComplete: string; required: boolean; placeholder?: string },
  ) => (
    <Field id={fieldId(name)} label={label} required={input.required} error={errors[name]}>
      <input
        {...controlProps(fieldId(name), errors[name])}
        {...input}
        name={name}
        disabled={values.anonymous && name !== 'subject'}
        value={values[name]}
        onChange={(event) => {
          change({ [name]: event.target.value });
        }}
      />
    </Field>
  );

  // A file too large or of the wrong kind is named as soon as it is chosen.
  const filesError = errors.attachments ?? (category.files ? fileProblem(values.attachments, category.files) : null) ?? undefined;

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit();
  };

  return (
    <form ref={form} className="request-form" noValidate onSubmit={onSubmit}>
      {status === 'success' ? (
        <div className="form-success" role="status">
          <p>
            <strong>Your {category.title.toLowerCase()} has been submitted successfully.</strong>
          </p>
          <p>{values.anonymous ? 'Thank you. Church leadership will attend to it.' : 'Thank you. We will respond within 24-48 hours.'}</p>
        </div>
      ) : null}
      {status === 'error' && state.message ? (
        <div className="form-alert" role="alert" tabIndex={-1}>
          <p>{state.message}</p>
        </div>
      ) : null}

      <fieldset className="form-fieldset" disabled={busy}>
        <legend>Your Details</legend>
        <label className="check-field">
          <input
            type="checkbox"
            name="anonymous"
            checked={values.anonymous}
            onChange={(event) => {
              change({ anonymous: event.target.checked });
            }}
          />
          Submit anonymously
        </label>
        <div className="form-row">
          {text('name', 'Full Name', { type: 'text', autoComplete: 'name', required: !values.anonymous })}
          {text('email', 'Email Address', { type: 'email', autoComplete: 'email', required: !values.anonymous })}
          {text('phone', 'Phone Number', { type: 'tel', autoComplete: 'tel', required: false })}
          {values.anonymous ? null : (
            <Field id={fieldId('preferredContactMethod')} label="Preferred Contact Method" error={errors.preferredContactMethod}>
              <select
                {...controlProps(fieldId('preferredContactMethod'), errors.preferredContactMethod)}
                name="preferredContactMethod"
                value={values.preferredContactMethod}
                onChange={(event) => {
                  change({ preferredContactMethod: event.target.value });
                }}
              >
                {contactMethods.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </Field>
          )}
        </div>
      </fieldset>

      <fieldset className="form-fieldset" disabled={busy}>
        <legend>{category.title} Details</legend>
        <div className="form-row">
          {category.fields.map((spec) => (
            <DetailControl
              key={spec.name}
              spec={spec}
              id={fieldId(spec.name)}
              value={values[spec.name]}
              error={errors[spec.name]}
              onChange={change}
            />
          ))}
        </div>
        {text('subject', 'Subject', { type: 'text', autoComplete: 'off', required: true, placeholder: category.subjectPlaceholder })}
        <Field id={fieldId('message')} label={category.messageLabel} required error={errors.message}>
          <textarea
            {...controlProps(fieldId('message'), errors.message)}
            name="message"
            rows={5}
            required
            placeholder={category.messagePlaceholder}
            value={values.message}
            onChange={(event) => {
              change({ message: event.target.value });
            }}
          />
        </Field>
        {category.files ? (
          <Field id={fieldId('attachments')} label={category.files.label} error={filesError}>
            <input
              {...controlProps(fieldId('attachments'), filesError)}
              type="file"
              name="attachments"
              multiple
              accept={category.files.accept}
              onChange={(event) => {
                change({ attachments: Array.from(event.target.files ?? []) });
              }}
            />
          </Field>
        ) : null}
      </fieldset>
      <Honeypot
        value={values.website}
        onChange={(website) => {
          change({ website });
        }}
      />

      <div className="form-actions">
        <button type="button" className="button button-outline" disabled={status === 'sending'} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button" disabled={busy}>
          {status === 'sending' ? 'Submitting...' : status === 'success' ? 'Submitted' : 'Submit Request'}
        </button>
      </div>
    </form>
  );
}
