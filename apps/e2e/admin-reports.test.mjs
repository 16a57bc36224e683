// Browser tests of Reports and Analytics (issue 20), against a running Kanisa with demo content
// and the test accounts (scripts/e2e.sh, scripts/dev-server.sh). An ADMIN (view_reports) reads
// every tab for several periods; each figure and table on the page is checked against the
// server's own answer (`get_report`, read beside the page with the same account), and the
// answers against this run's own rows: a member (new, with an age and a ministry), a verified
// gift and an approved expense, seeded with the service key, move the figures by exactly their
// amounts. The CSV export carries the same numbers; the print view of the whole report is saved
// as a PDF (e2e/artifacts/reports.pdf). A FINANCE_ADMIN (view_financial_reports) reads the
// Financial tab only (issue 32); a CONTENT_ADMIN, with no report permission, is refused.
//
//   source /tmp/kanisa-dev-<port>.env && cd apps && node --test e2e/admin-reports.test.mjs
import assert from 'node:assert/strict';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { artifacts, axeViolations, baseUrl, fitsThePhone, openPage, screenshot, shown, signIn, useBrowser, viewports } from './lib/browser.mjs';
import { cleanupList } from './lib/cleanup.mjs';
import { bodyOf, serviceGet, serviceWrite, userHeaders } from './lib/rest.mjs';
import { testUser } from './users.mjs';

useBrowser();

const reader = testUser('admin');
const treasurer = testUser('finance');
const refused = testUser('content');
const memberAdmin = testUser('member-admin');
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toUpperCase();
const cleanups = cleanupList();

/** Today in the church's time zone (YYYY-MM-DD). */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());

/** This run's rows (filled by `before`). */
const seeded = { memberId: '', ministryId: '', ministry: `Reports Ministry ${run}`, gift: 4321, expense: 1234, birthYear: Number(today.slice(0, 4)) - 40 };

const TABS = /** @type {const} */ (['overview', 'financial', 'membership', 'attendance', 'communication']);
const TAB_LABELS = { overview: 'Overview', financial: 'Financial', membership: 'Membership', attendance: 'Attendance', communication: 'Communication' };
const PERIOD_LABELS = { week: 'This Week', month: 'This Month', quarter: 'This Quarter', year: 'This Year' };

// ---- the numbers as the page writes them ----------------------------------------------------

/** Text as the page shows it, with no-break and other spaces made plain. @param {string | null} text */
const plain = (text) => (text ?? '').replace(/\s+/g, ' ').trim();
const kesWhole = new Intl.NumberFormat('en-KE', { style: 'currency', currency: 'KES', maximumFractionDigits: 0 });
const counts = new Intl.NumberFormat('en-KE');
const oneDecimal = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 1 });
const percent1 = new Intl.NumberFormat('en-KE', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
/** @param {number} amount */
const money = (amount) => plain(kesWhole.format(amount));
/** @param {number} value */
const count = (value) => counts.format(value);
/** @param {number | null} value */
const average = (value) => (value === null ? '—' : oneDecimal.format(value));
/** @param {number | null} value */
const pct = (value) => (value === null ? '—' : `${percent1.format(value)}%`);
/** @param {number | null} value */
const change = (value) => (value === null ? '' : `${value > 0 ? '+' : value < 0 ? '-' : ''}${percent1.format(Math.abs(value))}%`);
/** '2026-11-21' → '21 Nov 2026' @param {string} day */
const day = (day) => plain(new Intl.DateTimeFormat('en-KE', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`)));
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** '2026-03' → 'March 2026' @param {string} key */
const longMonth = (key) => `${MONTHS[Number(key.slice(5, 7)) - 1] ?? '?'} ${key.slice(0, 4)}`;
const QUARTERS = { Q1: 'Q1 (Jan–Mar)', Q2: 'Q2 (Apr–Jun)', Q3: 'Q3 (Jul–Sep)', Q4: 'Q4 (Oct–Dec)' };

// ---- the server's answer, as the page's account reads it -------------------------------------

/**
 * @typedef {{ period: string; from: string; to: string }} Base
 * @typedef {{ all_members: number; active_members: number; inactive_members: number }} MemberFigures
 * @typedef {Base & MemberFigures & { income: number; expenses: number; net_income: number; total_members: number; new_members: number;
 *   avg_attendance: number | null; attendance_records: number; attendance_change: number | null; income_change: number | null;
 *   messages_sent: number; messages_simulated: number; engagement: number | null; delivery_rate: number | null }} Overview
 * @typedef {Base & { income: number; expenses: number; net_income: number; gifts: number;
 *   by_category: { giving_type: string | null; label: string; amount: number; count: number; percent: number }[];
 *   trend: { month: string; income: number; expenses: number }[] }} Financial
 * @typedef {Base & MemberFigures & { total_members: number; new_members: number; ages: { bucket: string; count: number }[];
 *   ministries: { id: string; name: string; members: number }[]; growth: { month_end: string; members: number }[] }} Membership
 * @typedef {Base & { records: number; average: number | null; services: { service: string; average: number | null; total: number }[];
 *   recent: { date: string; divine_total: number; sabbath_school_count: number; change: number | null }[];
 *   seasonal: { quarter: string; average: number | null; records: number }[] }} Attendance
 * @typedef {{ total: number; sent: number; delivered?: number; failed: number; simulated: number; delivery_rate: number | null }} Sends
 * @typedef {Base & { channels: { channel: string; source: string; total: number; sent: number; read: number; delivery_rate: number | null;
 *   engagement: number | null }[]; sends: { sms: Sends; email: Sends }; replies: { answered: number; avg_response_minutes: number | null } }} Communication
 * @typedef {{ overview: Overview; financial: Financial; membership: Membership; attendance: Attendance; communication: Communication }} Reports
 * @typedef {import('playwright-core').Page | import('playwright-core').Locator} Scope
 */

/**
 * `get_report` for a tab and period, read by GET with the account's token (the reader's by default).
 * @template {keyof Reports} T
 * @param {T} tab
 * @param {string} period
 * @returns {Promise<Reports[T]>}
 */
async function report(tab, period) {
  const response = await fetch(`${baseUrl}/rest/v1/rpc/get_report?p_tab=${tab}&p_period=${period}`, { headers: await userHeaders(reader) });
  assert.equal(response.status, 200, `get_report ${tab} ${period}: ${await response.clone().text()}`);
  return /** @type {Reports[T]} */ (await bodyOf(response));
}

/**
 * The cells of a report table on the page, row by row (header cell first).
 * @param {Scope} scope
 * @param {string} id
 */
async function tableRows(scope, id) {
  return scope
    .locator(`table[data-table="${id}"] tbody tr`)
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent.replace(/\s+/g, ' ').trim())));
}

/**
 * A figure card's value.
 * @param {Scope} scope
 * @param {string} id
 */
const figure = async (scope, id) => plain(await scope.locator(`[data-figure="${id}"] .rp-figure-value`).first().innerText());

/**
 * Checks a tab's tables on the page against the rows expected from the server's answer.
 * @param {Scope} scope
 * @param {string} tab
 * @param {Record<string, string[][]>} expected
 */
async function assertTables(scope, tab, expected) {
  for (const [id, rows] of Object.entries(expected)) {
    assert.deepEqual(await tableRows(scope, id), rows, `${tab}: table ${id}`);
  }
}

/**
 * Checks the overview's cards and Quick Insights against the server's answer.
 * @param {Scope} scope
 * @param {Overview} r
 */
async function assertOverview(scope, r) {
  assert.equal(await figure(scope, 'net-income'), money(r.net_income), 'Net Income');
  // §2.18's Total Members card: the active members, named so (issue 41).
  assert.equal(await figure(scope, 'active-members'), count(r.active_members), 'Active members');
  assert.equal(await figure(scope, 'avg-attendance'), average(r.avg_attendance), 'Avg Attendance');
  assert.equal(await figure(scope, 'messages-sent'), count(r.messages_sent), 'Messages Sent');
  const insights = await scope.locator('[data-insight]').evaluateAll((items) => items.map((item) => [item.getAttribute('data-insight'), item.textContent]));
  assert.deepEqual(insights.map(([id]) => id), ['membership', 'engagement', 'financial', 'attendance'], 'four Quick Insights');
  const text = Object.fromEntries(insights.map(([id, t]) => [id ?? '', plain(t ?? null)]));
  assert.ok(text.membership?.includes(`is ${r.new_members > 10 ? 'excellent' : 'healthy'}: ${count(r.new_members)} new`), text.membership);
  // The active members beside the register they are part of (issue 41).
  const ofRegister = r.active_members < r.all_members ? `${count(r.active_members)} of the ${count(r.all_members)} members on the register` : 'on the register';
  assert.ok(text.membership?.includes(ofRegister), text.membership);
  if (r.engagement === null) assert.ok(text.engagement?.includes('cannot be measured'), text.engagement);
  else {
    const word = r.engagement > 80 ? 'excellent' : r.engagement > 60 ? 'good' : 'moderate';
    assert.ok(text.engagement?.includes(`Engagement is ${word}: ${pct(r.engagement)}`), text.engagement);
  }
  if (r.net_income > 0) assert.ok(text.financial?.includes(`Net income is positive: ${money(r.income)} came in and ${money(r.expenses)}`), text.financial);
  if (r.net_income < 0) assert.ok(text.financial?.includes(`approved expenses of ${money(r.expenses)} were more than the ${money(r.income)} that came in`), text.financial);
  if (r.income_change !== null && r.income_change !== 0) {
    assert.ok(text.financial?.includes(`Income is ${r.income_change > 0 ? 'up' : 'down'} ${pct(Math.abs(r.income_change))}`), text.financial);
  }
  if (r.avg_attendance === null) assert.ok(text.attendance?.includes('No attendance was recorded'), text.attendance);
  else assert.ok(text.attendance?.includes(`averaged ${average(r.avg_attendance)} people over ${count(r.attendance_records)} Sabbath`), text.attendance);
}

/**
 * Checks one tab on the page (or a section of the print view) against the server's answer for the period.
 * @param {Scope} scope
 * @param {keyof Reports} tab
 * @param {string} period
 */
async function assertTab(scope, tab, period) {
  switch (tab) {
    case 'overview':
      return assertOverview(scope, await report('overview', period));
    case 'financial': {
      const r = await report('financial', period);
      assert.equal(await figure(scope, 'income'), money(r.income), 'income');
      assert.equal(await figure(scope, 'expenses'), money(r.expenses), 'approved expenses');
      assert.equal(await figure(scope, 'net-income'), money(r.net_income), 'net income');
      return assertTables(scope, tab, {
        'income-by-category': r.by_category.map((c) => [c.label, count(c.count), money(c.amount), pct(c.percent)]),
        'income-trend': r.trend.map((m) => [longMonth(m.month), money(m.income), money(m.expenses)]),
      });
    }
    case 'membership': {
      const r = await report('membership', period);
      assert.equal(await figure(scope, 'all-members'), count(r.all_members), 'all members on the register');
      assert.equal(await figure(scope, 'active-members'), count(r.active_members), 'active members');
      assert.equal(await figure(scope, 'inactive-members'), count(r.inactive_members), 'inactive members');
      assert.equal(await figure(scope, 'new-members'), count(r.new_members), 'new members');
      const ages = r.ages.filter((a) => a.bucket !== 'Unknown' || a.count > 0);
      const all = ages.reduce((sum, a) => sum + a.count, 0);
      return assertTables(scope, tab, {
        'age-distribution': ages.map((a) => [a.bucket, count(a.count), pct(all === 0 ? null : Math.round((a.count / all) * 1000) / 10)]),
        'ministry-participation': r.ministries.map((m) => [m.name, count(m.members)]),
        'membership-growth': r.growth.map((g) => [day(g.month_end), count(g.members)]),
      });
    }
    case 'attendance': {
      const r = await report('attendance', period);
      assert.equal(await figure(scope, 'average'), average(r.average), 'average attendance');
      assert.equal(await figure(scope, 'records'), count(r.records), 'records');
      return assertTables(scope, tab, {
        'service-comparison': r.services.map((s) => [s.service, average(s.average), count(s.total)]),
        'recent-trend': r.recent.map((s) => [day(s.date), count(s.divine_total), count(s.sabbath_school_count), change(s.change)]),
        'seasonal-trends': r.seasonal.map((q) => [QUARTERS[/** @type {keyof typeof QUARTERS} */ (q.quarter)], average(q.average), count(q.records)]),
      });
    }
    case 'communication': {
      const r = await report('communication', period);
      assert.equal(await figure(scope, 'answered'), count(r.replies.answered), 'answered');
      const { sms, email } = r.sends;
      return assertTables(scope, tab, {
        'channel-performance': r.channels.map((c) => [c.channel, count(c.total), count(c.sent), count(c.read), pct(c.delivery_rate), pct(c.engagement)]),
        'our-sends': [
          ['SMS', count(sms.total), count(sms.sent), count(sms.delivered ?? 0), count(sms.failed), count(sms.simulated), pct(sms.delivery_rate)],
          ['E-mail', count(email.total), count(email.sent), '—', count(email.failed), count(email.simulated), pct(email.delivery_rate)],
        ],
      });
    }
  }
}

/**
 * Chooses a period and waits until the tab shows it.
 * @param {import('playwright-core').Page} page
 * @param {keyof typeof PERIOD_LABELS} period
 */
async function choosePeriod(page, period) {
  await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: PERIOD_LABELS[period] }).click();
  await page.waitForURL((url) => url.searchParams.get('period') === period);
  await page.getByTestId('report-range').filter({ hasText: `${PERIOD_LABELS[period]}:` }).waitFor();
  await page.locator('.rp-body[aria-busy="false"]').waitFor();
}

/**
 * Opens a tab by its link and waits for its figures.
 * @param {import('playwright-core').Page} page
 * @param {typeof TABS[number]} tab
 * @param {keyof typeof PERIOD_LABELS} period
 */
async function openTab(page, tab, period) {
  await page.getByRole('navigation', { name: 'Report sections' }).getByRole('link', { name: TAB_LABELS[tab] }).click();
  const path = tab === 'overview' ? '/admin/reports' : `/admin/reports/${tab}`;
  await page.waitForURL((url) => url.pathname === path && url.searchParams.get('period') === period);
  // The address changes before the new tab renders (navigations are transitions), and the
  // previous tab's range and idle body would do meanwhile: wait for this tab's own heading.
  const heading = page.getByRole('heading', { level: 2, name: `${TAB_LABELS[tab]}, ${PERIOD_LABELS[period]}`, exact: true });
  await page.locator('.rp-body[aria-busy="false"]', { has: heading }).getByTestId('report-range').waitFor();
}

/**
 * CSV text (RFC 4180, as the export writes it) into rows.
 * @param {string} text
 */
function parseCsv(text) {
  /** @type {string[][]} */
  const rows = [];
  /** @type {string[]} */
  let row = [];
  let field = '';
  let quoted = false;
  const source = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < source.length; i++) {
    const c = source.charAt(i);
    if (quoted) {
      if (c === '"' && source.charAt(i + 1) === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') {
      row.push(field.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  return rows;
}

/**
 * The rows of one titled section of the CSV (after its title and, for a table, its header row).
 * @param {string[][]} rows
 * @param {string} title
 * @param {boolean} [header]
 */
function csvSection(rows, title, header = true) {
  const start = rows.findIndex((row) => row.length === 1 && row[0] === title);
  assert.ok(start >= 0, `the CSV has a section ${title}`);
  const end = rows.findIndex((row, index) => index > start && row.length === 1 && row[0] === '');
  return rows.slice(start + (header ? 2 : 1), end < 0 ? undefined : end);
}

before(async () => {
  const [member] = /** @type {{ id: string }[]} */ (
    await serviceWrite('POST', 'members', {
      first_name: 'Rita',
      last_name: `Report${run}`,
      membership_number: `RP-${run}`,
      date_of_birth: `${String(seeded.birthYear)}-06-15`,
    })
  );
  assert.ok(member);
  seeded.memberId = member.id;
  cleanups.push(() => serviceWrite('DELETE', `members?id=eq.${seeded.memberId}`));
  const [ministry] = /** @type {{ id: string }[]} */ (
    await serviceWrite('POST', 'ministries', { name: seeded.ministry, category: 'support', is_active: true, display_order: 999 })
  );
  assert.ok(ministry);
  seeded.ministryId = ministry.id;
  cleanups.push(() => serviceWrite('DELETE', `ministries?id=eq.${seeded.ministryId}`));
  await serviceWrite('POST', 'member_ministries', { member_id: seeded.memberId, ministry_id: seeded.ministryId, role: 'member' });
});

describe('Reports and Analytics', () => {
  test('the figures follow the rows: a new member, a gift and an approved expense move them by exactly their amounts', async () => {
    const before = { overview: await report('overview', 'month'), financial: await report('financial', 'month') };
    const [gift] = /** @type {{ id: string }[]} */ (
      await serviceWrite('POST', 'giving_records', {
        member_id: seeded.memberId,
        amount: seeded.gift,
        giving_type: 'missions',
        payment_method: 'cash',
        giving_date: today,
        is_verified: true,
        is_simulated: false,
        notes: `e2e reports ${run}`,
      })
    );
    assert.ok(gift);
    cleanups.push(() => serviceWrite('DELETE', `giving_records?id=eq.${gift.id}`));
    const [expense] = /** @type {{ id: string }[]} */ (
      await serviceWrite('POST', 'expenses', { amount: seeded.expense, description: `E2E reports ${run}`, expense_date: today, category: 'other' })
    );
    assert.ok(expense);
    cleanups.push(() => serviceWrite('DELETE', `expenses?id=eq.${expense.id}`));
    const reviewed = await fetch(`${baseUrl}/rest/v1/rpc/review_expense`, {
      method: 'POST',
      headers: await userHeaders(reader),
      body: JSON.stringify({ expense_id: expense.id, approve: true }),
    });
    assert.equal(reviewed.status, 200, await reviewed.clone().text());

    const after = { overview: await report('overview', 'month'), financial: await report('financial', 'month') };
    const cents = (/** @type {number} */ n) => Math.round(n * 100);
    assert.equal(cents(after.overview.income) - cents(before.overview.income), cents(seeded.gift), 'income grew by the gift');
    assert.equal(cents(after.overview.expenses) - cents(before.overview.expenses), cents(seeded.expense), 'expenses grew by the approved expense');
    assert.equal(cents(after.overview.net_income), cents(after.overview.income) - cents(after.overview.expenses), 'net income = income - approved expenses');
    const missions = (/** @type {Financial} */ r) => r.by_category.find((c) => c.giving_type === 'missions') ?? { amount: 0, count: 0, label: 'Missions' };
    assert.equal(cents(missions(after.financial).amount) - cents(missions(before.financial).amount), cents(seeded.gift), 'Missions grew by the gift');
    assert.equal(missions(after.financial).count - missions(before.financial).count, 1);
    assert.equal(missions(after.financial).label, 'Missions');
    const membership = await report('membership', 'month');
    assert.deepEqual(
      membership.ministries.filter((m) => m.id === seeded.ministryId),
      [{ id: seeded.ministryId, name: seeded.ministry, members: 1 }],
      "the run's ministry counts its one member",
    );
    assert.ok(after.overview.new_members >= 1, 'the member made now is new in the month');
  });

  test('every tab shows the server’s figures for its period, with its own address; the export carries the same numbers', async () => {
    const { page, problems, close } = await openPage(viewports.desktop);
    await signIn(page, reader);
    await page.goto(`${baseUrl}/admin/reports`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Reports and Analytics' }).waitFor();
    await page.locator('[data-figure="net-income"]').waitFor();
    assert.equal(await page.getByRole('button', { name: 'This Month' }).getAttribute('aria-pressed'), 'true', 'This Month by default');
    assert.deepEqual(
      await page.getByRole('navigation', { name: 'Report sections' }).getByRole('link').allInnerTexts(),
      ['Overview', 'Financial', 'Membership', 'Attendance', 'Communication'],
    );
    const overview = await report('overview', 'month');
    assert.equal(plain(await page.getByTestId('report-range').innerText()), `This Month: ${day(overview.from)} to ${day(overview.to)}`);
    await assertTab(page, 'overview', 'month');
    assert.deepEqual(await axeViolations(page), [], 'axe on the Overview');
    await screenshot(page, 'admin-reports-overview-1280');

    // Each tab for the month, then the year, each its own address.
    for (const period of /** @type {const} */ (['month', 'year'])) {
      if (period !== 'month') await choosePeriod(page, period);
      for (const tab of TABS) {
        await openTab(page, tab, period);
        await assertTab(page, tab, period);
      }
    }

    // The financial chart: 6 months, income and expenses side by side, drawn.
    await openTab(page, 'financial', 'year');
    await page.locator('.rp-chart .chart-canvas[data-state="ready"]').waitFor();
    assert.equal(await page.locator('.rp-chart canvas').getAttribute('data-bars'), '12', '6 months × income and expenses');
    assert.match((await page.locator('.rp-chart canvas').getAttribute('aria-label')) ?? '', /^Bar chart of income and approved expenses per month/);
    const seededRow = (await tableRows(page, 'income-by-category')).find((row) => row[0] === 'Missions');
    assert.ok(seededRow, 'the seeded Missions gift has its row');
    assert.deepEqual(await axeViolations(page), [], 'axe on the Financial tab');
    await screenshot(page, 'admin-reports-financial-1280');

    // A tab and period opened by its address.
    await page.goto(`${baseUrl}/admin/reports/membership?period=quarter`, { waitUntil: 'networkidle' });
    await page.getByTestId('report-range').filter({ hasText: 'This Quarter:' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'This Quarter' }).getAttribute('aria-pressed'), 'true');
    await assertTab(page, 'membership', 'quarter');
    assert.ok((await tableRows(page, 'ministry-participation')).some((row) => row[0] === seeded.ministry && row[1] === '1'));
    await page.locator('.rp-chart .chart-canvas[data-state="ready"]').waitFor();
    assert.deepEqual(await axeViolations(page), [], 'axe on the Membership tab');

    // Export Report: the Financial tab of this year as CSV, with the server's numbers.
    await page.goto(`${baseUrl}/admin/reports/financial?period=year`, { waitUntil: 'networkidle' });
    await page.locator('table[data-table="income-by-category"]').waitFor();
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Report' }).click();
    const download = await downloaded;
    assert.equal(download.suggestedFilename(), `report-financial-year-${today}.csv`);
    const csv = parseCsv(await readFile(await download.path(), 'utf8'));
    const financial = await report('financial', 'year');
    assert.deepEqual(csv.slice(0, 4), [
      ['Report', 'Reports and Analytics: Financial'],
      ['Period', 'This Year'],
      ['From', financial.from],
      ['To', financial.to],
    ]);
    const amount = (/** @type {number} */ n) => n.toFixed(2);
    assert.deepEqual(csvSection(csv, 'Summary'), [
      ['Income', amount(financial.income)],
      ['Approved expenses', amount(financial.expenses)],
      ['Net income', amount(financial.net_income)],
    ]);
    assert.deepEqual(
      csvSection(csv, 'Income by category'),
      financial.by_category.map((c) => [c.label, String(c.count), amount(c.amount), String(c.percent)]),
    );
    assert.deepEqual(
      csvSection(csv, 'Income and expenses, last 6 months'),
      financial.trend.map((m) => [longMonth(m.month), amount(m.income), amount(m.expenses)]),
    );
    await page.getByText(`The report was saved as report-financial-year-${today}.csv.`).waitFor();

    // The Communication tab's export: every table of the tab and its insight.
    await openTab(page, 'communication', 'year');
    const commDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Report' }).click();
    const commCsv = parseCsv(await readFile(await (await commDownload).path(), 'utf8'));
    const communication = await report('communication', 'year');
    assert.deepEqual(
      csvSection(commCsv, 'Channel performance').map((row) => row.slice(0, 4)),
      communication.channels.map((c) => [c.channel, String(c.total), String(c.sent), String(c.read)]),
    );
    assert.equal(csvSection(commCsv, 'Messages to members').length, 2, 'SMS and e-mail');
    assert.equal(csvSection(commCsv, 'Insight', false)[0]?.[0], plain(await page.locator('[data-insight="communication"]').innerText()));

    assert.deepEqual(problems, []);
    await close();
  });

  test('the print view holds the whole report for the period with the church header, prints only on request, and saves as a PDF', async () => {
    const { page, problems, close } = await openPage(viewports.desktop);
    // Count print requests instead of opening the browser's dialog.
    await page.addInitScript(() => {
      let calls = 0;
      window.print = () => {
        calls += 1;
        document.documentElement.dataset.printCalls = String(calls);
      };
    });
    const printCalls = () => page.evaluate(() => document.documentElement.dataset.printCalls ?? '0');
    await signIn(page, reader);
    await page.goto(`${baseUrl}/admin/reports?period=quarter`, { waitUntil: 'networkidle' });
    await page.locator('[data-figure="net-income"]').waitFor();
    await page.getByRole('link', { name: 'Print / PDF' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/reports/print' && url.searchParams.get('period') === 'quarter');
    const document_ = page.locator('article.rp-print');
    await document_.waitFor();
    assert.deepEqual(
      await page.locator('.rp-print-section').evaluateAll((sections) => sections.map((s) => s.getAttribute('data-section'))),
      [...TABS],
      'all five sections, in order',
    );
    assert.deepEqual(await page.locator('.rp-print-section h3').allInnerTexts(), TABS.map((tab) => TAB_LABELS[tab]));
    const [name] = /** @type {{ value: string }[]} */ (await serviceGet('system_settings?select=value&key=eq.church_name'));
    assert.ok(name && typeof name.value === 'string');
    assert.equal(plain(await page.locator('.doc-church').innerText()), name.value, 'the church header comes from System Settings');
    const overview = await report('overview', 'quarter');
    assert.equal(plain(await page.locator('.rp-print-period').innerText()), `This Quarter: ${day(overview.from)} to ${day(overview.to)}`);
    for (const tab of TABS) {
      await assertTab(page.locator(`.rp-print-section[data-section="${tab}"]`), tab, 'quarter');
    }
    assert.equal(await printCalls(), '0', 'nothing printed without a click');
    assert.deepEqual(await axeViolations(page), [], 'axe on the print view');
    await screenshot(page, 'admin-reports-print-1280');

    // In print: only the report, each section after the first on a new sheet.
    await page.emulateMedia({ media: 'print' });
    for (const selector of ['.sidebar', '.admin-header', '.no-print']) {
      assert.equal(await page.locator(selector).first().isVisible(), false, `${selector} is hidden in print`);
    }
    await shown(document_, 'the report prints');
    assert.deepEqual(
      await page.locator('.rp-print-section').evaluateAll((sections) => sections.map((s) => getComputedStyle(s).breakBefore)),
      ['auto', 'page', 'page', 'page', 'page'],
      'a page break before every section but the first',
    );
    const path = join(artifacts, 'reports.pdf');
    await page.pdf({ path, format: 'A4', printBackground: true });
    await page.emulateMedia({ media: 'screen' });
    const bytes = await readFile(path);
    assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-', 'reports.pdf is a PDF');
    assert.ok((await stat(path)).size > 20_000, `reports.pdf holds the report (${String(bytes.length)} bytes)`);
    const pages = (bytes.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
    assert.ok(pages >= 5, `one sheet or more per section (${String(pages)} pages)`);

    await page.getByRole('button', { name: 'Print', exact: true }).click();
    assert.equal(await printCalls(), '1', 'Print prints');
    assert.deepEqual(problems, []);
    await close();
  });

  test('on a 375 px phone the tabs fit the screen', async () => {
    const { page, problems, close } = await openPage(viewports.phone);
    await signIn(page, reader);
    for (const path of ['/admin/reports', '/admin/reports/financial', '/admin/reports/attendance', '/admin/reports/communication']) {
      await page.goto(`${baseUrl}${path}?period=year`, { waitUntil: 'networkidle' });
      await page.getByTestId('report-range').waitFor();
      await fitsThePhone(page, path);
    }
    assert.deepEqual(await axeViolations(page), [], 'axe on a phone');
    await screenshot(page, 'admin-reports-communication-375');
    await page.goto(`${baseUrl}/admin/reports?period=year`, { waitUntil: 'networkidle' });
    await page.locator('[data-figure="net-income"]').waitFor();
    await screenshot(page, 'admin-reports-overview-375');
    assert.deepEqual(problems, []);
    await close();
  });

  test('the treasurer opens Reports on the Financial tab, the one its view_financial_reports opens; a role with no report permission is refused', async () => {
    // The server: the financial tab answers, the others are refused naming what opens them.
    const finance = await fetch(`${baseUrl}/rest/v1/rpc/get_report?p_tab=financial&p_period=month`, { headers: await userHeaders(treasurer) });
    assert.equal(finance.status, 200, JSON.stringify(await bodyOf(finance.clone())));
    const membership = await fetch(`${baseUrl}/rest/v1/rpc/get_report?p_tab=membership&p_period=month`, { headers: await userHeaders(treasurer) });
    assert.equal(membership.status, 403);
    const body = /** @type {{ code: string; message: string }} */ (await bodyOf(membership));
    assert.equal(body.code, '42501');
    assert.equal(body.message, 'The membership report needs the view_reports or view_member_reports permission');

    const { page, problems, close } = await openPage(viewports.desktop);
    await signIn(page, treasurer);
    // The menu has Reports; /reports lands on Financial, the only tab in the strip.
    await page.getByRole('link', { name: 'Reports', exact: true }).first().click();
    await page.waitForURL(/\/admin\/reports\/financial/);
    await page.locator('[data-figure="income"]').waitFor();
    const tabs = page.getByRole('navigation', { name: 'Report sections' }).getByRole('link');
    assert.deepEqual(await tabs.allInnerTexts(), ['Financial']);
    // Another tab's address says what opens it, without asking the server.
    await page.goto(`${baseUrl}/admin/reports/membership`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Insufficient Permissions' }).waitFor();
    assert.equal(plain(await page.locator('.notice-facts dd').first().innerText()), 'View reports or View member reports');
    // The print view holds the financial tab only.
    await page.goto(`${baseUrl}/admin/reports/print?period=month`, { waitUntil: 'networkidle' });
    await page.locator('.rp-print-section').first().waitFor();
    assert.deepEqual(await page.locator('.rp-print-section').evaluateAll((sections) => sections.map((s) => s.getAttribute('data-section'))), ['financial']);
    assert.deepEqual(problems, []);
    await close();

    // A Content Admin holds none of the three: no menu entry, Insufficient Permissions.
    const denied = await fetch(`${baseUrl}/rest/v1/rpc/get_report?p_tab=financial&p_period=month`, { headers: await userHeaders(refused) });
    assert.equal(denied.status, 403);
    const second = await openPage(viewports.desktop);
    await signIn(second.page, refused);
    await second.page.goto(`${baseUrl}/admin/reports/financial`, { waitUntil: 'networkidle' });
    await second.page.getByRole('heading', { name: 'Insufficient Permissions' }).waitFor();
    await second.page.getByText("You don't have the required permissions to access this feature.").waitFor();
    assert.equal(
      plain(await second.page.locator('.notice-facts dd').first().innerText()),
      'View reports or View financial reports or View member reports',
    );
    assert.equal(await second.page.getByRole('link', { name: 'Reports', exact: true }).count(), 0, 'no Reports entry in the menu');
    assert.deepEqual(second.problems, []);
    await second.close();
  });

  test('a member admin given view_member_reports opens Reports on Membership, with Attendance beside it and no financial tab (issue 32)', async () => {
    const [profile] = /** @type {{ id: string }[]} */ (await serviceGet(`users?select=id&email=eq.${encodeURIComponent(memberAdmin.email)}`));
    assert.ok(profile, 'the member admin exists');
    // The role's defaults (members, communication) and the member reports.
    const permissions = [
      'manage_members', 'view_member_details', 'manage_attendance',
      'send_communications', 'manage_communications', 'send_sms', 'send_emails',
      'view_member_reports',
    ];
    await serviceWrite('PATCH', `users?id=eq.${profile.id}`, { permissions });
    try {
      const financial = await fetch(`${baseUrl}/rest/v1/rpc/get_report?p_tab=financial&p_period=month`, { headers: await userHeaders(memberAdmin) });
      assert.equal(financial.status, 403, 'no financial figures for member reports');
      const attendance = await fetch(`${baseUrl}/rest/v1/rpc/get_report?p_tab=attendance&p_period=month`, { headers: await userHeaders(memberAdmin) });
      assert.equal(attendance.status, 200, JSON.stringify(await bodyOf(attendance.clone())));

      const { page, problems, close } = await openPage(viewports.desktop);
      await signIn(page, memberAdmin);
      await page.getByRole('link', { name: 'Reports', exact: true }).first().click();
      await page.waitForURL(/\/admin\/reports\/membership/);
      const tabs = page.getByRole('navigation', { name: 'Report sections' }).getByRole('link');
      await tabs.first().waitFor();
      assert.deepEqual(await tabs.allInnerTexts(), ['Membership', 'Attendance']);
      await page.goto(`${baseUrl}/admin/reports/financial`, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { name: 'Insufficient Permissions' }).waitFor();
      assert.equal(plain(await page.locator('.notice-facts dd').first().innerText()), 'View reports or View financial reports');
      assert.deepEqual(problems, []);
      await close();
    } finally {
      await serviceWrite('PATCH', `users?id=eq.${profile.id}`, { permissions: null });
    }
  });
});
