import { KanisaError, NETWORK_ERROR, type SubmissionReceipt } from '@kanisa/client';
import { t } from '../i18n';
import { kanisa, type SiteClient } from './kanisa';
import { enqueue, flushOutbox, type OutboxEndpoint, type OutboxItem, type OutboxResult, type SendOutcome } from './outbox';

/**
 * Sending a public form with its idempotency key, or keeping it on the phone when there is no
 * network (lib/outbox.ts). A form sends with the client of its page (lib/site-data.tsx); the
 * outbox's background send, outside React, with the site's own (`flushQueued`). Lazy chunks
 * only: it needs the API client.
 */

/**
 * The code of the refusal thrown when a form could be neither sent nor kept on the phone; its
 * message is `t('forms.notSaved')` (not the client's "Could not reach the server").
 */
export const NOT_SAVED_CODE = 'not_saved';

/**
 * A fresh idempotency key (8–100 of [A-Za-z0-9_-], as the server asks): a UUID, or 32 random
 * hex digits where `crypto.randomUUID` is missing (a page served over plain http).
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Where a form went: stored by the server now, or kept on this phone until the network returns. */
export type Delivery = { queued: false; receipt: SubmissionReceipt } | { queued: true };

/**
 * Sends `body` (its `idempotencyKey` set) to `/functions/v1/{endpoint}` with `client`. Offline
 * (`navigator.onLine` false) or when the request gets no answer at all, the form is queued on
 * the phone instead. A refusal or a server error is thrown as the `KanisaError` it is.
 */
export async function deliver(client: SiteClient, endpoint: OutboxEndpoint, body: Record<string, unknown> & { idempotencyKey: string }, label: string): Promise<Delivery> {
  const item: OutboxItem = { key: body.idempotencyKey, endpoint, body, label, queuedAt: new Date().toISOString() };
  if (!navigator.onLine) return keep(item);
  const { data, error } = await client.functions.invoke<SubmissionReceipt>(endpoint, { body });
  if (error) {
    if (error.code === NETWORK_ERROR) return keep(item);
    throw error;
  }
  return { queued: false, receipt: data };
}

function keep(item: OutboxItem): Delivery {
  try {
    enqueue(item);
  } catch (cause) {
    throw new KanisaError({ code: NOT_SAVED_CODE, message: t('forms.notSaved'), cause });
  }
  return { queued: true };
}

/**
 * One try of a queued form, as the outbox counts it: any 2xx (stored now, or `duplicate: true`:
 * stored by an earlier try) is sent; a 400 is refused, with the server's field messages or its
 * message; anything else (no answer, 5xx, 429) is tried again later.
 */
export async function sendQueued(client: SiteClient, item: OutboxItem): Promise<SendOutcome> {
  const { error, status } = await client.functions.invoke<SubmissionReceipt>(item.endpoint, { body: item.body });
  if (!error) return { status: 'sent' };
  if (status !== 400) return { status: 'retry' };
  const fields = Object.values(error.fields ?? {}).filter((text) => text !== '');
  const message = fields.length ? fields.join(' ') : error.code.startsWith('http_') ? t('forms.queuedRefused') : error.message;
  return { status: 'refused', message };
}

/** The outbox's background send (lib/outbox.ts `flushSoon`): the queue, with the site's own client. */
export function flushQueued(): Promise<OutboxResult[]> {
  return flushOutbox((item) => sendQueued(kanisa, item));
}
