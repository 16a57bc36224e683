// Browser tests of the back office's Attendance and Prayer Requests screens (issue 16), against
// a running Kanisa with demo content and the test accounts (scripts/e2e.sh, scripts/dev-server.sh).
// An ADMIN records attendance and an ELDER triages prayer requests through the pages; the
// service key only prepares requests, reads what the server stored and tidies up after. Who may
// change a prayer request is checked against the server itself (table API as each user), not
// only the menu.
//
//   source /tmp/kanisa-dev-<port>.env && cd apps && node --test e2e/admin-attendance-prayer.test.mjs
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { artifacts, axeViolations, baseUrl, openPage, patient, screenshot, serviceHeaders, shown, signIn, useBrowser, viewports } from './lib/browser.mjs';
import { bodyOf, serviceGet, serviceWrite, userHeaders } from './lib/rest.mjs';
import { testUser } from './users.mjs';
import { cleanupList } from './lib/cleanup.mjs';

useBrowser();

const admin = testUser('admin');
const elder = testUser('elder');
const anonKey = process.env.KANISA_ANON_KEY ?? '';
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/**
 * @typedef {{ id: string; attendance_date: string; sabbath_school_count: number; divine_children_count: number;
 *   divine_youth_count: number; divine_adults_count: number; divine_total: number }} AttendanceRow
 * @typedef {{ id: string; title: string; status: string; assigned_to: string | null; privacy_level: string;
 *   requester_id: string | null }} PrayerRow
 */


/**
 * How many rows the server holds for a table read (count=exact), with the service key.
 * @param {string} path e.g. `prayer_requests?select=id`
 */
async function serviceCount(path) {
  const response = await fetch(`${baseUrl}/rest/v1/${path}`, { method: 'HEAD', headers: { ...serviceHeaders(), prefer: 'count=exact' } });
  assert.ok(response.ok, `HEAD ${path}: HTTP ${String(response.status)}`);
  return Number(/\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1]);
}


/**
 * The user id of a test account.
 * @param {{ email: string }} user
 */
async function userId(user) {
  const [row] = /** @type {{ id: string }[]} */ (await serviceGet(`users?select=id&email=eq.${encodeURIComponent(user.email)}`));
  assert.ok(row, `${user.email} has a profile`);
  return row.id;
}

const cleanups = cleanupList();

/**
 * A date as the back office shows it ('28 Nov 2026'), formatted by the browser itself.
 * @param {import('playwright-core').Page} page
 * @param {string} day YYYY-MM-DD
 */
function shownDay(page, day) {
  return page.evaluate(
    (d) =>
      new Intl.DateTimeFormat('en-KE', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${d}T00:00:00Z`),
      ),
    day,
  );
}

/**
 * @param {string} day
 * @param {number} days
 */
function addDays(day, days) {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The most recent Saturday in Nairobi (today when it is one). */
function mostRecentSabbath() {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());
  return addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 1) % 7));
}

/**
 * §9: the percent change to 1 decimal, as the cards show it.
 * @param {number} current
 * @param {number} previous
 */
function percentText(current, previous) {
  const change = Math.round(((current - previous) / previous) * 1000) / 10;
  return `${Math.abs(change).toFixed(1)}%`;
}

/**
 * The stepper group of one counter.
 * @param {import('playwright-core').Page} page
 * @param {string} name
 */
const counter = (page, name) => page.getByRole('group', { name, exact: true });

/**
 * Presses a counter's buttons in order.
 * @param {import('playwright-core').Page} page
 * @param {string} name
 * @param {string[]} presses e.g. ['+10', '−1']
 */
async function press(page, name, presses) {
  for (const label of presses) await counter(page, name).getByRole('button', { name: label, exact: true }).click();
}

/**
 * @param {import('playwright-core').Page} page
 * @param {string} name
 */
const countBox = (page, name) => counter(page, name).getByRole('spinbutton');

/**
 * A summary card (data-metric = its label).
 * @param {import('playwright-core').Page} page
 * @param {string} name
 */
const summaryCard = (page, name) => page.locator(`.summary-card[data-metric="${name}"]`);

describe('attendance (ADMIN)', () => {
  test('acceptance 2: record the default next Sabbath with each stepper, save, edit again (one row per date), percent shown and hidden per rule, the chart renders', async () => {
    const [latest] = /** @type {AttendanceRow[]} */ (
      await serviceGet('attendance_aggregates?select=*&order=attendance_date.desc&limit=1')
    );
    assert.ok(latest, 'the demo content has attendance');
    const next = addDays(latest.attendance_date, 7);
    cleanups.push(() => serviceWrite('DELETE', `attendance_aggregates?attendance_date=eq.${next}`));

    const { page, problems, close } = await openPage(viewports.desktop);
    await signIn(page, admin);

    // The list: the chart of the last 12 Sabbaths, then Recent Sabbaths with the true total.
    const total = await serviceCount('attendance_aggregates?select=id');
    // Chart.js's chunk as the browser asked for it (not the page's resource timings, which a
    // test clock replaces along with `performance`).
    /** @type {string[]} */
    const chartScripts = [];
    page.on('request', (request) => {
      if (request.url().includes('chart-parts')) chartScripts.push(request.url());
    });
    await page.goto(`${baseUrl}/admin/attendance`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Attendance' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Recent Sabbaths' }).waitFor();
    assert.match(await page.locator('.pager-status').innerText(), new RegExp(`^Showing 1–20 of ${String(total)} Sabbaths`));
    assert.equal(await page.locator('.data-table tbody tr').count(), Math.min(20, total), 'pages of 20');
    await page.locator('.attendance-chart .chart-canvas[data-state="ready"]').waitFor({ timeout: patient(15_000) });
    const painted = await page.locator('.attendance-chart canvas').evaluate((element) => {
      const canvas = /** @type {HTMLCanvasElement} */ (element);
      const pixels = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? new Uint8ClampedArray();
      let inked = 0;
      for (let i = 3; i < pixels.length; i += 4) if ((pixels[i] ?? 0) > 0) inked += 1;
      return inked;
    });
    assert.ok(painted > 1000, `the chart drew its lines (${String(painted)} pixels)`);
    const summary = await page.getByRole('img', { name: /Line chart of the last 12 Sabbaths/ }).getAttribute('aria-label');
    assert.match(summary ?? '', /Divine Total went from \d+ to \d+/, 'the chart has a text alternative');
    assert.equal(chartScripts.length, 1, 'Chart.js came in its own chunk, on this screen');
    await screenshot(page, 'admin-attendance-chart-1280');

    // Add Attendance: the default date is the latest recorded plus 7 days.
    await page.getByRole('link', { name: '+ Add Attendance' }).click();
    await page.waitForURL(`${baseUrl}/admin/attendance/new`);
    const dateBox = page.getByLabel('Sabbath date');
    await page.getByText(`Nothing is recorded for ${await shownDay(page, next)} yet.`).waitFor();
    assert.equal(await dateBox.inputValue(), next, 'latest + 7 days');
    await page.getByText(`Change from the previous recorded Sabbath, ${await shownDay(page, latest.attendance_date)}.`).waitFor();

    // Each stepper, clamping at 0 and a typed number read as an integer.
    await press(page, 'Sabbath School', ['+10', '+10', '+10', '+1', '+1', '−1', '−10']);
    assert.equal(await countBox(page, 'Sabbath School').inputValue(), '21');
    await press(page, 'Children', ['+10', '+1']);
    assert.equal(await countBox(page, 'Children').inputValue(), '11');
    await press(page, 'Youth', ['+1', '−1', '−10', '−1']);
    assert.equal(await countBox(page, 'Youth').inputValue(), '0', 'clamped at 0');
    await countBox(page, 'Adults').fill('145.6');
    await countBox(page, 'Adults').blur();
    assert.equal(await countBox(page, 'Adults').inputValue(), '145', 'parsed as an integer');
    await press(page, 'Adults', ['+10', '−10']);

    // Week-over-week: 1 decimal, with the arrow of its direction.
    const divine = 11 + 0 + 145;
    const ssCard = summaryCard(page, 'Sabbath School');
    assert.equal(
      (await ssCard.locator('.change').innerText()).replace(/\s+/g, ' ').trim(),
      `▼ down ${percentText(21, latest.sabbath_school_count)}`,
    );
    const divineCard = summaryCard(page, 'Divine Total');
    assert.match(await divineCard.innerText(), new RegExp(String(divine)));
    assert.match(await divineCard.locator('.change').innerText(), new RegExp(percentText(divine, latest.divine_total).replace('.', '\\.')));
    // Each group's share of the divine total.
    const shares = page.getByRole('table', { name: 'Share of the divine total' });
    assert.match(await shares.getByRole('row', { name: /Adults/ }).innerText(), /92\.9%/); // 145 / 156

    // Save: one upsert keyed on the date.
    const saved = page.waitForResponse((r) => r.url().includes('/rest/v1/attendance_aggregates') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Save Counts' }).click();
    const saveResponse = await saved;
    assert.equal(saveResponse.status(), 201);
    assert.match(saveResponse.url(), /on_conflict=attendance_date/);
    await page.getByText('Attendance saved').waitFor();
    await page.waitForURL(`${baseUrl}/admin/attendance/${next}`);

    const rowsAsAdmin = async () => {
      const response = await fetch(`${baseUrl}/rest/v1/attendance_aggregates?select=*&attendance_date=eq.${next}`, {
        headers: await userHeaders(admin),
      });
      assert.equal(response.status, 200);
      return /** @type {AttendanceRow[]} */ (await bodyOf(response));
    };
    const first = await rowsAsAdmin();
    assert.equal(first.length, 1, 'one row for the date');
    assert.deepEqual(
      [first[0]?.sabbath_school_count, first[0]?.divine_children_count, first[0]?.divine_youth_count, first[0]?.divine_adults_count, first[0]?.divine_total],
      [21, 11, 0, 145, 156],
    );

    // Edit again from the list: the record opens with its counts; saving updates the same row.
    await page.getByRole('link', { name: '← Recent Sabbaths' }).click();
    await page.waitForURL(`${baseUrl}/admin/attendance`);
    const firstRow = page.locator('.data-table tbody tr').first();
    await firstRow.getByText(await shownDay(page, next)).waitFor();
    assert.match(await firstRow.innerText(), /156/);
    await page.getByRole('link', { name: `View/Edit ${await shownDay(page, next)}` }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit Attendance' }).waitFor();
    assert.equal(await countBox(page, 'Children').inputValue(), '11');
    assert.equal(await countBox(page, 'Adults').inputValue(), '145');
    await press(page, 'Children', ['+10']);
    await page.getByRole('button', { name: 'Save Counts' }).click();
    await page.getByText('Attendance saved').waitFor();
    const second = await rowsAsAdmin();
    assert.equal(second.length, 1, 'still one row for the date');
    const [updated] = second;
    assert.ok(updated);
    assert.equal(updated.id, first[0]?.id, 'the same row, updated');
    assert.equal(updated.divine_children_count, 21);
    assert.equal(updated.divine_total, 166);
    // Both saves are in the activity log, written by the server with the real address.
    const log = /** @type {{ action: string; ip_address: string | null; admin_id: string | null; details: { attendance_date?: string } }[]} */ (
      await serviceGet(`admin_activity_logs?select=action,ip_address,admin_id,details&details->>id=eq.${updated.id}&order=created_at.asc`)
    );
    assert.deepEqual(
      log.map((entry) => entry.action),
      ['attendance_created', 'attendance_updated'],
    );
    const adminId = await userId(admin);
    for (const entry of log) {
      assert.equal(entry.ip_address, '127.0.0.1', 'the real client address');
      assert.equal(entry.admin_id, adminId);
      assert.equal(entry.details.attendance_date, next);
    }

    // Hidden when the previous value is 0: the Sabbath after has Youth 0 before it.
    await page.goto(`${baseUrl}/admin/attendance/${addDays(next, 7)}`, { waitUntil: 'networkidle' });
    await page.getByText(`Change from the previous recorded Sabbath, ${await shownDay(page, next)}.`).waitFor();
    await press(page, 'Youth', ['+10']);
    await press(page, 'Children', ['+10']);
    assert.equal(await summaryCard(page, 'Youth').locator('.change').count(), 0, 'no percent after a previous 0');
    assert.equal(await summaryCard(page, 'Children').locator('.change').count(), 1, 'a percent after a previous 21');
    assert.match(await summaryCard(page, 'Children').locator('.change').innerText(), /52\.4%/); // 10 vs 21
    // Hidden when there is no previous Sabbath at all.
    await page.goto(`${baseUrl}/admin/attendance/2020-01-04`, { waitUntil: 'networkidle' });
    await page.getByText('No earlier Sabbath is recorded, so there is no change to show.').waitFor();
    await press(page, 'Adults', ['+10']);
    assert.equal(await page.locator('.summary-card .change').count(), 0, 'no percent without a previous Sabbath');
    // Last Sabbath opens the most recent Saturday.
    await page.getByRole('button', { name: 'Last Sabbath' }).click();
    await page.waitForURL(`${baseUrl}/admin/attendance/${mostRecentSabbath()}`);
    // The address changes before the form renders the new date (navigations are transitions).
    await page.locator('.date-hint').filter({ hasText: await shownDay(page, mostRecentSabbath()) }).waitFor();
    assert.equal(await dateBox.inputValue(), mostRecentSabbath());
    assert.equal(
      (await serviceGet(`attendance_aggregates?select=id&attendance_date=in.(2020-01-04,${addDays(next, 7)})`)).length,
      0,
      'nothing saved for dates only looked at',
    );

    assert.deepEqual(problems, []);
    await close();
  });
});

describe('prayer requests (ELDER)', () => {
  test('acceptance 3: Assign to Me, Mark Answered and Close from the cards and the modal; the status filter', async () => {
    const elderId = await userId(elder);
    const long = `Please pray for my father, who is undergoing surgery at the county hospital this week. ${'We trust God for healing and for peace for the whole family. '.repeat(3)}`;
    const titles = { surgery: `E2E Surgery ${run}`, job: `E2E Job ${run}`, exams: `E2E Exams ${run}` };

    // One through the public form (as a visitor sends it), two prepared with the service key.
    const submitted = await fetch(`${baseUrl}/functions/v1/submit-request`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        category: 'prayer',
        anonymous: false,
        name: 'Beatrice Test',
        email: `beatrice.${run}@example.org`,
        phone: '',
        subject: titles.surgery,
        message: long,
        urgency: 'high',
        prayerType: 'health',
        prayerPrivacy: 'public',
        attachments: [],
        website: '',
      }),
    });
    assert.equal(submitted.status, 201, await submitted.clone().text());
    const created = /** @type {PrayerRow[]} */ (
      await serviceWrite('POST', 'prayer_requests', [
        // A bulk insert names the same columns in every row.
        { title: titles.job, description: 'A job interview on Monday.', urgency: 'normal', privacy_level: 'private', submitter_name: 'Dennis Test', status: 'open' },
        { title: titles.exams, description: 'The candidates sit their exams.', urgency: 'low', privacy_level: 'leadership_only', submitter_name: null, status: 'in_progress' },
      ])
    );
    const [surgery] = /** @type {PrayerRow[]} */ (await serviceGet(`prayer_requests?select=*&title=eq.${encodeURIComponent(titles.surgery)}`));
    assert.ok(surgery, 'the public form stored the request');
    const ids = [surgery.id, ...created.map((row) => row.id)];
    cleanups.push(() => serviceWrite('DELETE', `prayer_requests?id=in.(${ids.join(',')})`));
    /** @param {string} id */
    const stored = async (id) => /** @type {PrayerRow} */ ((await serviceGet(`prayer_requests?select=*&id=eq.${id}`))[0]);
    const [job, exams] = created;
    assert.ok(job && exams);

    const { page, problems, close } = await openPage(viewports.desktop);
    await signIn(page, elder);
    await page.goto(`${baseUrl}/admin/prayer-requests`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Prayer Requests' }).waitFor();
    /** @param {string} title */
    const card = (title) => page.locator('article.prayer-card', { has: page.getByRole('heading', { name: title, exact: true }) });
    await card(titles.surgery).waitFor();

    // The card: badges, submitter, and the text cut at 150 characters.
    const surgeryCard = card(titles.surgery);
    const text = await surgeryCard.locator('.prayer-text').innerText();
    assert.ok(text.endsWith('...'), 'cut with an ellipsis');
    assert.equal(text, `${long.slice(0, 150).trimEnd()}...`);
    for (const label of ['High', 'Open', 'Public · shareable', 'Beatrice Test']) {
      await shown(surgeryCard.getByText(label, { exact: true }), `the card shows ${label}`);
    }
    await shown(card(titles.job).getByText('Private', { exact: true }), 'the prayer team reads private requests');
    await shown(card(titles.exams).getByText('Leadership only', { exact: true }));
    const totalText = await page.locator('.result-count').innerText();
    assert.match(totalText, new RegExp(`of ${String(await serviceCount('prayer_requests?select=id'))} prayer requests$`), 'the true total');

    // Cards: Assign to Me (open only), Mark Answered, Close.
    assert.equal(await card(titles.exams).getByRole('button', { name: /^Assign to Me/ }).count(), 0, 'no Assign to Me unless open');
    await surgeryCard.getByRole('button', { name: `Assign to Me: ${titles.surgery}` }).click();
    await page.getByText(`“${titles.surgery}” is now in progress.`).waitFor();
    let row = await stored(surgery.id);
    assert.deepEqual([row.status, row.assigned_to], ['in_progress', elderId], 'assigned to the signed-in elder');
    await surgeryCard.getByText('Assigned to Elijah Elder').waitFor();
    assert.equal(await surgeryCard.getByRole('button', { name: /^Assign to Me/ }).count(), 0);

    await card(titles.job).getByRole('button', { name: `Mark Answered: ${titles.job}` }).click();
    await page.getByText(`“${titles.job}” was marked as answered.`).waitFor();
    assert.equal((await stored(job.id)).status, 'answered');
    await card(titles.job).getByRole('button', { name: `Mark Answered: ${titles.job}` }).waitFor({ state: 'detached' });

    await card(titles.exams).getByRole('button', { name: `Close: ${titles.exams}` }).click();
    await page.getByText(`“${titles.exams}” was closed.`).waitFor();
    assert.equal((await stored(exams.id)).status, 'closed');

    // The modal: full text, requester and assignee, buttons disabled on the current status.
    await surgeryCard.getByRole('button', { name: `View Details: ${titles.surgery}` }).click();
    const dialog = page.getByRole('dialog', { name: titles.surgery });
    await dialog.waitFor();
    assert.ok((await dialog.locator('.prayer-full-text').innerText()).startsWith(long.trim().slice(0, 200)), 'the full text');
    assert.equal(await dialog.locator('dt', { hasText: 'Requested by' }).locator('xpath=following-sibling::dd').innerText(), 'Beatrice Test');
    assert.equal(await dialog.locator('dt', { hasText: 'Assigned to' }).locator('xpath=following-sibling::dd').innerText(), 'Elijah Elder');
    assert.equal(await dialog.getByRole('button', { name: 'Mark In Progress' }).isDisabled(), true);
    assert.equal(await dialog.getByRole('button', { name: 'Mark as Answered' }).isDisabled(), false);
    assert.deepEqual(await axeViolations(page), [], 'axe on the open details dialog');
    await dialog.getByRole('button', { name: 'Mark as Answered' }).click();
    await dialog.getByText(`“${titles.surgery}” was marked as answered.`).waitFor();
    assert.equal((await stored(surgery.id)).status, 'answered');
    assert.equal(await dialog.getByRole('button', { name: 'Mark as Answered' }).isDisabled(), true);
    await dialog.getByRole('button', { name: 'Close Request' }).click();
    await dialog.getByText(`“${titles.surgery}” was closed.`).waitFor();
    assert.equal((await stored(surgery.id)).status, 'closed');
    assert.equal(await dialog.getByRole('button', { name: 'Close Request' }).isDisabled(), true);
    await dialog.getByRole('button', { name: 'Mark In Progress' }).click();
    await dialog.getByText(`“${titles.surgery}” is now in progress.`).waitFor();
    row = await stored(surgery.id);
    assert.deepEqual([row.status, row.assigned_to], ['in_progress', elderId]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // The status filter asks the server for one status.
    const filtered = page.waitForResponse((r) => r.url().includes('/rest/v1/prayer_requests') && r.url().includes('status=eq.closed'));
    await page.getByLabel('Status').selectOption('closed');
    await filtered;
    await page.waitForURL(`${baseUrl}/admin/prayer-requests?status=closed`);
    await card(titles.exams).waitFor();
    // The previous page stays on screen until the filtered one renders: wait for it to go.
    await card(titles.surgery).waitFor({ state: 'detached', timeout: patient(5_000) });
    assert.equal(await card(titles.surgery).count(), 0, 'an in-progress request is not listed under closed');
    for (const badge of await page.locator('article.prayer-card .badge', { hasText: /^(Open|In Progress|Answered|Closed)$/ }).allInnerTexts()) {
      assert.equal(badge, 'Closed');
    }

    assert.deepEqual(problems, []);
    await close();
  });

  test('a role without manage_prayer_requests is refused by the server, not only by the menu', async () => {
    const member = testUser('member');
    const content = testUser('content');
    const memberId = await userId(member);
    // A request of the member's own: they may read it, but triage is staff's.
    const [own] = /** @type {PrayerRow[]} */ (
      await serviceWrite('POST', 'prayer_requests', {
        title: `E2E Own request ${run}`,
        description: 'Pray for my studies.',
        requester_id: memberId,
        privacy_level: 'private',
      })
    );
    assert.ok(own);
    cleanups.push(() => serviceWrite('DELETE', `prayer_requests?id=eq.${own.id}`));

    for (const user of [content, member]) {
      const headers = { ...(await userHeaders(user)), prefer: 'return=representation' };
      const update = await fetch(`${baseUrl}/rest/v1/prayer_requests?id=eq.${own.id}`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ status: 'closed', assigned_to: memberId }),
      });
      const body = update.ok ? /** @type {unknown[]} */ (await bodyOf(update)) : [];
      assert.ok(update.status >= 400 || body.length === 0, `${user.email}: the update matched no row (HTTP ${String(update.status)})`);
      /** @type {Response} */
      const readBack = await fetch(`${baseUrl}/rest/v1/prayer_requests?select=id&id=eq.${own.id}`, { headers });
      assert.equal(readBack.status, 200);
      const seen = /** @type {unknown[]} */ (await bodyOf(readBack));
      assert.equal(seen.length, user === member ? 1 : 0, `${user.email} reads ${user === member ? 'only their own request' : 'no request'}`);
    }
    const [row] = /** @type {PrayerRow[]} */ (await serviceGet(`prayer_requests?select=status,assigned_to&id=eq.${own.id}`));
    assert.deepEqual([row?.status, row?.assigned_to], ['open', null], 'nothing changed on the server');

    // Private requests of others stay hidden from a role without the permission.
    const contentRead = await fetch(`${baseUrl}/rest/v1/prayer_requests?select=id&privacy_level=eq.private`, {
      headers: await userHeaders(content),
    });
    assert.deepEqual(await bodyOf(contentRead), [], 'a content admin reads no private request');

    // And the screen says so too.
    const { page, problems, close } = await openPage(viewports.desktop);
    await signIn(page, content);
    await page.goto(`${baseUrl}/admin/prayer-requests`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Insufficient Permissions' }).waitFor();
    await page.locator('main').getByText('Manage prayer requests', { exact: true }).waitFor();
    assert.equal(await page.getByText('manage_prayer_requests').count(), 0, 'no permission key shown');
    assert.deepEqual(problems, []);
    await close();
  });
});

for (const viewport of [viewports.phone, viewports.desktop]) {
  test(`attendance and prayer requests at ${String(viewport.width)} px: no serious accessibility violations, nothing off the edges`, async () => {
    const width = String(viewport.width);
    /**
     * @param {import('playwright-core').Page} page
     * @param {string} what
     */
    const fits = (page, what) =>
      page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth).then((ok) => {
        assert.ok(ok, `no sideways scrolling on ${what}`);
      });

    const attendance = await openPage(viewport);
    await signIn(attendance.page, admin);
    await attendance.page.goto(`${baseUrl}/admin/attendance`, { waitUntil: 'networkidle' });
    await attendance.page.locator('.attendance-chart .chart-canvas[data-state="ready"]').waitFor({ timeout: patient(15_000) });
    await attendance.page.locator('.data-table').waitFor();
    assert.deepEqual(await axeViolations(attendance.page), [], 'axe on /admin/attendance');
    await fits(attendance.page, '/admin/attendance');
    await screenshot(attendance.page, `admin-attendance-${width}`);
    await attendance.page.goto(`${baseUrl}/admin/attendance/new`, { waitUntil: 'networkidle' });
    await attendance.page.getByRole('heading', { level: 1, name: 'Record Attendance' }).waitFor();
    await press(attendance.page, 'Children', ['+10']);
    assert.deepEqual(await axeViolations(attendance.page), [], 'axe on /admin/attendance/new');
    await fits(attendance.page, '/admin/attendance/new');
    await screenshot(attendance.page, `admin-attendance-form-${width}`);
    assert.deepEqual(attendance.problems, []);
    await attendance.close();

    const prayer = await openPage(viewport);
    await signIn(prayer.page, elder);
    await prayer.page.goto(`${baseUrl}/admin/prayer-requests`, { waitUntil: 'networkidle' });
    await prayer.page.locator('article.prayer-card').first().waitFor();
    assert.deepEqual(await axeViolations(prayer.page), [], 'axe on /admin/prayer-requests');
    await fits(prayer.page, '/admin/prayer-requests');
    await screenshot(prayer.page, `admin-prayer-requests-${width}`);
    await prayer.page.locator('article.prayer-card').first().getByRole('button', { name: /^View Details/ }).click();
    await prayer.page.getByRole('dialog').waitFor();
    assert.deepEqual(await axeViolations(prayer.page), [], 'axe on the details dialog');
    // The dialog covers the screen, so the screen is the picture.
    await prayer.page.screenshot({ path: join(artifacts, `admin-prayer-modal-${width}.png`) });
    assert.deepEqual(prayer.problems, []);
    await prayer.close();
  });
}
