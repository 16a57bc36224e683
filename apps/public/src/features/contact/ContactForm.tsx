import { useId, useState, type SyntheticEvent } from 'react';
import {
  CONTACT_THANK_YOU,
  emptyContactForm,
  validateContactForm,
  type ContactFormErrors,
  type ContactFormValues,
} from './contact-form';

/**
 * The contact page's message form. Storing the message and notifying staff comes with the
 * requests issue; until then sending shows the spec's alert and clears the form (§2, §8).
 */
export function ContactForm() {
  const [values, setValues] = useState<ContactFormValues>(emptyContactForm);
  const [errors, setErrors] = useState<ContactFormErrors>({});
  const id = useId();

  const field = (name: keyof ContactFormValues) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [name]: value }));
      if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  const error = (name: keyof ContactFormValues) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="field-error">
        {errors[name]}
      </p>
    ) : null;

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateContactForm(values);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    window.alert(CONTACT_THANK_YOU);
    setValues(emptyContactForm);
  };

  return (
    <form className="contact-form" noValidate onSubmit={onSubmit} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Send Us a Message</h2>
      <div className="form-row">
        <div className="field">
          <label htmlFor={`${id}-name`}>Full Name *</label>
          <input type="text" autoComplete="name" required {...field('name')} />
          {error('name')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-email`}>Email Address *</label>
          <input type="email" autoComplete="email" required {...field('email')} />
          {error('email')}
        </div>
      </div>
      <div className="form-row">
        <div className="field">
          <label htmlFor={`${id}-phone`}>Phone Number</label>
          <input type="tel" autoComplete="tel" {...field('phone')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-subject`}>Subject *</label>
          <input type="text" required {...field('subject')} />
          {error('subject')}
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-message`}>Message *</label>
        <textarea rows={5} required {...field('message')} />
        {error('message')}
      </div>
      <button type="submit" className="button">
        Send Message
      </button>
    </form>
  );
}
