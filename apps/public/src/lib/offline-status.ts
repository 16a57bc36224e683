import { useSyncExternalStore } from 'react';
import { formatDate, t } from '../i18n';

/**
 * Whether the page is showing a saved copy (issue 22): the browser says it is offline, or the
 * service worker (public/sw.js) answered a read from its cache because the network failed. The
 * date of the last read that came from the network is kept in localStorage, so the banner can
 * say how old the saved copy is.
 *
 * The service worker posts `{type: 'kanisa:synced', at}` after a read from the network and
 * `{type: 'kanisa:from-cache'}` after answering from its cache; `{type: 'kanisa:from-cache',
 * page: true}` when this page itself is the saved copy (issue 32). That one holds until a read
 * comes from the network, whatever `navigator.onLine` says: after a navigation made offline some
 * browsers report online again although nothing reaches the network. The worker's messages are
 * listened to from the moment this module loads, and the page asks the worker how it was served
 * (`kanisa:how-served`), so the answer cannot pass before anyone listens. Entry-chunk code.
 */

export const LAST_SYNC_KEY = 'kanisa-last-sync';

export interface OfflineSnapshot {
  /** `navigator.onLine`. */
  online: boolean;
  /** The last read was answered from the service worker's cache (the network failed). */
  fromCache: boolean;
  /** This page itself was answered from the saved copy and no read has reached the network since. */
  savedPage?: boolean;
  /** When a read last came from the network (ISO), if ever. */
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

/** The banner's text in the active language, or null when the page shows live data. */
export function offlineBannerText(state: OfflineSnapshot): string | null {
  if (state.online && !state.fromCache && !state.savedPage) return null;
  const date = state.lastSync ? new Date(state.lastSync) : null;
  if (!date || Number.isNaN(date.getTime())) return t('layout.offlineSavedOnPhone');
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
  lastSync: readLastSync(),
};
const listeners = new Set<() => void>();

function update(next: Partial<OfflineSnapshot>): void {
  const merged = { ...snapshot, ...next };
  if (
    merged.online === snapshot.online &&
    merged.fromCache === snapshot.fromCache &&
    merged.savedPage === snapshot.savedPage &&
    merged.lastSync === snapshot.lastSync
  ) {
    return;
  }
  snapshot = merged;
  listeners.forEach((listener) => {
    listener();
  });
}

/** A read came from the network at `at`: remembered, and the page is live again. */
export function noteSynced(at: string = new Date().toISOString()): void {
  try {
    window.localStorage.setItem(LAST_SYNC_KEY, at);
  } catch {
    // Not remembered; the banner then names no date.
  }
  update({ fromCache: false, savedPage: false, lastSync: at });
}

/** A read (or, with `page`, this page itself) was answered from the saved copy. */
export function noteFromCache(page = false): void {
  update(page ? { fromCache: true, savedPage: true } : { fromCache: true });
}

/** What the service worker reports (see the top of this file). */
export function onWorkerMessage(data: unknown): void {
  if (typeof data !== 'object' || data === null || !('type' in data)) return;
  if (data.type === 'kanisa:synced') noteSynced('at' in data && typeof data.at === 'string' ? data.at : undefined);
  else if (data.type === 'kanisa:from-cache') noteFromCache('page' in data && data.page === true);
}

const onOnline = () => {
  update({ online: true, fromCache: false });
};
const onOffline = () => {
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
  snapshot = { online: navigator.onLine, fromCache: false, savedPage: false, lastSync: readLastSync() };
}
