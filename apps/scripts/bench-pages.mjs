// Page weight and Lighthouse figures of the public site (issue 7, acceptance 3), printed by
// `make bench` through scripts/bench-pages.sh against a release server with demo content.
// Measurements, never assertions: the targets are printed beside the figures.
//
// For /, /sermons and /events, in English and under /sw/ in Kiswahili, a first visit with an empty cache in Debian's Chromium:
//   * bytes as Chromium received them, headers included (all requests, and JavaScript alone);
//     Chromium asks for brotli here (127.0.0.1 is a secure context, as https is);
//   * the same responses' bodies fetched again, once asking for brotli and once for gzip only
//     (an older browser or a proxy that strips brotli);
//   * Lighthouse's mobile performance score (Lighthouse from npm, simulated slow 4G and a 4x
//     slower CPU, its defaults), the median of LIGHTHOUSE_RUNS runs (default 3).
// And Home's first visit with `Save-Data: on` (data-saver mode, issue 22: target ≤ 120 kB): the
// response bodies as received, the page's and the service worker's (its install), beside the
// same with headers.
// And Home's data bytes (issue 44): what its API answers (/rest/v1/) moved over the network on a
// first visit (an empty cache; the service worker's install saves the reads it was handed) and
// on a repeat visit in the same browser (its HTTP cache and service worker kept), bodies and
// with headers, the page's and the service worker's requests together.
//
//   KANISA_URL=http://127.0.0.1:8080 LIGHTHOUSE=/path/to/lighthouse node scripts/bench-pages.mjs
//
// BENCH_SCENARIOS (e.g. "data") runs only those of: weight (the first visits), save-data, data,
// lighthouse; all by default.
import { execFile } from 'node:child_process';
import { request } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';

const run = promisify(execFile);
const baseUrl = (process.env.KANISA_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const lighthouse = process.env.LIGHTHOUSE;
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? '3');
/** Each in English and in Kiswahili (issue 22: Lighthouse ≥ 95 in both languages). */
const routes = ['/', '/sermons', '/events', '/sw/', '/sw/sermons', '/sw/events'];
const targets = { js: 90_000, total: 300_000, score: 95, saveData: 120_000 };
const scenarios = (process.env.BENCH_SCENARIOS ?? '').split(/[\s,]+/).filter(Boolean);
/** @param {string} name */
const wanted = (name) => scenarios.length === 0 || scenarios.includes(name);

/** @param {number} bytes */
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/**
 * The body size of `url` as sent with the given `accept-encoding`.
 * @param {string} url
 * @param {string} encoding
 * @returns {Promise<number>}
 */
function bodySize(url, encoding) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      let size = 0;
      res.on('data', (/** @type {Buffer} */ chunk) => {
        size += chunk.length;
      });
      res.on('end', () => {
        resolve(size);
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * One cold visit: every response's encoded size and type.
 * @param {import('playwright-core').Browser} browser
 * @param {string} route
 */
async function visit(browser, route) {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, locale: 'en-KE' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  /** @type {Map<string, { url: string; type: string; bytes: number }>} */
  const requests = new Map();
  cdp.on('Network.responseReceived', (event) => {
    requests.set(event.requestId, { url: event.response.url, type: event.type, bytes: 0 });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const entry = requests.get(event.requestId);
    if (entry) entry.bytes = event.encodedDataLength;
  });
  await page.goto(`${baseUrl}${route}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  await context.close();
  const all = [...requests.values()].filter((r) => r.url.startsWith(baseUrl));
  const sum = (/** @type {typeof all} */ list) => list.reduce((n, r) => n + r.bytes, 0);
  const scripts = all.filter((r) => r.type === 'Script');
  const bodies = { br: { total: 0, js: 0 }, gzip: { total: 0, js: 0 } };
  for (const r of all) {
    for (const encoding of /** @type {const} */ (['br', 'gzip'])) {
      const size = await bodySize(r.url, encoding);
      bodies[encoding].total += size;
      if (r.type === 'Script') bodies[encoding].js += size;
    }
  }
  return { requests: all.length, total: sum(all), js: sum(scripts), bodies, api: all.filter((r) => r.url.includes('/rest/v1/')).length };
}

/**
 * Home's first visit in data-saver mode (`Save-Data: on`): the bytes of every response that
 * crossed the network, the page's and the service worker's. A page request the worker answered
 * is counted on the worker's side; one the HTTP cache answered (negative body size) moved nothing.
 * @param {import('playwright-core').Browser} browser
 */
async function saveDataVisit(browser) {
  const context = await browser.newContext({
    viewport: { width: 375, height: 740 },
    locale: 'en-KE',
    extraHTTPHeaders: { 'Save-Data': 'on' },
  });
  const page = await context.newPage();
  /** @type {Promise<{ body: number; headers: number }>[]} */
  const fetches = [];
  context.on('requestfinished', (request) => {
    fetches.push(
      (async () => {
        const response = await request.response();
        const sizes = await request.sizes();
        const moved = !response?.fromServiceWorker() && sizes.responseBodySize >= 0;
        return { body: moved ? sizes.responseBodySize : 0, headers: moved ? sizes.responseHeadersSize : 0 };
      })(),
    );
  });
  await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  const done = await Promise.all(fetches);
  await context.close();
  return {
    responses: done.filter((r) => r.body > 0).length,
    bodies: done.reduce((n, r) => n + r.body, 0),
    received: done.reduce((n, r) => n + r.body + r.headers, 0),
  };
}

/**
 * What Home's API answers (/rest/v1/) moved over the network on a first visit and on a repeat
 * visit in the same browser context (HTTP cache and service worker kept between them). The
 * worker's own requests (saving the reads it was handed, then answering the repeat visit's
 * reads through the HTTP cache) are counted; a page request the worker answered is counted on
 * the worker's side, and one the HTTP cache answered without asking (negative size) moved
 * nothing. A revalidated answer (304) moves only its headers.
 * @param {import('playwright-core').Browser} browser
 */
async function dataVisits(browser) {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, locale: 'en-KE' });
  /** @type {'first' | 'repeat'} */
  let phase = 'first';
  /** @type {Record<'first' | 'repeat', Promise<{ body: number; headers: number; status: number }>[]>} */
  const seen = { first: [], repeat: [] };
  context.on('requestfinished', (request) => {
    if (!request.url().startsWith(`${baseUrl}/rest/v1/`)) return;
    seen[phase].push(
      (async () => {
        const response = await request.response();
        const sizes = await request.sizes();
        const moved = !response?.fromServiceWorker() && sizes.responseBodySize >= 0;
        return { body: moved ? sizes.responseBodySize : 0, headers: moved ? sizes.responseHeadersSize : 0, status: moved ? (response?.status() ?? 0) : 0 };
      })(),
    );
  });
  const first = await context.newPage();
  await first.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
  // The worker says when it has saved the reads this visit handed over (the page keeps the date).
  const deadline = Date.now() + 30_000;
  let synced = false;
  while (!synced && Date.now() < deadline) {
    synced = (await first.evaluate("localStorage.getItem('kanisa-last-sync')")) !== null;
    if (!synced) await first.waitForTimeout(200);
  }
  await first.waitForTimeout(500);
  await first.close();
  phase = 'repeat';
  const repeat = await context.newPage();
  await repeat.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
  await repeat.waitForTimeout(500);
  await repeat.close();
  await context.close();
  /** @param {{ body: number; headers: number; status: number }[]} list */
  const tally = (list) => {
    const moved = list.filter((r) => r.status > 0);
    return {
      answers: moved.length,
      // Revalidated (304 on the wire, handed to the page as the cached 200): no body moved.
      notModified: moved.filter((r) => r.status === 304 || r.body === 0).length,
      bodies: moved.reduce((n, r) => n + r.body, 0),
      received: moved.reduce((n, r) => n + r.body + r.headers, 0),
    };
  };
  return { synced, first: tally(await Promise.all(seen.first)), repeat: tally(await Promise.all(seen.repeat)) };
}

/**
 * Lighthouse's mobile performance score (0-100) of one run.
 * @param {string} url
 */
async function score(url) {
  if (!lighthouse) return null;
  const dir = await mkdtemp(join(tmpdir(), 'kanisa-lh-'));
  try {
    const out = join(dir, 'report.json');
    // Lighthouse sometimes fails to record a trace (NO_NAVSTART) on a busy machine: such a run
    // is reported as failed and not counted.
    const ok = await run(
      lighthouse,
      [
        url,
        '--only-categories=performance',
        '--output=json',
        `--output-path=${out}`,
        '--quiet',
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run',
      ],
      { env: { ...process.env, CHROME_PATH: chromiumPath }, timeout: 180_000 },
    ).then(
      () => true,
      (/** @type {unknown} */ error) => {
        const stderr = typeof error === 'object' && error !== null && 'stderr' in error ? error.stderr : undefined;
        console.log(`  Lighthouse run failed: ${typeof stderr === 'string' ? stderr.trim() : 'no report'}`);
        return false;
      },
    );
    if (!ok) return null;
    /** @type {unknown} */
    const parsed = JSON.parse(await readFile(out, 'utf8'));
    const report = /** @type {{ categories: { performance: { score: number } }, audits: Record<string, { numericValue?: number } | undefined> }} */ (parsed);
    return {
      score: Math.round(report.categories.performance.score * 100),
      fcp: report.audits['first-contentful-paint']?.numericValue ?? NaN,
      lcp: report.audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbt: report.audits['total-blocking-time']?.numericValue ?? NaN,
      cls: report.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
if (wanted('weight')) {
  console.log(`public pages, first visit at 375 px, empty cache (targets: JS ≤ ${kb(targets.js)} compressed, total for / ≤ ${kb(targets.total)}, Lighthouse mobile ≥ ${String(targets.score)})`);
  for (const route of routes) {
    const v = await visit(browser, route);
    console.log(
      `  ${route.padEnd(12)} ${String(v.requests).padStart(2)} requests (${String(v.api)} API) | ` +
        `received: total ${kb(v.total)}, JS ${kb(v.js)} | bodies brotli: total ${kb(v.bodies.br.total)}, JS ${kb(v.bodies.br.js)} | ` +
        `bodies gzip: total ${kb(v.bodies.gzip.total)}, JS ${kb(v.bodies.gzip.js)}`,
    );
  }
}
if (wanted('save-data')) {
  const lite = await saveDataVisit(browser);
  console.log(
    `  home, Save-Data: on: ${kb(lite.bodies)} (${String(lite.responses)} responses; bodies, target ≤ ${kb(targets.saveData)}) | ` +
      `received with headers: ${kb(lite.received)}`,
  );
}
if (wanted('data')) {
  const data = await dataVisits(browser);
  /** @param {{ answers: number; notModified: number; bodies: number; received: number }} t */
  const line = (t) => `${kb(t.bodies)} bodies, ${kb(t.received)} with headers (${String(t.answers)} answers, ${String(t.notModified)} of them revalidated without a body)`;
  console.log(`  home, data bytes (API answers) first visit: ${line(data.first)}${data.synced ? '' : ' (the service worker never said it had saved the reads)'}`);
  console.log(`  home, data bytes (API answers) repeat visit: ${line(data.repeat)}`);
}
await browser.close();

if (!wanted('lighthouse')) {
  // Not asked for (BENCH_SCENARIOS).
} else if (!lighthouse) {
  console.log('  Lighthouse: not run (LIGHTHOUSE is not set)');
} else {
  for (const route of routes) {
    /** @type {NonNullable<Awaited<ReturnType<typeof score>>>[]} */
    const results = [];
    for (let i = 0; i < runs; i += 1) {
      const r = await score(`${baseUrl}${route}`);
      if (r) results.push(r);
    }
    results.sort((a, b) => a.score - b.score);
    const median = results[Math.floor(results.length / 2)];
    if (!median) continue;
    console.log(
      `  Lighthouse mobile ${route.padEnd(12)} performance ${String(median.score)} (runs: ${results.map((r) => r.score).join(', ')}) | ` +
        `FCP ${(median.fcp / 1000).toFixed(2)} s, LCP ${(median.lcp / 1000).toFixed(2)} s, TBT ${median.tbt.toFixed(0)} ms, CLS ${median.cls.toFixed(3)}`,
    );
  }
}
