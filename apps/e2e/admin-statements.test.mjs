// Browser tests of the back office's giving statements and the treasurer's monthly remittance
// (issue 17), against a running Kanisa with demo content and the test accounts
// (scripts/e2e.sh, scripts/dev-server.sh). The finance admin (FINANCE_ADMIN) uses the pages;
// the service key seeds one member of this run with verified, unverified, demo and out-of-range
// gifts, reads what the server holds to compute the expected figures at the same moment (the
// remittance month holds demo content too), and tidies up after.
//
//   source /tmp/kanisa-dev-<port>.env && cd apps && node --test e2e/admin-statements.test.mjs
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { artifacts, axeViolations, baseUrl, openPage, screenshot, shown, signIn, useBrowser, viewports } from './lib/browser.mjs';
import { bodyOf, serviceGet, serviceWrite, userHeaders } from './lib/rest.mjs';
import { testUser } from './users.mjs';

useBrowser();

const finance = testUser('finance');
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toUpperCase();
/** The statement's year: long past, so only this run's member gave in it (other runs clean up). */
const YEAR = 2021;
/** A month of that year with seeded gifts, for the month picker. */
const pastMonth = `${String(YEAR)}-${String((Date.now() % 12) + 1).padStart(2, '0')}`;

/** Today in Nairobi (YYYY-MM-DD). */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());
/** The remittance page's default month: the previous one (it holds demo gifts too). */
const lastMonth = (() => {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return month === 1 ? `${String(year - 1)}-12` : `${String(year)}-${String(month - 1).padStart(2, '0')}`;
})();

const TYPES = ['tithe', 'offering', 'special_project', 'building_fund', 'missions'];
const LABELS = { tithe: 'Tithes', offering: 'Offerings', special_project: 'Special Projects', building_fund: 'Building Fund', missions: 'Missions' };

/**
 * @typedef {{ id: string; member_id: string | null; amount: number; giving_type: string; payment_method: string;
 *   transaction_id: string | null; giving_date: string; is_verified: boolean; is_simulated: boolean; receipt_no: string | null }} Gift
 */

const whole = new Intl.NumberFormat('en-KE', { style: 'currency', currency: 'KES', maximumFractionDigits: 0 });
const cents = new Intl.NumberFormat('en-KE', { style: 'currency', currency: 'KES', minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** The pages' money (whole shillings, cents when there are any), spaces made plain. */
const money = (/** @type {number} */ amount) => (Number.isInteger(amount) ? whole : cents).format(amount).replace(/\s/g, ' ');
/** Text as the page shows it, with no-break spaces made plain. */
const plain = (/** @type {string} */ text) => text.replace(/\s+/g, ' ').trim();

/** The member of this run and their gifts (filled by `before`). */
const seeded = { memberId: '', first: 'Stella', last: `Statement${run}`, number: `ST-${run}`, gifts: /** @type {Gift[]} */ ([]) };

/**
 * A gift of the run's member.
 * @param {string} day
 * @param {string} type
 * @param {number} amount
 * @param {{ verified?: boolean; demo?: boolean; method?: string; tx?: string | null }} [options]
 */
function gift(day, type, amount, { verified = true, demo = false, method = 'cash', tx = null } = {}) {
  return {
    member_id: seeded.memberId,
    giving_date: day,
    giving_type: type,
    amount,
    payment_method: method,
    transaction_id: tx,
    is_verified: verified,
    is_simulated: demo,
    notes: `e2e statements ${run}`,
  };
}

before(async () => {
  const [member] = /** @type {{ id: string }[]} */ (
    await serviceWrite('POST', 'members', {
      first_name: seeded.first,
      last_name: seeded.last,
      membership_number: seeded.number,
      address: 'Plot 7, Milimani, Nakuru',
    })
  );
  assert.ok(member);
  seeded.memberId = member.id;
  const tx = (/** @type {string} */ suffix) => `ST${run}${suffix}`;
  await serviceWrite('POST', 'giving_records', [
    // Counted in the statement year, across types, the period's first and last day included.
    gift(`${String(YEAR)}-01-01`, 'tithe', 12000, { method: 'mpesa', tx: tx('A') }),
    gift(`${pastMonth}-06`, 'offering', 1500.5),
    gift(`${pastMonth}-13`, 'tithe', 8000, { method: 'bank_transfer', tx: tx('B') }),
    gift(`${pastMonth}-20`, 'missions', 2000, { method: 'mpesa', tx: tx('C') }),
    gift(`${String(YEAR)}-07-03`, 'special_project', 750),
    gift(`${String(YEAR)}-12-31`, 'building_fund', 5000, { method: 'check', tx: tx('D') }),
    // Not counted: unverified, a demo gift, and outside the year.
    gift(`${pastMonth}-13`, 'tithe', 9999, { verified: false, method: 'mpesa', tx: tx('E') }),
    gift(`${String(YEAR)}-05-01`, 'offering', 333, { verified: false }),
    gift(`${pastMonth}-27`, 'offering', 4444, { demo: true, method: 'mpesa', tx: tx('F') }),
    gift(`${String(YEAR - 1)}-12-31`, 'tithe', 7777, { method: 'mpesa', tx: tx('G') }),
    gift(`${String(YEAR + 1)}-01-01`, 'offering', 111),
    // Last month (the remittance page's default), beside the demo content's gifts.
    gift(`${lastMonth}-08`, 'tithe', 3000, { method: 'mpesa', tx: tx('H') }),
    gift(`${lastMonth}-08`, 'offering', 1001),
    gift(`${lastMonth}-15`, 'missions', 250.25),
    gift(`${lastMonth}-15`, 'offering', 5000, { verified: false }),
    gift(`${lastMonth}-22`, 'tithe', 6000, { demo: true, method: 'mpesa', tx: tx('I') }),
  ]);
  seeded.gifts = /** @type {Gift[]} */ (
    await serviceGet(`giving_records?select=*&member_id=eq.${seeded.memberId}&order=giving_date.asc,receipt_no.asc`)
  );
});

after(async () => {
  if (!seeded.memberId) return;
  try {
    await serviceWrite('DELETE', `giving_records?member_id=eq.${seeded.memberId}`);
    await serviceWrite('DELETE', `members?id=eq.${seeded.memberId}`);
  } catch (error) {
    console.error('cleanup failed', error);
  }
});

/** A gift the reports count: verified and not a demo gift. */
const counted = (/** @type {Gift} */ g) => g.is_verified && !g.is_simulated;

/**
 * Every counted gift dated in [from, to], read 1,000 at a time until a short page (service key).
 * @param {string} from
 * @param {string} to
 * @returns {Promise<Gift[]>}
 */
async function countedGifts(from, to) {
  /** @type {Gift[]} */
  const gifts = [];
  for (;;) {
    const page = /** @type {Gift[]} */ (
      await serviceGet(
        `giving_records?select=id,member_id,amount,giving_type,is_verified,is_simulated,giving_date&is_verified=is.true&is_simulated=is.false` +
          `&giving_date=gte.${from}&giving_date=lte.${to}&order=id.asc&limit=1000&offset=${String(gifts.length)}`,
      )
    );
    gifts.push(...page);
    if (page.length < 1000) return gifts;
  }
}

/** Whole cents of an amount (the API's numbers have at most two decimals). */
const toCents = (/** @type {number} */ amount) => Math.round(amount * 100);

/**
 * The remittance of a month as the test computes it from the records and the shares setting.
 * @param {string} month YYYY-MM
 */
async function expectedRemittance(month) {
  const [year, mm] = month.split('-').map(Number);
  const last = new Date(Date.UTC(year ?? 0, mm ?? 0, 0)).getUTCDate();
  const gifts = await countedGifts(`${month}-01`, `${month}-${String(last)}`);
  const [setting] = /** @type {{ value: Record<string, number> }[]} */ (await serviceGet('system_settings?select=value&key=eq.remittance_shares'));
  assert.ok(setting, 'the remittance_shares setting exists');
  const lines = TYPES.map((type) => {
    const mine = gifts.filter((g) => g.giving_type === type);
    const total = mine.reduce((sum, g) => sum + toCents(g.amount), 0);
    const percent = Math.min(100, Math.max(0, setting.value[type] ?? 0));
    // round(total * percent / 100, 2), half away from zero as PostgreSQL rounds numeric.
    const conference = Number.isInteger(percent) ? Math.floor((total * percent + 50) / 100) : Math.round((total * percent) / 100);
    return { type, count: mine.length, total, percent, conference, local: total - conference };
  });
  const sum = (/** @type {'count' | 'total' | 'conference' | 'local'} */ key) => lines.reduce((acc, line) => acc + line[key], 0);
  return { lines, count: sum('count'), total: sum('total'), conference: sum('conference'), local: sum('local') };
}

/**
 * The remittance table's cells per row (types in order, then Total).
 * @param {import('playwright-core').Page} page
 */
async function remittanceRows(page) {
  return page
    .locator('.remittance-table tr[data-type]')
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => /** @type {HTMLElement} */ (cell).innerText)));
}

/**
 * Checks the page's remittance against the test's own figures.
 * @param {import('playwright-core').Page} page
 * @param {string} month
 */
async function assertRemittance(page, month) {
  const expected = await expectedRemittance(month);
  const rows = (await remittanceRows(page)).map((row) => row.map(plain));
  const c = (/** @type {number} */ value) => money(value / 100);
  assert.deepEqual(rows, [
    ...expected.lines.map((line) => [LABELS[/** @type {keyof typeof LABELS} */ (line.type)], String(line.count), c(line.total), `${String(line.percent)}%`, c(line.conference), c(line.local)]),
    ['Total', String(expected.count), c(expected.total), '—', c(expected.conference), c(expected.local)],
  ]);
  assert.equal(plain(await page.locator('.remit-total').innerText()), `Total to remit to the conference ${c(expected.conference)}`);
  const shares = plain(await page.locator('.remit-shares').innerText());
  for (const line of expected.lines) assert.ok(shares.includes(`${LABELS[/** @type {keyof typeof LABELS} */ (line.type)]} ${String(line.percent)}%`), shares);
  assert.ok(shares.includes('Set in System Settings → Financial.'));
  return expected;
}

/**
 * Saves the page as a PDF (Chromium's print) into the artifacts and checks it is one.
 * @param {import('playwright-core').Page} page
 * @param {string} name
 */
async function savePdf(page, name) {
  const path = join(artifacts, `${name}.pdf`);
  await page.pdf({ path, format: 'A4', printBackground: true });
  const bytes = await readFile(path);
  assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-', `${name}.pdf is a PDF`);
  return bytes;
}

/**
 * In print, only the documents show: the sidebar, header and the page's controls are hidden.
 * @param {import('playwright-core').Page} page
 */
async function assertPrintLayout(page) {
  await page.emulateMedia({ media: 'print' });
  for (const selector of ['.sidebar', '.admin-header', '.page-header', '.toolbar']) {
    assert.equal(await page.locator(selector).first().isVisible(), false, `${selector} is hidden in print`);
  }
  await shown(page.locator('.print-document').first(), 'the document prints');
  await page.emulateMedia({ media: 'screen' });
}

describe('giving statements and the monthly remittance (FINANCE_ADMIN)', () => {
  test('a member’s statement lists their verified gifts of the year with their receipt numbers; printed to PDF', async () => {
    const { page, problems, close } = await openPage(viewports.desktop);
    await signIn(page, finance);
    await page.goto(`${baseUrl}/admin/financial/statements`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Giving Statements' }).waitFor();

    await page.getByLabel('From', { exact: true }).fill(`${String(YEAR)}-01-01`);
    await page.getByLabel('To', { exact: true }).fill(`${String(YEAR)}-12-31`);
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL((url) => url.searchParams.get('from') === `${String(YEAR)}-01-01`);

    const searched = page.waitForResponse(
      (response) => response.url().includes('/rest/v1/rpc/search_members') && (response.request().postData() ?? '').includes(seeded.last),
    );
    await page.getByLabel('Find a member', { exact: true }).fill(seeded.last);
    await page.getByLabel('Find a member', { exact: true }).press('Enter');
    /** @type {unknown} */
    const asked = JSON.parse((await searched).request().postData() ?? '{}');
    assert.equal(/** @type {{ take?: number }} */ (asked).take, 20, 'the picker asks the server for a few members, never the register');
    await page.getByRole('list', { name: 'Matching members' }).getByRole('button', { name: new RegExp(seeded.last) }).click();

    const statement = page.getByRole('article', { name: `Giving statement of ${seeded.first} ${seeded.last}` });
    await statement.waitFor();
    const expected = seeded.gifts.filter((g) => counted(g) && g.giving_date.startsWith(String(YEAR)));
    assert.equal(expected.length, 6, 'six counted gifts were seeded in the year');
    const total = expected.reduce((sum, g) => sum + toCents(g.amount), 0) / 100;

    assert.equal(plain(await statement.locator('.statement-gift-count').innerText()), `${String(expected.length)} gifts`);
    assert.equal(plain(await statement.locator('.statement-total').innerText()), money(total));
    assert.equal(plain(await statement.locator('.doc-grand-total').innerText()), plain(`Total ${String(expected.length)} ${money(total)}`));
    const rows = await statement.locator('.statement-gifts tbody tr').evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.innerText.trim())),
    );
    assert.equal(rows.length, expected.length, 'one row per counted gift: unverified, demo and other years left out');
    assert.deepEqual(
      rows.map((row) => row[1]),
      expected.map((g) => g.receipt_no),
      'the receipt numbers are the records’ own',
    );
    assert.ok(expected.every((g) => g.receipt_no?.startsWith(`${String(YEAR)}-`)), 'every counted gift has its year’s receipt number');
    assert.deepEqual(
      rows.map((row) => plain(row[5] ?? '')),
      expected.map((g) => money(g.amount)),
    );
    const uncounted = seeded.gifts.filter((g) => !counted(g) || !g.giving_date.startsWith(String(YEAR)));
    for (const g of uncounted.filter((u) => u.transaction_id)) {
      assert.equal(await statement.getByText(g.transaction_id ?? '', { exact: true }).count(), 0, `${g.transaction_id ?? ''} is not on the statement`);
    }
    // Totals by type: only the types given, in the fixed order.
    const byType = await statement.locator('.statement-totals tbody tr').evaluateAll((trs) => trs.map((tr) => /** @type {HTMLElement} */ (tr).innerText));
    assert.deepEqual(
      byType.map((line) => plain(line)),
      TYPES.filter((type) => expected.some((g) => g.giving_type === type)).map((type) => {
        const mine = expected.filter((g) => g.giving_type === type);
        return plain(`${LABELS[/** @type {keyof typeof LABELS} */ (type)]} ${String(mine.length)} ${money(mine.reduce((s, g) => s + toCents(g.amount), 0) / 100)}`);
      }),
    );
    // The church's identity from the public settings, the member and the period.
    const [churchName] = /** @type {{ value: string }[]} */ (await serviceGet('system_settings?select=value&key=eq.church_name'));
    assert.equal(await statement.locator('.doc-church').innerText(), churchName?.value);
    assert.ok((await statement.innerText()).includes(seeded.number));
    assert.ok((await statement.innerText()).includes(`1 January ${String(YEAR)} – 31 December ${String(YEAR)}`));

    assert.deepEqual(await axeViolations(page), [], 'axe on a statement');
    await assertPrintLayout(page);
    await savePdf(page, `statement-${seeded.number}`);
    await screenshot(page, 'admin-statement');

    assert.deepEqual(problems, []);
    await close();
  });

  test('a paybill gift re-assigned to the member shows on their statement with the day and the reason (issue 31)', async () => {
    const fakeUrl = process.env.FAKE_DARAJA_URL ?? '';
    assert.ok(fakeUrl, 'scripts/e2e.sh starts the fake Daraja');
    const amount = 300 + (Number(String(Date.now()).slice(-2)) % 97);
    const paid = await fetch(`${fakeUrl}/__fake/paybill`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        url: `${baseUrl}/functions/v1/payments/paybill/e2e-callback-secret/confirmation`,
        amount,
        account: `NOBODY-${run}`,
        msisdn: `2547980${String(Date.now()).slice(-5)}`,
        duplicates: 0,
      }),
    });
    assert.equal(paid.status, 200);
    const { transId } = /** @type {{ transId: string }} */ (await bodyOf(paid));
    const headers = { ...(await userHeaders(finance)), 'content-type': 'application/json' };
    /** @type {{ id: string; giving_date: string } | undefined} */
    let gift;
    for (let i = 0; i < 50 && !gift; i++) {
      const response = await fetch(`${baseUrl}/rest/v1/giving_records?select=id,giving_date&transaction_id=eq.${transId}`, { headers });
      [gift] = /** @type {{ id: string; giving_date: string }[]} */ (await bodyOf(response));
      if (!gift) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    assert.ok(gift, 'the paybill gift was recorded');
    const giftId = gift.id;
    const reassign = async (/** @type {string | null} */ member, /** @type {string} */ reason) => {
      const args = member ? { gift: giftId, member, reason } : { gift: giftId, reason };
      const response = await fetch(`${baseUrl}/rest/v1/rpc/reassign_gift`, { method: 'POST', headers, body: JSON.stringify(args) });
      assert.equal(response.status, 200, await response.text());
    };
    const reason = `Paid by her brother for her (${run})`;
    await reassign(seeded.memberId, reason);
    try {
      const { page, problems, close } = await openPage(viewports.desktop);
      await signIn(page, finance);
      const year = gift.giving_date.slice(0, 4);
      await page.goto(`${baseUrl}/admin/financial/statements?from=${year}-01-01&to=${year}-12-31&member=${seeded.memberId}`, { waitUntil: 'networkidle' });
      const statement = page.getByRole('article', { name: `Giving statement of ${seeded.first} ${seeded.last}` });
      await statement.waitFor();
      const row = statement.locator('.statement-gifts tbody tr', { hasText: transId });
      assert.equal(plain(await row.locator('td').last().innerText()), money(amount));
      const note = statement.locator('.statement-correction');
      assert.equal(await note.count(), 1, 'the one corrected gift carries its note');
      const day = new Intl.DateTimeFormat('en-KE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Africa/Nairobi' }).format(new Date());
      assert.equal(plain(await note.innerText()), plain(`Re-assigned on ${day}: ${reason}`));
      assert.deepEqual(problems, []);
      await close();
    } finally {
      // Back to anonymous, so the run's member can be removed (a paid gift is never deleted).
      await reassign(null, `e2e tidy-up (${run})`);
    }
  });

  test('the batch of every member who gave includes the member, one sheet each', async () => {
    const { page, problems, close } = await openPage(viewports.desktop);
    await signIn(page, finance);
    const from = `${String(YEAR)}-01-01`;
    const to = `${String(YEAR)}-12-31`;
    const givers = new Set((await countedGifts(from, to)).flatMap((g) => (g.member_id ? [g.member_id] : [])));
    assert.ok(givers.has(seeded.memberId));

    await page.goto(`${baseUrl}/admin/financial/statements?from=${from}&to=${to}`, { waitUntil: 'networkidle' });
    await page.getByRole('radio', { name: 'All members who gave' }).check();
    const status = page.locator('.statements-pager .pager-status');
    await status.waitFor();
    const shown = Math.min(50, givers.size);
    assert.ok(plain(await status.innerText()).startsWith(`Members 1–${String(shown)} of ${givers.size.toLocaleString('en-KE')}`), await status.innerText());

    // Page through until the member's statement shows (by name; usually the first page).
    const name = `Giving statement of ${seeded.first} ${seeded.last}`;
    let pageNo = 1;
    for (; (await page.getByRole('article', { name }).count()) === 0; pageNo++) {
      assert.ok(pageNo < Math.ceil(givers.size / 50), 'the member is on one of the pages');
      const before = await status.innerText();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.waitForFunction((text) => document.querySelector('.statements-pager .pager-status')?.textContent !== text, before);
      await page.locator('.statement-batch[aria-busy="false"]').waitFor();
    }
    const statement = page.getByRole('article', { name });
    assert.equal(
      plain(await statement.locator('.statement-gift-count').innerText()),
      `${String(seeded.gifts.filter((g) => counted(g) && g.giving_date.startsWith(String(YEAR))).length)} gifts`,
    );
    const articles = await page.locator('.statement-batch > article').count();
    assert.equal(articles, Math.min(50, givers.size - (pageNo - 1) * 50), 'the page shows 50 statements (fewer on the last)');
    await page.emulateMedia({ media: 'print' });
    const breaks = await page.locator('.statement-batch > article').evaluateAll((items) => items.map((item) => getComputedStyle(item).breakAfter));
    assert.deepEqual(breaks, [...Array.from({ length: articles - 1 }, () => 'page'), 'auto'], 'each statement on its own sheet');
    await page.emulateMedia({ media: 'screen' });
    assert.deepEqual(await axeViolations(page), [], 'axe on the batch');

    assert.deepEqual(problems, []);
    await close();
  });

  test('the remittance report equals the records and the shares, last month by default and a chosen month; printed to PDF', async () => {
    const { page, problems, close } = await openPage(viewports.desktop);
    await signIn(page, finance);
    await page.goto(`${baseUrl}/admin/financial/remittance`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Monthly Remittance' }).waitFor();
    const monthName = (/** @type {string} */ month) =>
      new Intl.DateTimeFormat('en-KE', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
    await page.getByRole('article', { name: `Monthly Remittance, ${monthName(lastMonth)}` }).waitFor();
    const expected = await assertRemittance(page, lastMonth);
    assert.ok(expected.total > 0, 'last month has counted gifts (the seeded ones at least)');
    assert.deepEqual(await axeViolations(page), [], 'axe on the remittance report');
    await assertPrintLayout(page);
    await savePdf(page, `remittance-${lastMonth}-${run}`);
    await screenshot(page, 'admin-remittance');

    // A month of the statement year, through the picker.
    await page.getByLabel('Year', { exact: true }).selectOption(pastMonth.slice(0, 4));
    await page.getByLabel('Month', { exact: true }).selectOption(pastMonth.slice(5, 7));
    await page.getByRole('article', { name: `Monthly Remittance, ${monthName(pastMonth)}` }).waitFor();
    const past = await assertRemittance(page, pastMonth);
    const mine = seeded.gifts.filter((g) => counted(g) && g.giving_date.startsWith(pastMonth));
    assert.ok(past.count >= mine.length && mine.length >= 3, 'the chosen month counts the seeded gifts');

    assert.deepEqual(problems, []);
    await close();
  });

  test('on a phone (375 px): the statement and the remittance fit the screen, no serious accessibility violations', async () => {
    const { page, problems, close } = await openPage(viewports.phone);
    await signIn(page, finance);
    await page.goto(`${baseUrl}/admin/financial/statements?from=${String(YEAR)}-01-01&to=${String(YEAR)}-12-31&member=${seeded.memberId}`, {
      waitUntil: 'networkidle',
    });
    await page.getByRole('article', { name: `Giving statement of ${seeded.first} ${seeded.last}` }).waitFor();
    assert.deepEqual(await axeViolations(page), [], 'axe on a statement at 375 px');
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling of the page');
    await screenshot(page, 'admin-statement-375');

    await page.goto(`${baseUrl}/admin/financial/remittance?month=${pastMonth}`, { waitUntil: 'networkidle' });
    await page.locator('.remittance-table').waitFor();
    assert.deepEqual(await axeViolations(page), [], 'axe on the remittance at 375 px');
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling of the page');
    await screenshot(page, 'admin-remittance-375');

    assert.deepEqual(problems, []);
    await close();
  });

  test('content admins and elders are refused the statements and the remittance (403)', async () => {
    /** @type {{ fn: string; args: Record<string, string> }[]} */
    const calls = [
      { fn: 'get_giving_statement', args: { member_id: seeded.memberId, from_date: `${String(YEAR)}-01-01`, to_date: `${String(YEAR)}-12-31` } },
      { fn: 'get_giving_statements', args: { from_date: `${String(YEAR)}-01-01`, to_date: `${String(YEAR)}-12-31` } },
      { fn: 'get_remittance', args: { month: `${lastMonth}-01` } },
    ];
    for (const key of ['content', 'elder']) {
      const headers = await userHeaders(testUser(key));
      for (const { fn, args } of calls) {
        const response = await fetch(`${baseUrl}/rest/v1/rpc/${fn}`, { method: 'POST', headers, body: JSON.stringify(args) });
        const body = /** @type {{ code?: string }} */ (await bodyOf(response));
        assert.equal(response.status, 403, `${key} → ${fn}`);
        assert.equal(body.code, '42501', `${key} → ${fn}`);
      }
    }
    // The finance admin's own calls succeed: the refusal above is about the role.
    const headers = await userHeaders(finance);
    for (const { fn, args } of calls) {
      const response = await fetch(`${baseUrl}/rest/v1/rpc/${fn}`, { method: 'POST', headers, body: JSON.stringify(args) });
      assert.equal(response.status, 200, `finance → ${fn}: ${await response.text()}`);
    }
  });
});
