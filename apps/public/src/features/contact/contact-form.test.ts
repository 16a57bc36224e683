import { describe, expect, it } from 'vitest';
import { emptyContactForm, validateContactForm } from './contact-form';

describe('validateContactForm', () => {
  it('requires name, email, subject and message, but not phone', () => {
    expect(Object.keys(validateContactForm(emptyContactForm)).sort()).toEqual(['email', 'message', 'name', 'subject']);
  });

  it('requires an e-mail-shaped address', () => {
    const values = { ...emptyContactForm, name: 'A', subject: 'S', message: 'M', email: 'not-an-email' };
    expect(validateContactForm(values)).toEqual({ email: 'Please enter a valid email address.' });
    expect(validateContactForm({ ...values, email: 'a@example.org' })).toEqual({});
  });
});
