// Browser test of the member figures (issue 41, acceptance 1): the Dashboard, the Members screen
// and Reports → Overview and → Membership each show the register's member counts under the same
// words, one figure per meaning — "All members on the register", "Active members", "Inactive
// members" — and no screen says "Total members" for one of them. Against a running Kanisa with
// the demo content, with inactive members present: the demo's own inactive member (a member is
// made inactive through the API, and restored, if the demo has none), and a member of this run
// that the clerk deactivates on the Members screen, after which every screen moves by exactly
// one (the screens opened again inside the app, so cached figures must follow the change).
// Each figure is waited for until it shows what the server holds (its counts read beside the
// page with the service key), then compared across the screens.
//
//   source /tmp/kanisa-dev-<port>.env && cd apps && node --test e2e/admin-member-figures.test.mjs
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { axeViolations, baseUrl, openPage, patient, screenshot, serviceHeaders, signIn, useBrowser, viewports } from './lib/browser.mjs';
import { cleanupList } from './lib/cleanup.mjs';
import { serviceGet, serviceWrite } from './lib/rest.mjs';
import { testUser } from './users.mjs';

useBrowser();

/** An ADMIN: the Dashboard's Members card, the Members screen (manage_members) and every Reports tab (view_reports). */
const clerk = testUser('admin');
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toUpperCase();
const cleanups = cleanupList();

/** The figures, their words and their `data-figure` ids, the same on every screen. */
const FIGURES = /** @type {const} */ ([
  { key: 'all', id: 'all-members', label: 'All members on the register' },
  { key: 'active', id: 'active-members', label: 'Active members' },
  { key: 'inactive', id: 'inactive-members', label: 'Inactive members' },
]);

/** How long a figure may take to show what is expected. */
const SETTLE_MS = 20_000;

/** @typedef {{ all: number; active: number; inactive: number }} Counts */
/** @typedef {import('playwright-core').Page} Page */
/** @typedef {import('playwright-core').Locator} Locator */

const counts = new Intl.NumberFormat('en-KE');
/** @param {number} value */
const count = (value) => counts.format(value);
/** @param {string | null} text */
const plain = (text) => (text ?? '').replace(/\s+/g, ' ').trim();
/** @param {string} text */
const exactly = (text) => new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);

/** An exact count of members (HEAD, count=exact) with the service key: what the server holds. @param {string} filter */
async function memberCount(filter) {
  const response = await fetch(`${baseUrl}/rest/v1/members?select=*${filter}`, { method: 'HEAD', headers: { ...serviceHeaders(), prefer: 'count=exact' } });
  assert.equal(response.status, 200, `counting members${filter}`);
  const total = Number((response.headers.get('content-range') ?? '').split('/')[1]);
  assert.ok(Number.isInteger(total), `a count of members${filter}`);
  return total;
}

/** @returns {Promise<Counts>} */
async function registerCounts() {
  const [all, active] = await Promise.all([memberCount(''), memberCount('&is_active=eq.true')]);
  const inactive = await memberCount('&is_active=eq.false');
  assert.equal(active + inactive, all, 'every member is active or inactive');
  return { all, active, inactive };
}

/**
 * Waits until `value` shows exactly `expected`; fails naming the figure and what it showed instead.
 * @param {Locator} value
 * @param {string} expected
 * @param {string} what
 */
async function settled(value, expected, what) {
  try {
    await value.filter({ hasText: exactly(expected) }).waitFor({ timeout: patient(SETTLE_MS) });
  } catch {
    const shown = plain(await value.first().textContent({ timeout: 1000 }).catch(() => '(not shown)'));
    assert.fail(`${what}: expected ${expected}, the page showed ${shown} for ${String(SETTLE_MS / 1000)} s`);
  }
}

/**
 * One screen's member figures: for each of FIGURES its label (the `dt`) once its value shows
 * the expected count, and every other figure whose label names members, as [label, value].
 * @param {Page} page
 * @param {Locator} scope where the screen's figures are
 * @param {string} valueClass the class of a figure's value on this screen
 * @param {Counts} expected
 * @param {string} screen
 * @param {readonly (typeof FIGURES)[number]['key'][]} [shown] the figures this screen has (all three unless named)
 */
async function readFigures(page, scope, valueClass, expected, screen, shown = ['all', 'active', 'inactive']) {
  for (const figure of FIGURES.filter((f) => shown.includes(f.key))) {
    const card = scope.locator(`[data-figure="${figure.id}"]`);
    await settled(card.locator(`.${valueClass}`), count(expected[figure.key]), `${screen}: ${figure.label}`);
    assert.equal(plain(await card.locator('dt').textContent()), figure.label, `${screen}: the words of ${figure.id}`);
  }
  /** @type {[string, string][]} */
  const pairs = await scope.locator('[data-figure]').evaluateAll(
    (cards, cls) =>
      cards.map((card) => [
        (card.querySelector('dt')?.textContent ?? '').replace(/\s+/g, ' ').trim(),
        (card.querySelector(`.${cls}`)?.textContent ?? '').replace(/\s+/g, ' ').trim(),
      ]),
    valueClass,
  );
  const words = plain(await page.locator('main').innerText());
  assert.doesNotMatch(words, /total members/i, `${screen}: no figure is called "Total members"`);
  return pairs.filter(([label]) => /members/i.test(label));
}

/**
 * Every screen that counts members, opened by its link inside the app (so what a screen cached
 * before must follow a change), each figure waited for until it shows `expected`; then one
 * label, one value across all of them.
 * @param {Page} page
 * @param {Counts} expected
 * @param {string} when
 */
async function compareScreens(page, expected, when) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  /** @type {Map<string, Set<string>>} */
  const byLabel = new Map();
  /** @param {string} screen @param {[string, string][]} pairs */
  const note = (screen, pairs) => {
    for (const [label, value] of pairs) byLabel.set(label, new Set([...(byLabel.get(label) ?? []), `${value} (${screen})`]));
  };

  // Dashboard: the Members card.
  await nav.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/admin/dashboard');
  const card = page.getByRole('region', { name: 'Members' });
  note('Dashboard', await readFigures(page, card, 'figure-value', expected, `Dashboard ${when}`));

  // Members: the register's figures above the list, and the list's own count line.
  await nav.getByRole('link', { name: 'Members', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/admin/members');
  await page.getByRole('heading', { level: 1, name: 'Members' }).waitFor();
  const register = page.locator('dl.member-figures');
  note('Members', await readFigures(page, register, 'member-figure-value', expected, `Members ${when}`));
  const line = page.locator('.result-count');
  await settled(line, expected.all > 50 ? `Showing 1–50 of ${count(expected.all)} members` : `${count(expected.all)} members`, `Members ${when}: the list's count line`);

  // Reports → Overview: §2.18's Total Members card, named by what it counts.
  await nav.getByRole('link', { name: 'Reports', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/admin/reports');
  const overview = page.locator('.rp-body', { has: page.getByRole('heading', { level: 2, name: /^Overview,/ }) });
  note('Reports → Overview', await readFigures(page, overview, 'rp-figure-value', expected, `Reports → Overview ${when}`, ['active']));
  const activeNote = plain(await overview.locator('[data-figure="active-members"] .rp-figure-note').textContent());
  assert.ok(
    activeNote.startsWith(`Of ${count(expected.all)} on the register (${count(expected.inactive)} inactive);`),
    `Reports → Overview ${when}: the active members' note names the register: ${activeNote}`,
  );
  const insight = plain(await overview.locator('[data-insight="membership"]').textContent());
  assert.ok(insight.includes(`${count(expected.active)} of the ${count(expected.all)} members on the register are active`), `the membership insight: ${insight}`);

  // Reports → Membership: the register and what it is made of.
  await page.getByRole('navigation', { name: 'Report sections' }).getByRole('link', { name: 'Membership' }).click();
  await page.waitForURL((url) => url.pathname === '/admin/reports/membership');
  const membership = page.locator('.rp-body', { has: page.getByRole('heading', { level: 2, name: /^Membership,/ }) });
  note('Reports → Membership', await readFigures(page, membership, 'rp-figure-value', expected, `Reports → Membership ${when}`));

  for (const [label, values] of byLabel) {
    const figures = new Set([...values].map((value) => value.replace(/ \(.*\)$/, '')));
    assert.equal(figures.size, 1, `${when}: "${label}" shows one figure on every screen, not ${[...values].join(', ')}`);
  }
  for (const figure of FIGURES) assert.ok(byLabel.has(figure.label), `${when}: some screen shows "${figure.label}"`);
  assert.equal(byLabel.get('Active members')?.size, 4, `${when}: Active members on all four screens`);
  assert.equal(byLabel.get('All members on the register')?.size, 3, `${when}: the register on the Dashboard, Members and Membership`);
}

describe('Member figures on every screen (issue 41)', () => {
  test('acceptance 1: the Dashboard, Members and both Reports tabs agree, with inactive members, before and after a deactivation', async () => {
    // An inactive member: the demo's own, or one made inactive here and restored afterwards.
    if ((await memberCount('&is_active=eq.false')) === 0) {
      const [someone] = /** @type {{ id: string }[]} */ (await serviceGet('members?select=id&is_active=eq.true&order=membership_number.asc&limit=1'));
      assert.ok(someone, 'the demo has members');
      await serviceWrite('PATCH', `members?id=eq.${someone.id}`, { is_active: false });
      cleanups.push(() => serviceWrite('PATCH', `members?id=eq.${someone.id}`, { is_active: true }));
    }
    // This run's member, active, whom the clerk deactivates below.
    const lastName = `Figures${run}`;
    const [made] = /** @type {{ id: string }[]} */ (
      await serviceWrite('POST', 'members', { first_name: 'Rose', last_name: lastName, membership_number: `MF-${run}`, is_active: true })
    );
    assert.ok(made);
    cleanups.push(() => serviceWrite('DELETE', `members?id=eq.${made.id}`));

    const before = await registerCounts();
    assert.ok(before.inactive >= 1, 'an inactive member is present');
    assert.ok(before.active >= 1, 'an active member is present');

    const { page, problems, close } = await openPage(viewports.desktop);
    await signIn(page, clerk);
    await compareScreens(page, before, 'with the demo register');
    await screenshot(page, 'admin-member-figures-membership');

    // The clerk deactivates this run's member on the Members screen.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Members', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/admin/members');
    const box = page.getByLabel('Search members');
    await box.fill(lastName);
    await box.press('Enter');
    await page.locator('.result-count').filter({ hasText: exactly('1 member found') }).waitFor();
    await page.getByRole('button', { name: `Deactivate Rose ${lastName}` }).click();
    await page.getByText(`Rose ${lastName} was deactivated.`).waitFor();
    await page.getByRole('button', { name: `Activate Rose ${lastName}` }).waitFor();
    const after = await registerCounts();
    assert.deepEqual(after, { all: before.all, active: before.active - 1, inactive: before.inactive + 1 }, 'the server holds one more inactive member');
    // The register's figures do not follow the search; they follow the change.
    await settled(page.locator('dl.member-figures [data-figure="inactive-members"] .member-figure-value'), count(after.inactive), 'Members: inactive after the deactivation');
    await box.fill('');
    await box.press('Enter');

    await compareScreens(page, after, 'after the deactivation');
    assert.deepEqual(await axeViolations(page), [], 'Reports → Membership: no serious axe violation');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Members', exact: true }).click();
    await page.locator('dl.member-figures [data-figure="inactive-members"] .member-figure-value').filter({ hasText: exactly(count(after.inactive)) }).waitFor();
    assert.deepEqual(await axeViolations(page), [], 'Members: no serious axe violation');
    await screenshot(page, 'admin-member-figures-members');
    assert.deepEqual(problems, [], 'no console errors or failed requests');
    await close();
  });
});
