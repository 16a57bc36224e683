import { describe, expect, it, vi } from 'vitest';
import { createClient } from './client';
import type { ContactMessage, RequestSubmission } from './functions';
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
});
