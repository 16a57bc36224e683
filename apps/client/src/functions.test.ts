import { describe, expect, it, vi } from 'vitest';
import { createClient } from './client';
import type { ContactMessage, PaymentStatus, RequestSubmission } from './functions';
import { fakeFetch, json } from './test/fake-fetch';

function setup(answer?: Parameters<typeof fakeFetch>[0]) {
  const net = fakeFetch(answer ?? (() => json({ received: true, kind: 'message', delivery: 'queued' }, 201)));
  const kanisa = createClient('http://church.example', 'anon-key', { fetch: net.fetch, auth: { storage: null } });
  return { kanisa, ...net };
}

const submission: RequestSubmission = {
  category: 'prayer',
  anonymous: false,
  name: 'Ruth Atieno',
  email: 'ruth@example.org',
  subject: 'Healing',
  message: 'Please pray for my mother.',
  prayerType: 'health',
  attachments: [],
  website: '',
};

const contact: ContactMessage = {
  name: 'Ruth Atieno',
  email: 'ruth@example.org',
  phone: '',
  subject: 'Baptism class',
  message: 'When does the next class start?',
  recipientName: 'Pr. Grace Mwangi',
  recipientRole: 'Senior Pastor',
  department: '',
  website: '',
};

const pending: PaymentStatus = {
  id: 'pay/1 é',
  status: 'pending',
  resultCode: '1037',
  resultDesc: null,
  amount: 1000,
  givingType: 'tithe',
  reference: 'KANISA_TIT_1760000000000_AB12CD',
  receipt: null,
  provider: 'equity_bank',
  providerLabel: 'Equity Bank',
  simulated: true,
  completedAt: null,
};

describe('functions', () => {
  it('invoke POSTs the body as JSON to /functions/v1/{name} with the keys', async () => {
    const { kanisa, last } = setup(() => json({ ok: true }));
    const result = await kanisa.functions.invoke<{ ok: boolean }>('some-function', { body: { a: 1 } });
    expect(result).toEqual({ data: { ok: true }, error: null, status: 200 });
    const sent = last();
    expect(sent.method).toBe('POST');
    expect(sent.url.href).toBe('http://church.example/functions/v1/some-function');
    expect(sent.body).toEqual({ a: 1 });
    expect(sent.headers.get('content-type')).toBe('application/json');
    expect(sent.headers.get('apikey')).toBe('anon-key');
    expect(sent.headers.get('authorization')).toBe('Bearer anon-key');
  });

  it('invoke without a body is a GET', async () => {
    const { kanisa, last } = setup(() => json({ email: { live: false }, sms: { live: false }, payments: { live: true } }));
    const { data } = await kanisa.functions.serviceModes();
    expect(data).toEqual({ email: { live: false }, sms: { live: false }, payments: { live: true } });
    expect(last().method).toBe('GET');
    expect(last().url.pathname).toBe('/functions/v1/service-modes');
    expect(last().body).toBeUndefined();
  });

  it('submitRequest, contactMessage and sendMessage post to their endpoints', async () => {
    const { kanisa, sent } = setup();
    const receipt = await kanisa.functions.submitRequest(submission);
    expect(receipt).toEqual({ data: { received: true, kind: 'message', delivery: 'queued' }, error: null, status: 201 });
    await kanisa.functions.contactMessage(contact);
    await kanisa.functions.sendMessage('m-1');
    expect(sent.map((request) => [request.method, request.url.pathname, request.body])).toEqual([
      ['POST', '/functions/v1/submit-request', submission],
      ['POST', '/functions/v1/contact-message', contact],
      ['POST', '/functions/v1/send-message', { messageId: 'm-1' }],
    ]);
  });

  it('a refusal carries the per-field messages on the error', async () => {
    const { kanisa } = setup(() =>
      json(
        {
          code: 'validation_failed',
          message: 'Please check the highlighted fields.',
          fields: { email: 'Please enter a valid email address', prayerType: 'Please choose a prayer type', bad: 3 },
        },
        400,
      ),
    );
    const { data, error, status } = await kanisa.functions.submitRequest(submission);
    expect(data).toBeNull();
    expect(status).toBe(400);
    expect(error?.code).toBe('validation_failed');
    expect(error?.message).toBe('Please check the highlighted fields.');
    expect(error?.fields).toEqual({ email: 'Please enter a valid email address', prayerType: 'Please choose a prayer type' });
  });

  it('errors without fields have none, and no answer is a network error', async () => {
    const limited = setup(() => json({ code: 'too_many_submissions', message: 'Too many submissions. Try again later.' }, 429, { 'retry-after': '60' }));
    const { error } = await limited.kanisa.functions.contactMessage(contact);
    expect(error?.code).toBe('too_many_submissions');
    expect(error?.fields).toBeNull();

    const offline = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    const result = await offline.kanisa.functions.contactMessage(contact);
    expect(result.error?.code).toBe('network_error');
    expect(result.status).toBe(0);
  });

  it('passes an abort signal through', async () => {
    const { kanisa, fetch } = setup();
    const controller = new AbortController();
    await kanisa.functions.submitRequest(submission, controller.signal);
    expect(vi.mocked(fetch).mock.calls[0]?.[1]?.signal).toBe(controller.signal);
  });

  describe('payments', () => {
    it('create POSTs phone, whole amount and giving type to /functions/v1/payments and reads the 201 status', async () => {
      const { kanisa, last } = setup(() => json(pending, 201));
      const result = await kanisa.functions.payments.create({ phone: '0712345678', amount: 1000, givingType: 'tithe' });
      expect(result).toEqual({ data: pending, error: null, status: 201 });
      const sent = last();
      expect(sent.method).toBe('POST');
      expect(sent.url.href).toBe('http://church.example/functions/v1/payments');
      expect(sent.body).toEqual({ phone: '0712345678', amount: 1000, givingType: 'tithe' });
      expect(sent.headers.get('content-type')).toBe('application/json');
      expect(sent.headers.get('apikey')).toBe('anon-key');
    });

    it('get GETs /functions/v1/payments/{id} with the id encoded once, as one path segment', async () => {
      const completed: PaymentStatus = { ...pending, status: 'completed', resultCode: '0', receipt: 'QJK4X2', completedAt: '2025-06-01T10:00:00Z' };
      const { kanisa, last } = setup(() => json(completed));
      const { data, error, status } = await kanisa.functions.payments.get('pay/1 é');
      expect(error).toBeNull();
      expect(status).toBe(200);
      expect(data).toEqual(completed);
      expect(last().method).toBe('GET');
      expect(last().body).toBeUndefined();
      expect(last().url.pathname).toBe('/functions/v1/payments/pay%2F1%20%C3%A9');

      await kanisa.functions.payments.get('3f2a9c1e-0000-4000-8000-000000000001');
      expect(last().url.pathname).toBe('/functions/v1/payments/3f2a9c1e-0000-4000-8000-000000000001');
    });

    it('a refused payment carries the field messages; other refusals keep code and message', async () => {
      const invalid = setup(() =>
        json(
          {
            code: 'invalid_payment',
            message: 'Please enter a valid Kenyan phone number (e.g., 0712345678)',
            fields: { phone: 'Please enter a valid Kenyan phone number (e.g., 0712345678)', amount: 'Please enter a valid amount (minimum KES 1)' },
          },
          400,
        ),
      );
      const refused = await invalid.kanisa.functions.payments.create({ phone: '0812', amount: 0, givingType: 'offering' });
      expect(refused.data).toBeNull();
      expect(refused.status).toBe(400);
      expect(refused.error?.code).toBe('invalid_payment');
      expect(refused.error?.fields).toEqual({
        phone: 'Please enter a valid Kenyan phone number (e.g., 0712345678)',
        amount: 'Please enter a valid amount (minimum KES 1)',
      });

      for (const [status, code, message] of [
        [502, 'provider_unavailable', 'Equity Bank service temporarily unavailable. Please try again later.'],
        [403, 'giving_disabled', 'Online giving is turned off.'],
        [429, 'rate_limited', 'Too many payment requests. Please wait a minute.'],
      ] as const) {
        const { kanisa } = setup(() => json({ code, message }, status));
        const { error } = await kanisa.functions.payments.create({ phone: '0712345678', amount: 500, givingType: 'special' });
        expect([error?.status, error?.code, error?.message, error?.fields]).toEqual([status, code, message, null]);
      }

      const missing = setup(() => json({ code: 'not_found', message: 'Payment not found' }, 404));
      const { error } = await missing.kanisa.functions.payments.get('nope');
      expect([error?.status, error?.code, error?.message]).toEqual([404, 'not_found', 'Payment not found']);
    });

    it('passes an abort signal through', async () => {
      const { kanisa, fetch } = setup(() => json(pending, 201));
      const controller = new AbortController();
      await kanisa.functions.payments.create({ phone: '0712345678', amount: 1, givingType: 'tithe' }, controller.signal);
      await kanisa.functions.payments.get('p-1', controller.signal);
      expect(vi.mocked(fetch).mock.calls.map((call) => call[1]?.signal)).toEqual([controller.signal, controller.signal]);
    });
  });
});
