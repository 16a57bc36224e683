import { useId, useRef, type SyntheticEvent } from 'react';
import { controlProps, Field, Honeypot, SelectField, TextAreaField, TextField, useDelayedCall, useFocusOnRefusal } from '../../components/ui/FormField';
import { SuccessNotice } from '../../components/ui/SuccessNotice';
import { useQueuedResult } from '../../lib/outbox';
import { provide, t } from '../../i18n';
import { useRequestForm } from './api/submit-request';
import type { CategoryInfo, FieldSpec } from './categories';
import { contactMethods, optionsIn } from './options';
import { fileProblem, type RequestValues } from './request-form';
import { submissions as submissionsTexts } from '../../i18n/en/submissions';

provide(submissionsTexts);

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
  if (spec.control === 'radio') {
    return (
      <fieldset className={spec.wide ? 'field field-wide' : 'field'}>
        <legend>{t(spec.label)}</legend>
        {optionsIn(spec.options ?? []).map((option) => (
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

  const field = { id, label: t(spec.label), error, name: spec.name, required: Boolean(spec.required), wide: spec.wide ?? false, value };
  const placeholder = spec.placeholder ? t(spec.placeholder) : undefined;
  if (spec.control === 'textarea') {
    return <TextAreaField {...field} rows={3} placeholder={placeholder} autoComplete={spec.autoComplete} onValue={set} />;
  }
  if (spec.control === 'select') {
    const options = optionsIn(spec.options ?? []);
    // A required choice, or one without a default, starts empty.
    const prompt = spec.required || !options.some((option) => option.value === value) ? t('submissions.selectPrompt') : undefined;
    return <SelectField {...field} options={options} prompt={prompt} onValue={set} />;
  }
  const numeric = spec.control === 'number';
  return (
    <TextField
      {...field}
      type={spec.control}
      placeholder={placeholder}
      autoComplete={spec.autoComplete ?? 'off'}
      inputMode={numeric ? 'numeric' : undefined}
      min={numeric ? 0 : undefined}
      step={numeric ? 1 : undefined}
      onValue={set}
    />
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

  // A form kept on the phone (no network) stays open with its message until the visitor closes
  // it, or until it has gone out (issue 32): then it says so, as a form sent at once does.
  const later = useQueuedResult(status === 'success' && state.queued ? state.queuedKey : null);
  const queued = status === 'success' && state.queued && later === null;
  const refusedLater = later?.status === 'refused' ? later : null;
  useDelayedCall(status === 'success' && !queued && !refusedLater, onDone, CLOSE_AFTER_SUCCESS_MS);

  // Anonymous: name, e-mail and phone are disabled, and their messages no longer apply.
  const text = (
    name: 'name' | 'email' | 'phone' | 'subject',
    label: string,
    input: { type: string; autoComplete: string; required: boolean; placeholder?: string },
  ) => {
    const off = values.anonymous && name !== 'subject';
    return (
      <TextField
        {...input}
        id={fieldId(name)}
        label={label}
        error={off ? undefined : errors[name]}
        name={name}
        disabled={off}
        value={values[name]}
        onValue={(value) => {
          change({ [name]: value });
        }}
      />
    );
  };

  // A file too large or of the wrong kind is named as soon as it is chosen.
  const filesError = errors.attachments ?? (category.files ? fileProblem(values.attachments, category.files) : null) ?? undefined;

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit();
  };

  return (
    <form ref={form} className="request-form" noValidate onSubmit={onSubmit}>
      {queued ? (
        <SuccessNotice>
          <p>
            <strong>{t('forms.savedOnPhone')}</strong>
          </p>
        </SuccessNotice>
      ) : refusedLater ? (
        <div className="form-alert" role="alert">
          <p>{t('layout.savedFormRefused', { label: refusedLater.label, message: refusedLater.message ?? '' }).trim()}</p>
        </div>
      ) : status === 'success' ? (
        <SuccessNotice>
          <p>
            <strong>{t(category.sent)}</strong>
          </p>
          <p>{values.anonymous ? t('submissions.thanksAnonymous') : t('submissions.thanksNamed')}</p>
        </SuccessNotice>
      ) : null}
      {status === 'error' && state.message ? (
        <div className="form-alert" role="alert" tabIndex={-1}>
          <p>{state.message}</p>
        </div>
      ) : null}

      <fieldset className="form-fieldset" disabled={busy}>
        <legend>{t('submissions.yourDetails')}</legend>
        <label className="check-field">
          <input
            type="checkbox"
            name="anonymous"
            checked={values.anonymous}
            onChange={(event) => {
              change({ anonymous: event.target.checked });
            }}
          />
          {t('submissions.anonymous')}
        </label>
        <div className="form-row">
          {text('name', t('submissions.fullName'), { type: 'text', autoComplete: 'name', required: !values.anonymous })}
          {text('email', t('submissions.email'), { type: 'email', autoComplete: 'email', required: !values.anonymous })}
          {text('phone', t('submissions.phone'), { type: 'tel', autoComplete: 'tel', required: false })}
          {values.anonymous ? null : (
            <SelectField
              id={fieldId('preferredContactMethod')}
              label={t('submissions.contactMethod')}
              error={errors.preferredContactMethod}
              name="preferredContactMethod"
              options={optionsIn(contactMethods)}
              value={values.preferredContactMethod}
              onValue={(preferredContactMethod) => {
                change({ preferredContactMethod });
              }}
            />
          )}
        </div>
      </fieldset>

      <fieldset className="form-fieldset" disabled={busy}>
        <legend>{t('submissions.categoryDetails', { title: t(category.title) })}</legend>
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
        {text('subject', t('submissions.subject'), { type: 'text', autoComplete: 'off', required: true, placeholder: t(category.subjectPlaceholder) })}
        <TextAreaField
          id={fieldId('message')}
          label={t(category.messageLabel)}
          error={errors.message}
          name="message"
          rows={5}
          required
          placeholder={t(category.messagePlaceholder)}
          value={values.message}
          onValue={(message) => {
            change({ message });
          }}
        />
        {category.files ? (
          <Field id={fieldId('attachments')} label={t(category.files.label)} error={filesError}>
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
        <button type="button" className="button button-outline" disabled={status === 'sending'} onClick={queued || refusedLater ? onDone : onCancel}>
          {queued || refusedLater ? t('submissions.done') : t('submissions.cancel')}
        </button>
        <button type="submit" className="button" disabled={busy}>
          {status === 'sending'
            ? t('submissions.submitting')
            : queued
              ? t('submissions.saved')
              : status === 'success'
                ? t('submissions.submitted')
                : t('submissions.submit')}
        </button>
      </div>
    </form>
  );
}
