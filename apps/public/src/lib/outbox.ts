import { useSyncExternalStore } from 'react';

/**
 * Forms sent while offline (issue 22): kept on the phone (localStorage, so a reload loses
 * nothing) with their idempotency key, and sent again — oldest first, each with its own key —
 * when the app starts and whenever the browser comes back online. The server stores a key's
 * form once and answers a repeat with `duplicate: true`, so a form sent twice (two tabs, an
 * answer lost on the way back) is still stored once.
 *
 * An item leaves the queue only after a 2xx (stored, or already stored) or a 400 (refused: the
 * visitor is told why); a network error, a 5xx or any other answer keeps it for the next try.
 *
 * Entry-chunk code: no API client here. The sender (lib/deliver.ts) is imported only when there
 * is something to send.
 */

export const OUTBOX_KEY = 'kanisa-outbox';

/** The two public form endpoints under /functions/v1. */
export type OutboxEndpoint = 'submit-request' | 'contact-message';

export interface OutboxItem {
  /** The submission's idempotency key (also in `body`): every try of this form sends it. */
  key: string;
  endpoint: OutboxEndpoint;
  /** The JSON body as it will be sent, `idempotencyKey` included. */
  body: Record<string, unknown>;
  /** What the visitor calls it, e.g. "prayer request", "message to Pastor John". */
  label: string;
  /** When it was saved on the phone (ISO). */
  queuedAt: string;
}

/** What one try of a queued form came to. */
export type SendOutcome = { status: 'sent' } | { status: 'refused'; message: string } | { status: 'retry' };

/** A queued form that left the queue: delivered, or refused with the server's message. */
export interface OutboxResult {
  key: string;
  label: string;
  status: 'sent' | 'refused';
  message?: string;
}

function isItem(value: unknown): value is OutboxItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<keyof OutboxItem, unknown>;
  return (
    typeof item.key === 'string' &&
    (item.endpoint === 'submit-request' || item.endpoint === 'contact-message') &&
    typeof item.body === 'object' &&
    item.body !== null &&
    typeof item.label === 'string' &&
    typeof item.queuedAt === 'string'
  );
}

/** The queue as stored, oldest first; [] when there is none or it cannot be read. */
export function queuedForms(): OutboxItem[] {
  try {
    const text = window.localStorage.getItem(OUTBOX_KEY);
    if (!text) return [];
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter(isItem) : [];
  } catch {
    return [];
  }
}

function store(items: OutboxItem[]): void {
  if (items.length) window.localStorage.setItem(OUTBOX_KEY, JSON.stringify(items));
  else window.localStorage.removeItem(OUTBOX_KEY);
}

// ---- the store the notices read ----------------------------------------------------------------

interface OutboxSnapshot {
  pending: number;
  /** The keys of the forms waiting, read with the count (so a render never parses the queue). */
  waiting: readonly string[];
  results: OutboxResult[];
}

let snapshot: OutboxSnapshot = { pending: 0, waiting: [], results: [] };

/** The count and keys of the stored queue. */
function waitingNow(): Pick<OutboxSnapshot, 'pending' | 'waiting'> {
  const items = queuedForms();
  return { pending: items.length, waiting: items.map((item) => item.key) };
}
const listeners = new Set<() => void>();

function publish(results = snapshot.results): void {
  snapshot = { ...waitingNow(), results };
  listeners.forEach((listener) => {
    listener();
  });
}

function subscribe(listener: () => void): () => void {
  if (!listeners.size) snapshot = { ...snapshot, ...waitingNow() };
  listeners.add(listener);
  // Another tab may queue or send forms: the count follows.
  const onStorage = (event: StorageEvent) => {
    if (event.key === OUTBOX_KEY) publish();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** How many forms wait on this phone, and what became of those sent since the page opened. */
export function useOutbox(): OutboxSnapshot {
  return useSyncExternalStore(subscribe, () => snapshot, () => snapshot);
}

/**
 * What became of the queued form `key` (issue 32: the form that said "saved on your phone" says
 * when it has gone): null while it waits on the phone, its result once it left the queue; a
 * form another tab sent counts as sent.
 */
export function useQueuedResult(key: string | null): OutboxResult | null {
  const { results, waiting } = useOutbox();
  if (!key) return null;
  const found = results.find((result) => result.key === key);
  if (found) return found;
  return waiting.includes(key) ? null : { key, label: '', status: 'sent' };
}

/** Hides the delivered/refused notices. */
export function dismissOutboxResults(): void {
  publish([]);
}

// ---- queueing and flushing ----------------------------------------------------------------------

/**
 * Keeps a form on the phone. Throws when it cannot be kept (storage full or disabled), so the
 * form can say it was not sent rather than pretend it was saved.
 */
export function enqueue(item: OutboxItem): void {
  const items = queuedForms().filter((queued) => queued.key !== item.key);
  store([...items, item]);
  publish();
}

let flushing: Promise<OutboxResult[]> | null = null;

/**
 * Sends the queued forms one after another, oldest first, with `send`. A delivered or refused
 * form leaves the queue; on anything else (`retry`: no network, a 5xx) it stays, and the flush
 * stops there so the order is kept for the next try. One flush at a time: a call while one runs
 * gets that one's results.
 */
export function flushOutbox(send: (item: OutboxItem) => Promise<SendOutcome>): Promise<OutboxResult[]> {
  flushing ??= (async () => {
    const done: OutboxResult[] = [];
    try {
      for (const item of queuedForms()) {
        // Another tab may have sent it meanwhile.
        if (!queuedForms().some((queued) => queued.key === item.key)) continue;
        let outcome: SendOutcome;
        try {
          outcome = await send(item);
        } catch {
          outcome = { status: 'retry' };
        }
        if (outcome.status === 'retry') break;
        store(queuedForms().filter((queued) => queued.key !== item.key));
        const result: OutboxResult =
          outcome.status === 'sent'
            ? { key: item.key, label: item.label, status: 'sent' }
            : { key: item.key, label: item.label, status: 'refused', message: outcome.message };
        done.push(result);
        publish([...snapshot.results.filter((shown) => shown.key !== item.key), result]);
      }
    } finally {
      flushing = null;
    }
    return done;
  })();
  return flushing;
}

/** For tests: no results shown and no flush running (the queue itself is in localStorage). */
export function resetOutbox(): void {
  snapshot = { pending: 0, waiting: [], results: [] };
  flushing = null;
}

/** Sends the queue now if there is one and the browser thinks it is online. */
export function flushSoon(): void {
  if (!queuedForms().length || !navigator.onLine) return;
  // A failed chunk download (the connection dropped again) simply waits for the next try.
  import('./deliver').then(({ flushQueued }) => flushQueued()).catch(() => undefined);
}

/** How often the queue is tried while forms wait and the browser says it is online. */
export const RETRY_EVERY_MS = 15_000;

/**
 * At app start: send what is waiting, and again as soon as the connection is seen to come back
 * (issue 32: a queue that waited for the next page load). The browser's `online` event is not
 * enough — after a navigation made offline some browsers never fire it — so also when the
 * service worker reports a read from the network, when the page is shown again, and every
 * RETRY_EVERY_MS while forms wait.
 */
export function watchOutbox(): () => void {
  flushSoon();
  const onVisible = () => {
    if (document.visibilityState === 'visible') flushSoon();
  };
  const onWorker = (event: MessageEvent) => {
    const data: unknown = event.data;
    if (typeof data === 'object' && data !== null && 'type' in data && data.type === 'kanisa:synced') flushSoon();
  };
  const workers = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
  window.addEventListener('online', flushSoon);
  document.addEventListener('visibilitychange', onVisible);
  workers?.addEventListener('message', onWorker);
  const timer = window.setInterval(flushSoon, RETRY_EVERY_MS);
  return () => {
    window.removeEventListener('online', flushSoon);
    document.removeEventListener('visibilitychange', onVisible);
    workers?.removeEventListener('message', onWorker);
    window.clearInterval(timer);
  };
}
