import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inKiswahili } from '../test/kiswahili';
import { json, stubApi } from '../test/api';
import { siteData } from '../test/site-data';
import { deliver, flushQueued, sendQueued } from './deliver';
import { enqueue, flushOutbox, OUTBOX_KEY, queuedForms, RETRY_EVERY_MS, watchOutbox, type OutboxItem, type SendOutcome } from './outbox';

function item(key: string, label = 'prayer request'): OutboxItem {
  return {
    key,
    endpoint: 'submit-request',
    body: { category: 'prayer', subject: `Subject ${key}`, idempotencyKey: key },
    label,
    queuedAt: '2026-03-07T08:00:00.000Z',
  };
}

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
}

const stored = (kind: 'message' | 'prayer_request' = 'prayer_request', extra: Record<string, unknown> = {}) =>
  json({ received: true, kind, delivery: 'queued', ...extra }, 201);

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  localStorage.clear();
});

describe('the outbox queue', () => {
  it('is kept in localStorage (a reload loses nothing), oldest first, one entry per key', () => {
    enqueue(item('key-one-1'));
    enqueue(item('key-two-2'));
    enqueue({ ...item('key-one-1'), label: 'again' });
    const raw = localStorage.getItem(OUTBOX_KEY);
    expect(raw).not.toBeNull();
    expect((JSON.parse(raw ?? '[]') as OutboxItem[]).map((queued) => queued.key)).toEqual(['key-two-2', 'key-one-1']);
    expect(queuedForms().map((queued) => queued.label)).toEqual(['prayer request', 'again']);
  });

  it('ignores what it cannot read', () => {
    localStorage.setItem(OUTBOX_KEY, '{not json');
    expect(queuedForms()).toEqual([]);
    localStorage.setItem(OUTBOX_KEY, JSON.stringify([{ key: 1 }, item('key-good-1')]));
    expect(queuedForms().map((queued) => queued.key)).toEqual(['key-good-1']);
  });

  it('sends in the order queued and drops each form once delivered (201) or refused (400)', async () => {
    enqueue(item('key-aaa-1', 'prayer request'));
    enqueue(item('key-bbb-2', 'message to the church office'));
    enqueue(item('key-ccc-3', 'visitation request'));
    const order: string[] = [];
    const outcomes: Record<string, SendOutcome> = {
      'key-aaa-1': { status: 'sent' },
      'key-bbb-2': { status: 'refused', message: 'Please enter a subject' },
      'key-ccc-3': { status: 'sent' },
    };
    const results = await flushOutbox((queued) => {
      order.push(queued.key);
      return Promise.resolve(outcomes[queued.key] ?? { status: 'retry' });
    });
    expect(order).toEqual(['key-aaa-1', 'key-bbb-2', 'key-ccc-3']);
    expect(results).toEqual([
      { key: 'key-aaa-1', label: 'prayer request', status: 'sent' },
      { key: 'key-bbb-2', label: 'message to the church office', status: 'refused', message: 'Please enter a subject' },
      { key: 'key-ccc-3', label: 'visitation request', status: 'sent' },
    ]);
    expect(queuedForms()).toEqual([]);
    expect(localStorage.getItem(OUTBOX_KEY)).toBeNull();
  });

  it('keeps a form on a network error or a server error, stops there, and keeps the order', async () => {
    enqueue(item('key-aaa-1'));
    enqueue(item('key-bbb-2'));
    const order: string[] = [];
    const results = await flushOutbox((queued) => {
      order.push(queued.key);
      return Promise.resolve({ status: 'retry' });
    });
    expect(results).toEqual([]);
    expect(order).toEqual(['key-aaa-1']);
    expect(queuedForms().map((queued) => queued.key)).toEqual(['key-aaa-1', 'key-bbb-2']);

    // A sender that throws counts as "try again later" too.
    await flushOutbox(() => Promise.reject(new Error('offline')));
    expect(queuedForms()).toHaveLength(2);
  });

  it('runs one flush at a time: a second call while one runs sends nothing twice', async () => {
    enqueue(item('key-aaa-1'));
    let release: () => void = () => undefined;
    const send = vi.fn(() => new Promise<SendOutcome>((resolve) => {
      release = () => {
        resolve({ status: 'sent' });
      };
    }));
    const first = flushOutbox(send);
    const second = flushOutbox(send);
    await Promise.resolve();
    release();
    expect(await first).toEqual(await second);
    expect(send).toHaveBeenCalledTimes(1);
  });
});

describe('deliver and sendQueued over the API', () => {
  const body = (key: string) => ({ category: 'prayer', subject: 'Healing', message: 'Pray for my mother', idempotencyKey: key });

  it('online: sends the form with its key and does not queue it', async () => {
    setOnline(true);
    const sent = stubApi({ 'POST /functions/v1/submit-request': () => stored() });
    const result = await deliver(siteData().client, 'submit-request', body('key-online-1'), 'prayer request');
    expect(result).toEqual({ queued: false, receipt: { received: true, kind: 'prayer_request', delivery: 'queued' } });
    expect(sent.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([body('key-online-1')]);
    expect(queuedForms()).toEqual([]);
  });

  it('offline (navigator.onLine false): queues the form without trying the network', async () => {
    setOnline(false);
    const sent = stubApi();
    expect(await deliver(siteData().client, 'submit-request', body('key-offline-1'), 'prayer request')).toEqual({ queued: true });
    expect(sent).toEqual([]);
    expect(queuedForms()).toMatchObject([{ key: 'key-offline-1', endpoint: 'submit-request', body: body('key-offline-1'), label: 'prayer request' }]);
  });

  it('a network error (no answer) queues the form; an answer, even a 5xx, does not', async () => {
    setOnline(true);
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    expect(await deliver(siteData().client, 'contact-message', body('key-lost-11'), 'message to the church office')).toEqual({ queued: true });
    expect(queuedForms().map((queued) => queued.key)).toEqual(['key-lost-11']);

    stubApi({ 'POST /functions/v1/contact-message': () => json({ code: 'unavailable', message: 'Try later' }, 503) });
    await expect(deliver(siteData().client, 'contact-message', body('key-5xx-222'), 'message')).rejects.toMatchObject({ status: 503 });
    expect(queuedForms().map((queued) => queued.key)).toEqual(['key-lost-11']);
  });

  it('a queued form is retried with the same key until the server answers 201, even a duplicate', async () => {
    setOnline(true);
    enqueue({ ...item('key-retry-1'), body: body('key-retry-1') });
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    expect(await flushQueued()).toEqual([]);
    expect(queuedForms()).toHaveLength(1);

    const sent = stubApi({ 'POST /functions/v1/submit-request': () => json({ code: 'unavailable', message: 'Down' }, 502) });
    expect(await flushQueued()).toEqual([]);
    expect(queuedForms()).toHaveLength(1);

    stubApi({ 'POST /functions/v1/submit-request': () => stored('prayer_request', { duplicate: true }) });
    expect(await flushQueued()).toEqual([{ key: 'key-retry-1', label: 'prayer request', status: 'sent' }]);
    expect(queuedForms()).toEqual([]);
    expect(sent.map((request) => (request.body as { idempotencyKey: string }).idempotencyKey)).toEqual(['key-retry-1']);
  });

  it('is tried again without waiting for an online event: when the page is shown again and every RETRY_EVERY_MS (issue 32)', async () => {
    setOnline(true);
    enqueue({ ...item('key-watch-1'), body: body('key-watch-1') });
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    vi.useFakeTimers();
    const stop = watchOutbox();
    try {
      await vi.waitFor(() => {
        expect(vi.mocked(fetch)).toHaveBeenCalledTimes(1);
      });
      // The connection is back, but the browser fires no online event.
      const sent = stubApi({ 'POST /functions/v1/submit-request': () => stored() });
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.waitFor(() => {
        expect(queuedForms()).toEqual([]);
      });
      expect(sent).toHaveLength(1);

      enqueue({ ...item('key-watch-2'), body: body('key-watch-2') });
      await vi.advanceTimersByTimeAsync(RETRY_EVERY_MS);
      await vi.waitFor(() => {
        expect(queuedForms()).toEqual([]);
      });
      expect(sent.map((request) => (request.body as { idempotencyKey: string }).idempotencyKey)).toEqual(['key-watch-1', 'key-watch-2']);
    } finally {
      stop();
      vi.useRealTimers();
    }
  });

  it('every try of a queued form carries the same key', async () => {
    setOnline(true);
    enqueue({ ...item('key-same-1'), body: body('key-same-1') });
    const keys: unknown[] = [];
    let tries = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
        keys.push((JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as { idempotencyKey: unknown }).idempotencyKey);
        tries += 1;
        return Promise.resolve(tries < 3 ? json({ message: 'busy' }, 500) : json({ received: true, kind: 'prayer_request', delivery: 'queued' }, 201));
      }),
    );
    for (let i = 0; i < 3; i += 1) await flushQueued();
    expect(keys).toEqual(['key-same-1', 'key-same-1', 'key-same-1']);
    expect(queuedForms()).toEqual([]);
  });

  it('a 400 drops the form and reports the server’s field messages, or its message', async () => {
    setOnline(true);
    stubApi({
      'POST /functions/v1/submit-request': () =>
        json({ code: 'invalid_submission', message: 'Please check the highlighted fields.', fields: { subject: 'Please enter a subject' } }, 400),
      'POST /functions/v1/contact-message': () => json({ code: 'invalid_submission', message: 'That e-mail address cannot receive mail.' }, 400),
    });
    expect(await sendQueued(siteData().client, { ...item('key-bad-1'), body: body('key-bad-1') })).toEqual({ status: 'refused', message: 'Please enter a subject' });
    expect(await sendQueued(siteData().client, { ...item('key-bad-2'), endpoint: 'contact-message' })).toEqual({
      status: 'refused',
      message: 'That e-mail address cannot receive mail.',
    });
  });

  it('anything but 2xx and 400 is tried again later (429, 5xx, no answer)', async () => {
    setOnline(true);
    stubApi({ 'POST /functions/v1/submit-request': () => json({ code: 'too_many_submissions', message: 'Slow down' }, 429) });
    expect(await sendQueued(siteData().client, item('key-busy-1'))).toEqual({ status: 'retry' });
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    expect(await sendQueued(siteData().client, item('key-busy-1'))).toEqual({ status: 'retry' });
  });
});

describe('in Kiswahili', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("says in Kiswahili that a form could not be kept, or that a queued form was refused without the server's words", async () => {
    await inKiswahili();
    setOnline(false);
    const full = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    await expect(deliver(siteData().client, 'submit-request', { subject: 'S', idempotencyKey: 'key-full-1' }, 'ombi la maombi')).rejects.toMatchObject({
      message: 'Hakuna muunganisho na fomu haikuweza kuhifadhiwa kwenye simu hii. Tafadhali jaribu tena utakaporudi mtandaoni.',
    });
    full.mockRestore();
    setOnline(true);
    stubApi({ 'POST /functions/v1/submit-request': () => new Response('', { status: 400 }) });
    expect(await sendQueued(siteData().client, item('key-bare-1'))).toEqual({ status: 'refused', message: 'Tovuti ya kanisa haikuikubali.' });
  });
});
