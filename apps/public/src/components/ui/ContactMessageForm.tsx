import { useId, useRef, type ReactNode, type SyntheticEvent } from 'react';
import { provide, t } from '../../i18n';
import type { FormEngine } from '../../lib/form';
import type { ContactValues } from './contact-message';
import { Honeypot, TextAreaField, TextField, useFocusOnRefusal } from './FormField';
import { contact as contactTexts } from '../../i18n/en/contact';

provide(contactTexts);

/**
 * The fields of every contact form (spec §3 "Contact message", §5): name, e-mail, optional
 * phone, subject and a message box of 5 rows. 'Sending...' while sent; a refusal shows the
 * spec's error panel (a failed send) or "Please check the highlighted fields." with each field's
 * message beside it (corrections), and keeps the values.
 */
export function ContactMessageForm({
  engine,
  className,
  labelledBy,
  children,
}: {
  engine: FormEngine<ContactValues>;
  className?: string;
  labelledBy?: string;
  /** Shown above the fields (a heading, the recipient, a notice). */
  children?: ReactNode;
}) {
  const { state, change, submit } = engine;
  const { values, errors, status } = state;
  const form = useRef<HTMLFormElement>(null);
  const id = useId();
  useFocusOnRefusal(form, state.refusals);
  // A refusal naming fields (checked here or by the server) asks for corrections; one naming
  // none is a failed send, shown with the spec's panel.
  const fieldRefusal = Object.keys(errors).length > 0;

  const input = (name: 'name' | 'email' | 'phone' | 'subject', label: string, type: string, autoComplete: string, required = true) => (
    <TextField
      id={`${id}-${name}`}
      label={label}
      error={errors[name]}
      type={type}
      name={name}
      autoComplete={autoComplete}
      required={required}
      value={values[name]}
      onValue={(value) => {
        change({ [name]: value });
      }}
    />
  );

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit();
  };

  return (
    <form ref={form} className={className} noValidate onSubmit={onSubmit} aria-labelledby={labelledBy}>
      {children}
      {status === 'error' && state.message ? (
        <div className="form-alert" role="alert" tabIndex={-1}>
          {fieldRefusal ? (
            // Issue 32: fields to fix are not a failed send — just what to check.
            <p>{state.message}</p>
          ) : (
            <>
              <h3>{t('contact.sendFailedTitle')}</h3>
              <p>{state.message}</p>
              {/* Spec §8 "Contact-a-leader send failure": after the heading and the error text. */}
              <p>{t('contact.sendFailedHelp')}</p>
            </>
          )}
        </div>
      ) : null}
      <fieldset className="form-fieldset" disabled={status === 'sending'}>
        <div className="form-row">
          {input('name', t('contact.fullName'), 'text', 'name')}
          {input('email', t('contact.emailAddress'), 'email', 'email')}
          {input('phone', t('contact.phoneNumber'), 'tel', 'tel', false)}
          {input('subject', t('contact.subject'), 'text', 'off')}
        </div>
        <TextAreaField
          id={`${id}-message`}
          label={t('contact.message')}
          error={errors.message}
          name="message"
          rows={5}
          required
          value={values.message}
          onValue={(message) => {
            change({ message });
          }}
        />
      </fieldset>
      <Honeypot
        value={values.website}
        onChange={(website) => {
          change({ website });
        }}
      />
      <div className="form-actions">
        <button type="submit" className="button" disabled={status === 'sending'}>
          {status === 'sending' ? t('contact.sending') : t('contact.sendMessage')}
        </button>
      </div>
    </form>
  );
}
