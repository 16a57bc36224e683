// @ts-check
/* global self, caches, fetch, setTimeout */
/// <reference lib="webworker" />
/**
 * The public site's service worker (issue 22): the site keeps working for reading when the
 * connection drops. Registered by src/lib/service-worker.ts in production builds only.
 *
 * - Pages (navigations): network first; offline, the saved copy of that page, else of Home
 *   (every path is the same app, whose router shows the right page).
 * - /assets/*: cache first (Vite's file names carry their content hash).
 * - /images/*, /icons/*, the favicon and the manifest: network first (through the HTTP cache).
 * - Public table reads (GET /rest/v1/<table> for the tables the public pages read): network
 *   first, the saved answer when offline. Only anonymous reads: no Authorization header, or the
 *   anon key as bearer (the client sends the anon key as both `apikey` and bearer).
 * - Never touched: /admin/ (the back office, and any request its pages make), /auth, /storage,
 *   /functions (forms, payments), anything not GET, anything from another origin.
 *
 * Every saved answer carries `X-Kanisa-Saved-At` (when it was saved, ISO), so a page sees on
 * the very answer its data came in whether that data is the saved copy and how old it is (issue
 * 41: src/lib/offline-status.ts decides the offline banner from the page's own answers, not from
 * `navigator.onLine`, which some browsers report true again after a navigation made offline). A
 * page that was itself answered from the saved copy is told so (`{type: 'kanisa:from-cache',
 * page: true, at}`): once its window exists, and again when it asks (`{type:
 * 'kanisa:how-served'}`, sent as it starts), since a message sent before its listener was there
 * is lost. `{type: 'kanisa:synced', at}` goes to the pages once the reads a page handed over
 * (the visit that installed the worker) are saved.
 */

const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

const VERSION = 1;
const PAGES = `kanisa-pages-v${String(VERSION)}`;
const FILES = `kanisa-files-v${String(VERSION)}`;
const READS = `kanisa-reads-v${String(VERSION)}`;
const LIMITS = { [PAGES]: 30, [FILES]: 150, [READS]: 120 };
/** The header every saved answer carries: when it was saved (ISO). */
const SAVED_AT = 'x-kanisa-saved-at';

/** The tables the public pages read (Home, settings and service times, events, sermons, announcements, About, Ministries, Departments). */
const TABLES = new Set([
  'system_settings',
  'daily_verses',
  'events',
  'announcements',
  'sermons',
  'sermon_series',
  'church_leaders',
  'ministries',
  'departments',
]);

/** @param {string} path */
const isAdmin = (path) => path === '/admin' || path.startsWith('/admin/');

/** @param {string} path */
const isStaticFile = (path) =>
  path.startsWith('/images/') || path.startsWith('/icons/') || path === '/favicon.svg' || path === '/manifest.webmanifest';

/** @param {string} path the table of a /rest/v1/ path, or null (rpc/…, nested paths) */
function tableOf(path) {
  const rest = path.slice('/rest/v1/'.length);
  return path.startsWith('/rest/v1/') && TABLES.has(rest) ? rest : null;
}

/**
 * A public read: a listed table, read anonymously.
 * @param {Request} request
 * @param {URL} url
 */
function isPublicRead(request, url) {
  if (!tableOf(url.pathname)) return false;
  const authorization = request.headers.get('authorization');
  if (authorization === null) return true;
  const key = request.headers.get('apikey');
  return key !== null && authorization === `Bearer ${key}`;
}

/**
 * The cache key of a read: its URL, plus its Accept and Range when they are not the plain ones
 * (one row as an object, a page of rows), since those change the answer for the same URL.
 * @param {Request} request
 */
function readKey(request) {
  const accept = request.headers.get('accept') ?? 'application/json';
  const range = request.headers.get('range') ?? '';
  if (accept === 'application/json' && range === '') return request.url;
  return `${request.url}${request.url.includes('?') ? '&' : '?'}kanisa-sw=${encodeURIComponent(`${accept}|${range}`)}`;
}

/** @param {string} url a page's URL: saved under its path, whatever its query */
function pageKey(url) {
  const { origin, pathname } = new URL(url);
  return `${origin}${pathname}`;
}

/**
 * Keeps a cache to its size: the oldest entries go first (keys come in the order written).
 * @param {string} name
 */
async function trim(name) {
  const cache = await caches.open(name);
  const keys = await cache.keys();
  const extra = keys.length - (LIMITS[name] ?? 100);
  for (const key of keys.slice(0, Math.max(0, extra))) await cache.delete(key);
}

/**
 * @param {string} name
 * @param {RequestInfo} key
 * @param {Response} response a 200 answer (others are not saved)
 */
async function save(name, key, response) {
  // A redirected answer cannot stand in for a navigation: not saved.
  if (response.status !== 200 || response.redirected) return;
  const headers = new Headers(response.headers);
  headers.set(SAVED_AT, new Date().toISOString());
  const stamped = new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  const cache = await caches.open(name);
  await cache.put(key, stamped);
  await trim(name);
}

/**
 * When a saved answer was saved (ISO), if it says.
 * @param {Response} response
 */
const savedAt = (response) => response.headers.get(SAVED_AT);

/**
 * Whether `key` is saved in the cache `name`.
 * @param {string} name
 * @param {string} key
 */
async function isSaved(name, key) {
  return (await (await caches.open(name)).match(key, { ignoreVary: true })) !== undefined;
}

/** @param {{ type: string; at?: string | null }} message */
async function tell(message) {
  for (const client of await sw.clients.matchAll({ type: 'window', includeUncontrolled: true })) {
    if (!isAdmin(new URL(client.url).pathname)) client.postMessage(message);
  }
}

/** The windows (client ids) whose page came from the saved copy, with when it was saved, until they ask. */
/** @type {Map<string, string | null>} */
const savedWindows = new Map();

/**
 * Tells the window a navigation made that its page is the saved copy (and when it was saved),
 * once that window exists (for up to 10 s).
 * @param {string} id the navigation's resultingClientId
 * @param {string | null} at
 */
async function tellSavedWindow(id, at) {
  if (!id) return;
  savedWindows.set(id, at);
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const client = await sw.clients.get(id);
    if (client) {
      client.postMessage({ type: 'kanisa:from-cache', page: true, at });
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Home's page and the files it names, so the shell works offline from the first visit. */
async function saveShell() {
  try {
    const response = await fetch('/');
    if (response.status !== 200) return;
    const html = await response.clone().text();
    await save(PAGES, pageKey(new URL('/', sw.location.origin).href), response);
    const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1] ?? '');
    const cache = await caches.open(FILES);
    await Promise.all(files.map((file) => cache.add(file).catch(() => undefined)));
  } catch {
    // Offline while installing: pages and files are saved as they are visited.
  }
}

sw.addEventListener('install', (event) => {
  event.waitUntil(saveShell().then(() => sw.skipWaiting()));
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keep = new Set([PAGES, FILES, READS]);
      for (const name of await caches.keys()) {
        if (name.startsWith('kanisa-') && !keep.has(name)) await caches.delete(name);
      }
      // No clients.claim(): the page that installed the worker stays with the network until it
      // is loaded again, and hands over what it loaded instead (the 'kanisa:save' message).
    })(),
  );
});

/**
 * A page: from the network (and saved), or offline the saved copy of it or of Home (in the
 * page's language when saved: the app reads the language from the address either way), and
 * the window it opens told so.
 * @param {FetchEvent} event
 */
async function page(event) {
  const request = event.request;
  try {
    const response = await fetch(request);
    await save(PAGES, pageKey(request.url), response.clone());
    return response;
  } catch (error) {
    const cache = await caches.open(PAGES);
    const { pathname } = new URL(request.url);
    const home = (/** @type {string} */ path) => cache.match(pageKey(new URL(path, sw.location.origin).href), { ignoreVary: true });
    const saved =
      (await cache.match(pageKey(request.url), { ignoreVary: true })) ??
      (pathname === '/sw' || pathname.startsWith('/sw/') ? await home('/sw/') : undefined) ??
      (await home('/'));
    if (!saved) throw error;
    event.waitUntil(tellSavedWindow(event.resultingClientId, savedAt(saved)));
    return saved;
  }
}

/**
 * A hashed file: saved once, then always from the cache.
 * @param {Request} request
 */
async function hashedFile(request) {
  const cache = await caches.open(FILES);
  const saved = await cache.match(request, { ignoreVary: true });
  if (saved) return saved;
  const response = await fetch(request);
  await save(FILES, request, response.clone());
  return response;
}

/**
 * An unhashed file (image, icon, manifest): from the network (the HTTP cache first), else saved.
 * @param {Request} request
 */
async function plainFile(request) {
  try {
    const response = await fetch(request);
    await save(FILES, request.url, response.clone());
    return response;
  } catch (error) {
    const saved = await (await caches.open(FILES)).match(request.url, { ignoreVary: true });
    if (saved) return saved;
    throw error;
  }
}

/**
 * A public read: from the network (and saved), or offline the saved answer, which says when it
 * was saved (`X-Kanisa-Saved-At`): the page that asked reads that on the answer itself.
 * @param {Request} request
 */
async function read(request) {
  const key = readKey(request);
  try {
    const response = await fetch(request);
    if (response.status === 200) await save(READS, key, response.clone());
    return response;
  } catch (error) {
    const saved = await (await caches.open(READS)).match(key, { ignoreVary: true });
    if (!saved) throw error;
    return saved;
  }
}

sw.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin || isAdmin(url.pathname)) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(event));
    return;
  }
  // Requests made by the back office's pages (its own public reads too) are left alone.
  if (request.referrer && isAdmin(new URL(request.referrer).pathname)) return;
  if (url.pathname.startsWith('/assets/')) event.respondWith(hashedFile(request));
  else if (isStaticFile(url.pathname)) event.respondWith(plainFile(request));
  else if (isPublicRead(request, url)) event.respondWith(read(request));
  // Anything else (/auth, /storage, /functions, /health) goes to the network untouched.
});

/**
 * A page this worker does not control (the visit that installed it) hands over what it loaded:
 * the page itself, its files and, unless it is in data-saver mode, its public reads, fetched
 * again and saved.
 * @param {string | null} href
 * @param {string[]} urls
 * @param {boolean} reads
 * @param {string | null} apikey
 */
async function saveLoaded(href, urls, reads, apikey) {
  let synced = false;
  for (const raw of href ? [href, ...urls] : urls) {
    let url;
    try {
      url = new URL(raw);
    } catch {
      continue;
    }
    if (url.origin !== sw.location.origin || isAdmin(url.pathname)) continue;
    try {
      // What is saved already (Home by the install, reads made since the worker took over)
      // is not downloaded again.
      if (raw === href) {
        if (!(await isSaved(PAGES, pageKey(url.href)))) await save(PAGES, pageKey(url.href), await fetch(url.href));
      } else if (url.pathname.startsWith('/assets/') || isStaticFile(url.pathname)) {
        if (!(await isSaved(FILES, url.href))) await save(FILES, url.href, await fetch(url.href));
      } else if (reads && tableOf(url.pathname) && !(await isSaved(READS, url.href))) {
        /** @type {Record<string, string>} */
        const headers = { accept: 'application/json' };
        if (apikey) {
          headers.apikey = apikey;
          headers.authorization = `Bearer ${apikey}`;
        }
        const response = await fetch(url.href, { headers });
        await save(READS, url.href, response);
        synced ||= response.status === 200;
      }
    } catch {
      // Offline again: what is missing is saved on the next visit.
    }
  }
  if (synced) await tell({ type: 'kanisa:synced', at: new Date().toISOString() });
}

sw.addEventListener('message', (event) => {
  /** @type {unknown} */
  const data = event.data;
  if (typeof data !== 'object' || data === null) return;
  const message = /** @type {{ type?: unknown; page?: unknown; urls?: unknown; reads?: unknown; apikey?: unknown }} */ (data);
  const source = event.source;
  if (message.type === 'kanisa:how-served') {
    if (source && 'id' in source && savedWindows.has(source.id)) {
      source.postMessage({ type: 'kanisa:from-cache', page: true, at: savedWindows.get(source.id) });
      savedWindows.delete(source.id);
    }
    return;
  }
  if (message.type !== 'kanisa:save' || !Array.isArray(message.urls)) return;
  const urls = message.urls.filter((url) => typeof url === 'string');
  const page = typeof message.page === 'string' ? message.page : null;
  event.waitUntil(saveLoaded(page, urls, message.reads === true, typeof message.apikey === 'string' ? message.apikey : null));
});
