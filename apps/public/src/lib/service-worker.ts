import { isDataSaver } from './data-saver';

/**
 * Registers the service worker (public/sw.js: the offline copy of the shell and of the public
 * reads; issue 22). Production builds only, after the page has loaded, so it never competes
 * with the first paint.
 *
 * The worker does not take over the page that installed it (no `clients.claim()`): that page
 * keeps talking to the network directly until it is loaded again. So that its visit is saved
 * all the same, it hands the worker the list of what it has loaded — and keeps doing so as the
 * visitor moves around the site — and the worker saves those: files from the browser's own
 * cache, the page's HTML, and the public reads fetched once more (not in data-saver mode: the
 * next visit saves them as they pass, at no extra cost).
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  container
    .register('/sw.js')
    .then(() => {
      // A page the worker controls is saved as it loads.
      if (container.controller) return undefined;
      return container.ready.then((registration) => {
        handOver(registration, [], location.href);
        // `buffered`: the first call brings what loaded before this point, then each new file.
        new PerformanceObserver((list) => {
          handOver(registration, list.getEntries(), null);
        }).observe({ type: 'resource', buffered: true });
      });
    })
    .catch(() => {
      // No worker (private mode, an old browser): the site works online as before.
    });
}

function handOver(registration: ServiceWorkerRegistration, entries: PerformanceEntryList, page: string | null): void {
  const urls = entries.map((entry) => entry.name).filter((url) => url.startsWith(`${location.origin}/`));
  if (!urls.length && !page) return;
  registration.active?.postMessage({
    type: 'kanisa:save',
    page,
    urls,
    reads: !isDataSaver(),
    apikey: import.meta.env.VITE_KANISA_ANON_KEY ?? null,
  });
}
