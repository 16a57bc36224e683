// Shared helpers of the browser tests (apps/e2e/*.test.mjs): one Debian Chromium per test file
// through playwright-core, pages that collect every console error, uncaught exception, failed
// request and HTTP error (a test asserts the list is empty), screenshots into e2e/artifacts/
// (kept by CI), axe-core checks, and sign-in through the real back-office form.
/* global document, window -- read inside page.evaluate and page.waitForFunction, in the page */
import assert from 'node:assert/strict';
import AxeBuilder from '@axe-core/playwright';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium, errors } from 'playwright-core';

export const baseUrl = (process.env.KANISA_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
export const artifacts = fileURLToPath(new URL('../artifacts/', import.meta.url));
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * How long a test waits for what it expects: `ms` times the machine's patience,
 * `KANISA_TEST_PATIENCE` (default 4, as the Rust tests'). The limits in the tests are what a
 * quiet machine needs with room to spare; a busy one can need several times that, and a limit
 * only ends a wait that will never succeed. Playwright's own default (30 s) is scaled the same.
 * @param {number} ms
 */
export function patient(ms) {
  const factor = Number.parseInt(process.env.KANISA_TEST_PATIENCE ?? '', 10);
  return ms * (Number.isInteger(factor) && factor >= 1 ? factor : 4);
}

/** Viewports the acceptance lists name. */
export const viewports = {
  phone: { width: 375, height: 740 },
  small: { width: 360, height: 740 },
  tablet: { width: 800, height: 900 },
  desktop: { width: 1280, height: 800 },
  wide: { width: 1200, height: 800 },
};

/**
 * Under `make clock-check` (KANISA_E2E_CLOCK=1) this process, the servers and PostgreSQL run
 * with libfaketime's moved clock; Chromium cannot (its processes spin and every page times out),
 * so it keeps the real clock and each page gets Playwright's clock at the moved time instead
 * (`openPage`), which then runs on as time passes.
 */
const movedClock = process.env.KANISA_E2E_CLOCK === '1';

/** The environment Chromium starts with: this one, without libfaketime under the clock check. */
function browserEnv() {
  const faketime = ['LD_PRELOAD', 'FAKETIME', 'FAKETIME_DONT_FAKE_MONOTONIC', 'FAKETIME_SHARED'];
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !(movedClock && faketime.includes(name))));
}

/** @type {import('playwright-core').Browser | undefined} */
let browser;
/** @type {string | undefined} */
let profile;

/** Starts the browser before the file's tests and closes it after. Call once per test file. */
export function useBrowser() {
  before(async () => {
    await mkdir(artifacts, { recursive: true });
    profile = await mkdtemp(join(tmpdir(), 'kanisa-e2e-'));
    browser = await chromium.launch({ executablePath, headless: true, args: chromiumArgs, env: browserEnv() });
  });
  after(async () => {
    await browser?.close();
    if (profile) await rm(profile, { recursive: true, force: true });
  });
}

/**
 * A page in a fresh context (own storage: nobody signed in) that records problems.
 * @param {{ width: number; height: number }} viewport
 * @param {{ expectedFailure?: (url: string) => boolean; clock?: Date; reducedMotion?: 'reduce' | 'no-preference' }} [options]
 *   expectedFailure: responses and console errors that are part of the test;
 *   clock: install Playwright's fake clock at that time before any script runs.
 */
export async function openPage(viewport, options = {}) {
  if (!browser) throw new Error('The browser did not start: call useBrowser() in the test file.');
  const expectedFailure = options.expectedFailure ?? (() => false);
  const context = await browser.newContext({
    viewport,
    locale: 'en-KE',
    timezoneId: 'Africa/Nairobi',
    reducedMotion: options.reducedMotion ?? 'no-preference',
  });
  // A test's own clock, or under the clock check the moved time of this process.
  const clock = options.clock ?? (movedClock ? new Date() : undefined);
  if (clock) await context.clock.install({ time: clock });
  context.setDefaultTimeout(patient(30_000));
  const page = await context.newPage();
  /** @type {string[]} */
  const problems = [];
  page.on('console', (message) => {
    const where = message.location().url;
    if (message.type() === 'error' && !expectedFailure(where) && !/status of [45]\d\d/.test(message.text())) {
      problems.push(`console error: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? '?';
    // Requests cut short by navigation or an AbortController are not failures of the app.
    if (reason.includes('ERR_ABORTED') || expectedFailure(request.url())) return;
    problems.push(`request failed: ${request.method()} ${request.url()} (${reason})`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && !expectedFailure(response.url())) {
      problems.push(`HTTP ${String(response.status())}: ${response.request().method()} ${response.url()}`);
    }
  });
  const close = () => context.close();
  return { page, context, problems, close };
}

/**
 * The contact page embeds a map from the maps service; the test machine has no internet, so
 * the map's frame gets a small stand-in page.
 * @param {import('playwright-core').Page | import('playwright-core').BrowserContext} target
 */
export async function stubMaps(target) {
  await target.route(/^https:\/\/(maps\.google\.com|www\.google\.com\/maps)/, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Map</title><p>Map</p>' }),
  );
}

/**
 * Asserts that nothing makes the page scroll sideways, once the page has taken its width: a
 * chart follows a resize a frame or more later (its ResizeObserver), a lazy section mounts after
 * the page settles, later still on a busy machine, so the page is given up to 10 s to fit.
 * @param {import('playwright-core').Page} page
 * @param {string} [what] named in the failure
 */
export async function fitsThePhone(page, what = 'the page') {
  const fits = await page
    .waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth, undefined, { timeout: patient(10_000) })
    .then(
      () => true,
      () => false,
    );
  const widths = fits ? '' : await page.evaluate(() => `${String(document.documentElement.scrollWidth)} px wide in ${String(window.innerWidth)}`);
  assert.ok(fits, `nothing makes ${what} scroll sideways on a phone (${widths})`);
}

/**
 * The text of `locator` once it reads `expected` (or matches it), waiting up to 10 s for a
 * figure that first shows a placeholder or an older value; the last text read otherwise, for the
 * assertion that follows to name.
 * @param {import('playwright-core').Locator} locator
 * @param {string | RegExp} expected
 */
export async function settledText(locator, expected) {
  const deadline = Date.now() + patient(10_000);
  let text = '';
  for (;;) {
    text = ((await locator.textContent().catch(() => null)) ?? '').trim();
    const done = typeof expected === 'string' ? text === expected : expected.test(text);
    if (done || Date.now() > deadline) return text;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Asserts that `locator` is shown, waiting for it as for anything else a test expects (a page
 * that has loaded its scripts may not have rendered yet, above all on a busy machine): fails,
 * naming `what`, only when it is still not visible after the test's wait.
 * @param {import('playwright-core').Locator} locator
 * @param {string} [what]
 */
export async function shown(locator, what) {
  try {
    await locator.waitFor({ state: 'visible' });
  } catch (error) {
    if (error instanceof errors.TimeoutError) assert.fail(what ?? `${String(locator)} is shown`);
    throw error;
  }
}

/**
 * A full-page screenshot into e2e/artifacts/<name>.png.
 * @param {import('playwright-core').Page} page
 * @param {string} name
 */
export async function screenshot(page, name) {
  await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
}

/**
 * The serious and critical axe-core violations of the page as readable lines (WCAG 2.1 A/AA).
 * @param {import('playwright-core').Page} page
 */
export async function axeViolations(page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact ?? '?'}): ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/**
 * Signs in through the back office's form and waits for the dashboard (or `landing`).
 * @param {import('playwright-core').Page} page
 * @param {{ email: string; password: string }} user
 * @param {string} [landing] the path expected after sign-in
 */
export async function signIn(page, user, landing = '/admin/dashboard') {
  await page.goto(`${baseUrl}/admin/login`);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === landing, { timeout: patient(15_000) });
}

/** Service-role headers for preparing data through the table API (never used by the apps). */
export function serviceHeaders() {
  const key = process.env.KANISA_SERVICE_KEY;
  if (!key) throw new Error('KANISA_SERVICE_KEY is not set (scripts/e2e.sh and scripts/dev-server.sh set it)');
  return { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' };
}
