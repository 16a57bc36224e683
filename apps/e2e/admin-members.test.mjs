// Browser tests of the back office's Members screen (issue 16), against a running Kanisa with
// demo content and the test accounts (scripts/e2e.sh, scripts/dev-server.sh). A member admin
// (MEMBER_ADMIN: manage_members) does everything through the page; what the server stored is
// read back through the table API as that staff account, and the service key only prepares a
// giving record and tidies up after.
//
//   source /tmp/kanisa-dev-<port>.env && cd apps && node --test e2e/admin-members.test.mjs
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { artifacts, axeViolations, baseUrl, openPage, patient, screenshot, serviceHeaders, signIn, useBrowser, viewports } from './lib/browser.mjs';
import { bodyOf, serviceGet, serviceWrite, userHeaders } from './lib/rest.mjs';
import { testUser } from './users.mjs';
import { cleanupList } from './lib/cleanup.mjs';

useBrowser();

const clerk = testUser('member-admin');
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toUpperCase();
/** Eight digits of this run, for unique phone numbers. */
const digits = String(Date.now()).slice(-8);

/**
 * @typedef {{ id: string; membership_number: string | null; first_name: string; last_name: string; full_name: string;
 *   date_of_birth: string | null; address: string | null; phone: string | null; email: string | null;
 *   marital_status: string | null; baptism_date: string | null; membership_date: string | null;
 *   emergency_contact: Record<string, string> | null; is_active: boolean }} MemberRow
 * @typedef {{ action: string; ip_address: string | null; user_agent: string | null; admin_id: string | null }} LogEntry
 */


/** Bearer headers of the member admin (what the app itself sends). */
const clerkHeaders = () => userHeaders(clerk);

/**
 * Members as the member admin reads them through the table API.
 * @param {string} query e.g. `last_name=eq.X`
 * @returns {Promise<MemberRow[]>}
 */
async function staffMembers(query) {
  const response = await fetch(`${baseUrl}/rest/v1/members?select=*&${query}&order=first_name.asc`, { headers: await clerkHeaders() });
  assert.equal(response.status, 200, `GET members?${query}: ${await response.clone().text()}`);
  return /** @type {MemberRow[]} */ (await bodyOf(response));
}


/** How many members the server holds (count=exact, service key). */
async function memberTotal() {
  const response = await fetch(`${baseUrl}/rest/v1/members?select=id`, { method: 'HEAD', headers: { ...serviceHeaders(), prefer: 'count=exact' } });
  assert.ok(response.ok);
  return Number(/\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1]);
}

/**
 * The activity log entries about one member (details.id), oldest first.
 * @param {string} id
 * @returns {Promise<LogEntry[]>}
 */
async function logEntriesFor(id) {
  return /** @type {LogEntry[]} */ (
    await serviceGet(`admin_activity_logs?select=action,ip_address,user_agent,admin_id,created_at&details->>id=eq.${id}&order=created_at.asc`)
  );
}

/**
 * RFC 4180 CSV as the export writes it (BOM, CRLF, quoted fields), for comparing with the table.
 * @param {string} text
 * @returns {string[][]}
 */
function parseCsv(text) {
  const source = text.replace(/^\uFEFF/, '');
  /** @type {string[][]} */
  const rows = [];
  /** @type {string[]} */
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < source.length; i++) {
    const char = source.charAt(i);
    if (quoted) {
      if (char === '"' && source.charAt(i + 1) === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source.charAt(i + 1) === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

const cleanups = cleanupList();

/**
 * Runs a search from the box (Enter) and waits until the list shows it.
 * @param {import('playwright-core').Page} page
 * @param {string} text
 */
async function search(page, text) {
  const box = page.getByLabel('Search members');
  await box.fill(text);
  await box.press('Enter');
  await page.locator('.result-count', { hasText: /found$/ }).waitFor();
  await page.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
}

/**
 * Clears the search box: the whole list comes back at once.
 * @param {import('playwright-core').Page} page
 */
async function clearSearch(page) {
  await page.getByLabel('Search members').fill('');
  await page.locator('.result-count', { hasText: /members$/ }).waitFor();
  await page.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
}

/**
 * The visible rows' cells (Name, Membership No., Phone, Email).
 * @param {import('playwright-core').Page} page
 */
async function tableRows(page) {
  return page.locator('.data-table tbody tr').evaluateAll((rows) =>
    rows.map((row) => [...row.querySelectorAll('td')].slice(0, 4).map((cell) => cell.innerText.trim())),
  );
}

/**
 * Opens the add dialog, fills what is given and saves.
 * @param {import('playwright-core').Page} page
 * @param {Record<string, string>} fields label → value (text fields)
 * @param {{ ministries?: string[]; marital?: string }} [more]
 */
async function addMember(page, fields, more = {}) {
  await page.getByRole('button', { name: '+ Add Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Member' });
  for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(label, { exact: true }).fill(value);
  if (more.marital) await dialog.getByLabel('Marital Status').selectOption(more.marital);
  for (const ministry of more.ministries ?? []) await dialog.getByLabel(ministry, { exact: true }).check();
  const created = page.waitForResponse((r) => r.url().includes('/rest/v1/members') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Add Member' }).click();
  assert.equal((await created).status(), 201);
  await dialog.waitFor({ state: 'hidden' });
}

describe('back office members (MEMBER_ADMIN)', () => {
  test('acceptance 1: add a member with and without optional fields (nulls stored), search by each field, deactivate, delete', async () => {
    const first = `Zawadi${run}`;
    const last = `Kamau${run}`;
    const number = `E2E-${run}-1`;
    const email = `zawadi.${run.toLowerCase()}@example.org`;
    const phone = `+2547${digits}`;
    const { page, problems, close } = await openPage(viewports.desktop, {
      // The refused delete of a member with giving records is part of the test.
      expectedFailure: (url) => url.includes('/rest/v1/members?id=eq.'),
    });
    await signIn(page, clerk);
    await page.goto(`${baseUrl}/admin/members`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Members' }).waitFor();
    const total = await memberTotal();
    // The count line names the true total once the list has answered.
    const countLine = page.locator('.result-count');
    await countLine
      .filter({ hasText: total.toLocaleString('en-KE') })
      .waitFor({ timeout: patient(10_000) })
      .catch(async () => assert.fail(`the count line names the true total (${await countLine.innerText()}, ${String(total)})`));

    // Without optional fields: only the names, everything else null.
    await addMember(page, { 'First Name *': `Bare${run}`, 'Last Name *': last });
    await page.getByText(`Bare${run} ${last} was added to the members.`).waitFor();
    const [bare] = await staffMembers(`first_name=eq.Bare${run}`);
    assert.ok(bare, 'stored');
    cleanups.push(() => serviceWrite('DELETE', `members?id=eq.${bare.id}`));
    assert.deepEqual(
      [bare.membership_number, bare.date_of_birth, bare.address, bare.phone, bare.email, bare.marital_status, bare.baptism_date, bare.membership_date, bare.emergency_contact, bare.is_active],
      [null, null, null, null, null, null, null, null, null, true],
      'empty optional fields are stored as null, the emergency contact too',
    );

    // With every field, part of an emergency contact and a ministry.
    await addMember(
      page,
      {
        'First Name *': first,
        'Last Name *': last,
        'Membership Number': number,
        Email: email,
        Phone: phone,
        Address: 'Plot 7, Kenyatta Avenue, Nakuru',
        'Date of Birth': '1988-02-29',
        'Baptism Date': '2004-06-05',
        'Membership Date': '2005-01-08',
        'Contact Name': 'Baraka Kamau',
        Relationship: 'Brother',
      },
      { marital: 'single', ministries: ['Youth Ministry'] },
    );
    const [full] = await staffMembers(`first_name=eq.${first}`);
    assert.ok(full, 'stored');
    cleanups.push(() => serviceWrite('DELETE', `members?id=eq.${full.id}`));
    assert.deepEqual(
      [full.membership_number, full.email, full.phone, full.address, full.marital_status, full.date_of_birth, full.baptism_date, full.membership_date],
      [number, email, phone, 'Plot 7, Kenyatta Avenue, Nakuru', 'single', '1988-02-29', '2004-06-05', '2005-01-08'],
    );
    assert.deepEqual(full.emergency_contact, { name: 'Baraka Kamau', relationship: 'Brother' }, 'only the filled parts of the contact');
    const links = /** @type {{ ministries: { name: string } }[]} */ (
      await serviceGet(`member_ministries?select=ministries(name)&member_id=eq.${full.id}`)
    );
    assert.deepEqual(links.map((link) => link.ministries.name), ['Youth Ministry'], 'the ministry link was saved with the member');

    // Search on Enter, case-insensitive, by each field; clearing shows everyone again.
    const box = page.getByLabel('Search members');
    await box.fill(first);
    await page.waitForTimeout(400);
    assert.doesNotMatch(await page.locator('.result-count').innerText(), /found$/, 'typing alone does not search');
    for (const term of [first.toLowerCase(), last.toUpperCase(), `${first} ${last}`, number.toLowerCase(), email.toUpperCase(), phone.slice(-6)]) {
      await search(page, term);
      const rows = await tableRows(page);
      assert.ok(rows.some((row) => row[0] === `${first} ${last}`), `“${term}” finds the member (${JSON.stringify(rows)})`);
      if (term !== last.toUpperCase()) assert.equal(rows.length, 1, `“${term}” finds only that member`);
    }
    await clearSearch(page);
    assert.ok((await page.locator('.result-count').innerText()).includes((total + 2).toLocaleString('en-KE')), 'the whole list is back');

    // Edit: leave the ministry, and the link goes.
    await search(page, number);
    await page.getByRole('button', { name: `Edit ${first} ${last}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Member' });
    assert.ok(await edit.getByLabel('Youth Ministry', { exact: true }).isChecked(), 'the ministry is shown as chosen');
    await edit.getByLabel('Youth Ministry', { exact: true }).uncheck();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await edit.waitFor({ state: 'hidden' });
    await page.getByText(`${first} ${last} was saved.`).waitFor();
    assert.deepEqual(await serviceGet(`member_ministries?select=ministry_id&member_id=eq.${full.id}`), [], 'the link was removed');

    // Deactivate.
    await page.getByRole('button', { name: `Deactivate ${first} ${last}` }).click();
    await page.getByText(`${first} ${last} was deactivated.`).waitFor();
    await page.getByRole('button', { name: `Activate ${first} ${last}` }).waitFor();
    assert.equal((await staffMembers(`id=eq.${full.id}`))[0]?.is_active, false, 'stored inactive');

    // A member with giving records cannot be deleted: the message points to Deactivate.
    const [gift] = /** @type {{ id: string }[]} */ (
      await serviceWrite('POST', 'giving_records', { member_id: full.id, amount: 100, giving_type: 'offering', payment_method: 'cash' })
    );
    assert.ok(gift);
    await page.getByRole('button', { name: `Delete ${first} ${last}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Member' });
    assert.equal((await confirm.locator('.confirm-message').innerText()).trim(), 'Are you sure you want to delete this member?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('alert').getByText(/has giving records.*Use Deactivate instead/).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    assert.equal((await staffMembers(`id=eq.${full.id}`)).length, 1, 'still there');
    await serviceWrite('DELETE', `giving_records?id=eq.${gift.id}`);

    // Delete.
    await page.getByRole('button', { name: `Delete ${first} ${last}` }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByText(`${first} ${last} was deleted.`).waitFor();
    assert.equal((await staffMembers(`id=eq.${full.id}`)).length, 0, 'deleted');

    const log = await logEntriesFor(full.id);
    assert.deepEqual(
      log.map((entry) => entry.action),
      ['member_created', 'member_updated', 'member_deleted'],
      'created, deactivated, deleted (the refused delete left nothing)',
    );
    for (const entry of log) {
      assert.equal(entry.ip_address, '127.0.0.1', 'the real client address');
      assert.match(entry.user_agent ?? '', /Chrome/);
    }

    // The refused delete is logged to the console by the page, as every failure is (§8).
    assert.deepEqual(
      problems.filter((problem) => !problem.includes('Deleting the member failed')),
      [],
    );
    await close();
  });

  test('acceptance 1: a CSV import with one bad row is previewed (refused with its reason) and applied only after confirming; the export matches the table', async () => {
    const last = `Import${run}`;
    const rows = [
      ['membership_number', 'first_name', 'last_name', 'date_of_birth', 'phone', 'email', 'address', 'marital_status', 'emergency_contact_name', 'is_active'],
      [`E2E-${run}-A`, 'Amani', last, '1990-05-01', '+254711000001', `amani.${run.toLowerCase()}@example.org`, '"Plot 1, Nakuru"', 'married', 'Neema', 'true'],
      [`E2E-${run}-B`, 'Baraka', last, '1990-31-12', '', '', '', '', '', ''],
      [`E2E-${run}-C`, 'Chausiku', last, '', '+254711000003', '', '', 'single', '', 'no'],
    ];
    const csv = `\uFEFF${rows.map((row) => row.join(',')).join('\r\n')}\r\n`;
    const { page, problems, close } = await openPage(viewports.desktop);
    await signIn(page, clerk);
    await page.goto(`${baseUrl}/admin/members`, { waitUntil: 'networkidle' });

    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Members' });
    await dialog.getByLabel('CSV file').setInputFiles({ name: 'members.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByText('members.csv: 3 members read. Nothing has been saved yet.').waitFor();
    const summary = await dialog.getByRole('list', { name: 'What the import will do' }).innerText();
    assert.match(summary, /2 to add/);
    assert.match(summary, /0 to update/);
    assert.match(summary, /1 refused/);
    const refusedRow = dialog.locator('tbody tr', { hasText: 'Baraka' });
    assert.match(await refusedRow.innerText(), /Refused/);
    assert.match(await refusedRow.innerText(), /Bad date in date_of_birth: "1990-31-12"/);
    assert.match(await refusedRow.innerText(), /^3\b/, 'the file line of the row');
    assert.deepEqual(await axeViolations(page), [], 'axe on the import preview');
    await page.screenshot({ path: join(artifacts, 'admin-members-import-preview-1280.png') });
    assert.equal((await staffMembers(`last_name=eq.${last}`)).length, 0, 'nothing is written before confirming');

    await dialog.getByRole('button', { name: 'Import 2 members' }).click();
    await dialog.getByText('Import complete: 2 members added, 0 members updated.').waitFor();
    await dialog.getByText('1 row was refused and not imported.').waitFor();
    const stored = await staffMembers(`last_name=eq.${last}`);
    for (const member of stored) cleanups.push(() => serviceWrite('DELETE', `members?id=eq.${member.id}`));
    assert.deepEqual(
      stored.map((m) => [m.first_name, m.membership_number, m.address, m.marital_status, m.is_active, m.emergency_contact]),
      [
        ['Amani', `E2E-${run}-A`, 'Plot 1, Nakuru', 'married', true, { name: 'Neema' }],
        ['Chausiku', `E2E-${run}-C`, null, 'single', false, null],
      ],
      'the valid rows were written, the refused one was not',
    );
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Importing the same file again updates instead of doubling.
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await dialog.getByLabel('CSV file').setInputFiles({ name: 'members.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByText('members.csv: 3 members read. Nothing has been saved yet.').waitFor();
    assert.match(await dialog.getByRole('list', { name: 'What the import will do' }).innerText(), /0 to add[\s\S]*2 to update[\s\S]*1 refused/);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The export of the current search holds exactly the table's members.
    await search(page, last);
    const table = await tableRows(page);
    assert.equal(table.length, 2);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const path = await download.path();
    const exported = parseCsv(await readFile(path, 'utf8'));
    const [header, ...body] = exported;
    assert.deepEqual(header?.slice(0, 6), ['membership_number', 'first_name', 'last_name', 'date_of_birth', 'phone', 'email']);
    assert.deepEqual(
      body.map((row) => [`${row[1] ?? ''} ${row[2] ?? ''}`, row[0] ?? '', row[4] ?? '', row[5] ?? ''].map((cell) => (cell === '' ? '—' : cell))),
      table,
      'the export lists the table’s members with the same values, in the same order',
    );

    // Without a search the export holds every member (several requests of 1,000 when needed).
    await clearSearch(page);
    const total = await memberTotal();
    const [all] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const everyone = parseCsv(await readFile(await all.path(), 'utf8'));
    assert.equal(everyone.length - 1, total, 'every member is exported, none cut');
    await page.getByText(`Exported ${total.toLocaleString('en-KE')} members to a CSV file.`).waitFor();

    assert.deepEqual(problems, []);
    await close();
  });

  for (const viewport of [viewports.phone, viewports.desktop]) {
    test(`/admin/members at ${String(viewport.width)} px: no serious accessibility violations, list and form`, async () => {
      // A member with a long name, number and e-mail without a space, first in the list's order:
      // however long such values are, the table still fits and every action button stays in view.
      const [long] = /** @type {MemberRow[]} */ (
        await serviceWrite('POST', 'members', {
          first_name: `Bartholomayo${run}`,
          last_name: `Aabdulrahmankiprotichwanjiru${run}`,
          membership_number: `E2E-LONGNUMBER${run}${String(viewport.width)}0000000000`,
          email: `bartholomayo.abdulrahmankiprotich.${run.toLowerCase()}.${String(viewport.width)}@parishmail.example.org`,
        })
      );
      assert.ok(long);
      cleanups.push(() => serviceWrite('DELETE', `members?id=eq.${long.id}`));
      const { page, problems, close } = await openPage(viewport);
      await signIn(page, clerk);
      await page.goto(`${baseUrl}/admin/members`, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1, name: 'Members' }).waitFor();
      await page.locator('.data-table').waitFor();
      await page.getByText(`Aabdulrahmankiprotichwanjiru${run}`, { exact: false }).first().waitFor();
      assert.deepEqual(await axeViolations(page), [], 'axe on the list');
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling');
      assert.ok(
        await page.locator('.table-wrap').evaluate((element) => element.scrollWidth <= element.clientWidth + 1),
        'the table fits its box (every action button in view)',
      );
      await screenshot(page, `admin-members-${String(viewport.width)}`);

      await page.getByRole('button', { name: '+ Add Member' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add New Member' });
      await dialog.getByRole('button', { name: 'Add Member' }).click();
      await dialog.getByText('Please enter the first name.').waitFor();
      await dialog.getByLabel('Youth Ministry', { exact: true }).waitFor();
      assert.deepEqual(await axeViolations(page), [], 'axe on the open form with its errors');
      await page.screenshot({ path: join(artifacts, `admin-members-modal-${String(viewport.width)}.png`) });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: 'Import CSV' }).click();
      const importer = page.getByRole('dialog', { name: 'Import Members' });
      await importer.getByLabel('CSV file').waitFor();
      assert.deepEqual(await axeViolations(page), [], 'axe on the import dialog');
      await page.keyboard.press('Escape');

      assert.deepEqual(problems, []);
      await close();
    });
  }
});
