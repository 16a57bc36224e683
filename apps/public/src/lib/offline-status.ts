import { useSyncExternalStore } from 'react';
import { formatDate, t } from '../i18n';

/**
 * Whether the page is showing a saved copy (issues 22, 32, 41), decided from the page's own
 * answers: every answer the service worker (public/sw.js) gives from its saved copy carries
 * `X-Kanisa-Saved-At`, so the same answer that brings a page its data says whether that data is
 * the saved copy and when it was saved (`noteAnswer`, called by the public client's fetch for
 * every answer). A live answer to a read ends it. `navigator.onLine` alone only adds the
 * banner while the browser says offline: after a navigation made offline some browsers report
 * online again although nothing reaches the network, so it never hides what the answers said.
 *
 * The worker also says so of the page itself: `{type: 'kanisa:from-cache', page: true, at}`
 * when this document was answered from the saved copy (listened to from the moment this module
 * loads, and asked for with `kanisa:how-served`, so the answer cannot pass before anyone
 * listens); and `{type: 'kanisa:synced', at}` once the reads a first visit handed over are
 * saved, the date kept in localStorage for a banner with no saved answer to date it.
 * Entry-chunk code.
 */

export const LAST_SYNC_KEY = 'kanisa-last-sync';
/** The header of every answer the service worker gives from its saved copy (public/sw.js). */
export const SAVED_AT_HEADER = 'x-kanisa-saved-at';

export interface OfflineSnapshot {
  /** `navigator.onLine`. */
  online: boolean;
  /** Some of what this page shows came from the saved copy, and no read has been answered live since. */
  fromCache: boolean;
  /** This page itself was answered from the saved copy and no read has been answered live since. */
  savedPage?: boolean;
  /** When the oldest saved answer this page shows was saved (ISO), when the answers said. */
  savedAt?: string | null;
  /** When this page itself was saved (ISO): the date when no answer gave one. */
  pageSavedAt?: string | null;
  /** When the first visit's reads were last saved (ISO), if ever: the date when no answer gave one. */
  lastSync: string | null;
}

/** '7 March 2026 at 11:05' / '7 Machi 2026 saa 11:05' (Nairobi time). */
const savedDate: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Africa/Nairobi',
};

function validDate(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The banner's text in the active language, or null when the page shows live data. */
export function offlineBannerText(state: OfflineSnapshot): string | null {
  if (state.online && !state.fromCache && !state.savedPage) return null;
  const date = validDate(state.savedAt) ?? validDate(state.pageSavedAt) ?? validDate(state.lastSync);
  if (!date) return t('layout.offlineSavedOnPhone');
  return t('layout.offlineSavedOn', { date: formatDate(date, savedDate) });
}

function readLastSync(): string | null {
  try {
    return window.localStorage.getItem(LAST_SYNC_KEY);
  } catch {
    return null;
  }
}

let snapshot: OfflineSnapshot = {
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  fromCache: false,
  savedPage: false,
  savedAt: null,
  pageSavedAt: null,
  lastSync: readLastSync(),
};
const listeners = new Set<() => void>();

function update(next: Partial<OfflineSnapshot>): void {
  const merged = { ...snapshot, ...next };
  if (
    merged.online === snapshot.online &&
    merged.fromCache === snapshot.fromCache &&
    merged.savedPage === snapshot.savedPage &&
    merged.savedAt === snapshot.savedAt &&
    merged.pageSavedAt === snapshot.pageSavedAt &&
    merged.lastSync === snapshot.lastSync
  ) {
    return;
  }
  snapshot = merged;
  listeners.forEach((listener) => {
    listener();
  });
}

/** The older of two dates (ISO); an unreadable one loses. */
function older(a: string | null | undefined, b: string | null | undefined): string | null {
  const [da, db] = [validDate(a), validDate(b)];
  if (!da) return db ? (b ?? null) : null;
  if (!db) return a ?? null;
  return da <= db ? (a ?? null) : (b ?? null);
}

/** The first visit's reads were saved at `at`: remembered for the banner's date. */
export function noteSynced(at: string = new Date().toISOString()): void {
  try {
    window.localStorage.setItem(LAST_SYNC_KEY, at);
  } catch {
    // Not remembered; the banner then names no date.
  }
  update({ lastSync: at });
}

/** A read was answered live: what the page shows now is not the saved copy. */
export function noteLive(): void {
  update({ fromCache: false, savedPage: false, savedAt: null, pageSavedAt: null });
}

/**
 * A read (or, with `page`, this page itself) was answered from the copy saved at `at`. The
 * banner names when the page's data was saved (the oldest of its saved answers); the page's own
 * date stands in until an answer gives one.
 */
export function noteFromCache(page = false, at: string | null = null): void {
  if (page) {
    update({ savedPage: true, pageSavedAt: at });
    return;
  }
  const savedAt = snapshot.fromCache ? older(snapshot.savedAt, at) : at;
  update({ fromCache: true, savedAt });
}

/**
 * An answer the page received: from the saved copy when it carries the worker's header, else
 * live (only reads count: a form sent is not the page's data).
 */
export function noteAnswer(method: string, response: Response): void {
  const at = response.headers.get(SAVED_AT_HEADER);
  if (at !== null) noteFromCache(false, at);
  else if (method === 'GET' || method === 'HEAD') noteLive();
}

/** `fetch`, with every answer noted (the public client's transport). */
export const notingFetch: typeof fetch = async (input, init) => {
  const response = await globalThis.fetch(input, init);
  const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
  noteAnswer(method.toUpperCase(), response);
  return response;
};

/** What the service worker reports (see the top of this file). */
export function onWorkerMessage(data: unknown): void {
  if (typeof data !== 'object' || data === null || !('type' in data)) return;
  const at = 'at' in data && typeof data.at === 'string' ? data.at : undefined;
  if (data.type === 'kanisa:synced') noteSynced(at);
  else if (data.type === 'kanisa:from-cache') noteFromCache('page' in data && data.page === true, at ?? null);
}

/** Who wants to know that the connection came back while the page shows a saved copy. */
const backOnline = new Set<() => void>();

/**
 * Calls `listener` when the browser says it is online again while the page shows a saved copy:
 * the time to read the page's data again (lib/query-client.ts refetches what is shown), which
 * is what ends the banner. Returns the way to stop listening.
 */
export function onBackOnline(listener: () => void): () => void {
  backOnline.add(listener);
  return () => {
    backOnline.delete(listener);
  };
}

/**
 * After the browser says online, how long until the page's data is read again while it still
 * shows a saved copy: "online" comes when a phone joins a network, which may not reach the
 * internet yet (and the service worker, whose reads fall back to the saved copy, may see the
 * network a moment after the page does), so one read is not enough. Then it stops until the
 * next "online" or a read answered from the network.
 */
export const READ_AGAIN_AFTER_MS = [2_000, 5_000, 10_000, 20_000, 30_000, 60_000, 60_000, 60_000];

let readAgain: ReturnType<typeof setTimeout> | undefined;

/** Reads the page's data again (`backOnline`) while it shows a saved copy and the browser says online. */
function readUntilLive(attempt: number): void {
  clearTimeout(readAgain);
  readAgain = undefined;
  if (!snapshot.online || !(snapshot.fromCache || snapshot.savedPage === true)) return;
  backOnline.forEach((listener) => {
    listener();
  });
  const delay = READ_AGAIN_AFTER_MS[attempt];
  if (delay === undefined) return;
  readAgain = setTimeout(() => {
    readUntilLive(attempt + 1);
  }, delay);
}

// The browser's word only adds "offline": it never hides what the page's answers said, but
// it is the cue to read them again.
const onOnline = () => {
  update({ online: true });
  readUntilLive(0);
};
const onOffline = () => {
  clearTimeout(readAgain);
  readAgain = undefined;
  update({ online: false });
};
const onMessage = (event: MessageEvent) => {
  onWorkerMessage(event.data);
};

/** The service worker container, where the browser has one (not in jsdom, not over plain http). */
function workers(): ServiceWorkerContainer | null {
  return 'serviceWorker' in navigator ? navigator.serviceWorker : null;
}

/**
 * From the module's load: the worker's messages, and the question whether this page is the
 * saved copy (the worker answers only when it is).
 */
export function listenToWorker(): void {
  const container = workers();
  if (!container) return;
  container.addEventListener('message', onMessage);
  container.startMessages();
  container.controller?.postMessage({ type: 'kanisa:how-served' });
}
if (typeof window !== 'undefined') listenToWorker();

function subscribe(listener: () => void): () => void {
  if (!listeners.size) {
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    update({ online: navigator.onLine, lastSync: readLastSync() });
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size) return;
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
  };
}

/** The offline banner's text, or null; follows the connection and the service worker. */
export function useOfflineBanner(): string | null {
  const state = useSyncExternalStore(subscribe, () => snapshot, () => snapshot);
  return offlineBannerText(state);
}

/** For tests: start again from the browser's state. */
export function resetOfflineStatus(): void {
  clearTimeout(readAgain);
  readAgain = undefined;
  snapshot = { online: navigator.onLine, fromCache: false, savedPage: false, savedAt: null, pageSavedAt: null, lastSync: readLastSync() };
}
