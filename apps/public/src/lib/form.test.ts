import { KanisaError } from '@kanisa/client';
import { describe, expect, it } from 'vitest';
import { inKiswahili } from '../test/kiswahili';
import { phoneCases } from '../test/phone-cases';
import { checkContact, checkFieldsMessage, isContactPhone, formReducer, initialFormState, isEmail, refusalOf, type FieldErrors } from './form';

const CHECK_FIELDS = 'Please check the highlighted fields.';

const start = initialFormState({ name: '', email: '' });

describe('formReducer (spec §4: idle, sending, success, error)', () => {
  it('goes idle → sending → success, and then ignores edits', () => {
    const edited = formReducer(start, { type: 'change', values: { name: 'Ruth' } });
    expect(edited).toMatchObject({ status: 'idle', values: { name: 'Ruth', email: '' } });
    const sending = formReducer(edited, { type: 'send' });
    expect(sending.status).toBe('sending');
    expect(formReducer(sending, { type: 'change', values: { name: 'X' } })).toBe(sending);
    const sent = formReducer(sending, { type: 'sent' });
    expect(sent.status).toBe('success');
    expect(formReducer(sent, { type: 'change', values: { name: 'X' } })).toBe(sent);
  });

  it('a refusal keeps the values, shows the message and field messages, and counts', () => {
    const sending = formReducer(formReducer(start, { type: 'change', values: { name: 'Ruth', email: 'bad' } }), { type: 'send' });
    const refused = formReducer(sending, { type: 'refused', message: CHECK_FIELDS, errors: { email: 'Please enter a valid email address' } });
    expect(refused).toMatchObject({
      status: 'error',
      message: CHECK_FIELDS,
      errors: { email: 'Please enter a valid email address' },
      values: { name: 'Ruth', email: 'bad' },
      refusals: 1,
    });
    // Editing a field clears its own message only; sending again clears them all.
    const fixed = formReducer(refused, { type: 'change', values: { email: 'ruth@example.org' } });
    expect(fixed.errors).toEqual({});
    expect(fixed.message).toBe(CHECK_FIELDS);
    expect(formReducer(fixed, { type: 'send' })).toMatchObject({ status: 'sending', message: null, errors: {} });
  });

  it('sent with reset starts over, idle, counting the send', () => {
    const filled = formReducer(start, { type: 'change', values: { name: 'Ruth' } });
    const sent = formReducer(formReducer(filled, { type: 'send' }), { type: 'sent', reset: { name: '', email: '' } });
    expect(sent).toEqual({ ...start, sent: 1 });
  });
});

describe('checks', () => {
  it.each([
    ['ruth@example.org', true],
    ['r.atieno+church@mail.example.co.ke', true],
    ['ruth@example', false],
    ['ruth example.org', false],
    ['ruth@@example.org', false],
    ['ruth@example.org.', false],
  ])('isEmail(%s) is %s', (value, expected) => {
    expect(isEmail(value)).toBe(expected);
  });

  it('checkContact: name and e-mail required, e-mail shaped, phone optional but phone-shaped', () => {
    const errors: FieldErrors = {};
    checkContact(errors, { name: ' ', email: '', phone: '' }, 'Please enter your name');
    expect(errors).toEqual({ name: 'Please enter your name', email: 'Please enter your email address' });
    const more: FieldErrors = {};
    checkContact(more, { name: 'Ruth', email: 'ruth@', phone: 'call me' }, 'Please enter your name');
    expect(more).toEqual({
      email: 'Please enter a valid email address',
      phone: 'Please enter a valid phone number (e.g., 0712 345 678)',
    });
    const fine: FieldErrors = {};
    checkContact(fine, { name: 'Ruth', email: 'ruth@example.org', phone: '+254 712-345 678' }, 'x');
    expect(fine).toEqual({});
  });
});

describe('isContactPhone (the forms\' optional phone, as the server\'s forms take it)', () => {
  it('takes every Kenyan mobile number of the shared phone table, in any spelling the server reads', () => {
    for (const { input, msisdn } of phoneCases) {
      if (msisdn) expect(isContactPhone(input), JSON.stringify(input)).toBe(true);
    }
    expect(isContactPhone('(0712) 345.678')).toBe(true);
  });

  it('takes another number of 7 to 15 digits, written with digits, +, spaces, hyphens, dots and brackets; blank is no number', () => {
    for (const phone of ['+44 20 7946 0958', '020 2345678', '(020) 234-5678', '+1.415.555.0100', '1234567', '', '   ']) {
      expect(isContactPhone(phone), phone).toBe(true);
    }
    for (const phone of ['call me', '123456', '1234567890123456', '0712 345 67a', '0712_345_678', '07\u00a012345678', '0712345678/0722111222', '\uff10712345678']) {
      expect(isContactPhone(phone), JSON.stringify(phone)).toBe(false);
    }
  });
});

describe('refusalOf', () => {
  it("takes the server's message and field messages", () => {
    const error = new KanisaError({ code: 'validation_failed', message: CHECK_FIELDS, status: 400, fields: { email: 'Bad' } });
    expect(refusalOf(error, 'Fallback')).toEqual({ message: CHECK_FIELDS, errors: { email: 'Bad' } });
  });

  it('falls back when the answer had no message of its own, or was no KanisaError', () => {
    expect(refusalOf(KanisaError.fromResponseBody(502, null), 'Fallback')).toEqual({ message: 'Fallback', errors: {} });
    expect(refusalOf(new Error('boom'), 'Fallback')).toEqual({ message: 'Fallback', errors: {} });
    expect(refusalOf(KanisaError.network(new TypeError('offline')), 'Fallback').message).toMatch(/Could not reach the server/);
  });
});

describe('in Kiswahili', () => {

  it("says the form's own messages in Kiswahili, and the server's as the server wrote them", async () => {
    await inKiswahili();
    expect(checkFieldsMessage()).toBe('Tafadhali angalia sehemu zilizowekwa alama.');
    const errors: FieldErrors = {};
    checkContact(errors, { name: '', email: 'ruth@', phone: 'call me' }, 'Tafadhali weka jina lako');
    expect(errors).toEqual({
      name: 'Tafadhali weka jina lako',
      email: 'Tafadhali weka barua pepe sahihi',
      phone: 'Tafadhali weka namba sahihi ya simu (mfano, 0712 345 678)',
    });
    expect(refusalOf(KanisaError.network(new TypeError('offline')), 'x').message).toMatch(/^Imeshindwa kufikia seva/);
    const server = new KanisaError({ code: 'validation_failed', message: 'Please check the highlighted fields.', status: 400 });
    expect(refusalOf(server, 'x').message).toBe('Please check the highlighted fields.');
  });
});
