// Browser test of the Members screen over a conference's register (issue 35, acceptance 3):
// 50,000 members are added through the table API with the service key (bulk inserts of 1,000),
// then a member admin pages the list to its last page and searches it. The list asks
// count=estimated (exact up to 1,000, the planner's estimate beyond) and reads deep pages and the
// last one by key. Every row this file adds has a membership number and last name of its own run,
// and is deleted after the file's tests, so the tests after it in the same server see the
// register as it was.
//
//   source /tmp/kanisa-dev-<port>.env && cd apps && node --test e2e/admin-members-scale.test.mjs
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { baseUrl, openPage, serviceHeaders, signIn, useBrowser, viewports } from './lib/browser.mjs';
import { cleanupList } from './lib/cleanup.mjs';
import { testUser } from './users.mjs';

useBrowser();

const clerk = testUser('member-admin');
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toUpperCase();
const SIZE = 50_000;
const BATCH = 1000;
/** Last names sort after every demo member's ("Zzz…"), so this run's rows end the list. */
const lastName = (/** @type {number} */ i) => `Zzzscale${run}${String(i).padStart(5, '0')}`;
const cleanups = cleanupList();

/** Adds this run's 50,000 members, 1,000 per request (the server's cap), with return=minimal. */
async function seedRegister() {
  // Deleted 1,000 at a time (numbers 00000-00999, 01000-01999, …): one statement for all
  // 50,000 can outlast the statement timeout on a busy machine, and then the tests after this
  // file on the same server (the compatibility suite counts the demo's members) would see them.
  cleanups.push(async () => {
    for (let block = 0; block < SIZE / BATCH; block += 1) {
      const prefix = `SCALE-${run}-${String(block).padStart(2, '0')}`;
      const response = await fetch(`${baseUrl}/rest/v1/members?membership_number=like.${prefix}*`, {
        method: 'DELETE',
        headers: { ...serviceHeaders(), prefer: 'return=minimal' },
      });
      assert.ok(response.ok, `deleting the register (${prefix}…): HTTP ${String(response.status)} ${await response.text()}`);
    }
    const left = await fetch(`${baseUrl}/rest/v1/members?select=id&membership_number=like.SCALE-${run}-*&limit=1`, {
      headers: serviceHeaders(),
    });
    assert.deepEqual(await left.json(), [], 'no member of this run is left');
  });
  for (let from = 0; from < SIZE; from += BATCH) {
    const rows = Array.from({ length: BATCH }, (_, k) => {
      const i = from + k;
      return {
        membership_number: `SCALE-${run}-${String(i).padStart(5, '0')}`,
        first_name: 'Scale',
        last_name: lastName(i),
        phone: `0790${String(i).padStart(6, '0')}`,
        email: `scale${String(i)}.${run.toLowerCase()}@example.org`,
      };
    });
    const response = await fetch(`${baseUrl}/rest/v1/members`, {
      method: 'POST',
      headers: { ...serviceHeaders(), 'content-type': 'application/json', prefer: 'return=minimal' },
      body: JSON.stringify(rows),
    });
    assert.equal(response.status, 201, `adding members ${String(from)}…: ${await response.text()}`);
  }
}

/** The count line above the list, once it says `expected`. */
async function countLine(/** @type {import('playwright-core').Page} */ page, /** @type {RegExp} */ expected) {
  const line = page.locator('.result-count');
  await line.filter({ hasText: expected }).waitFor();
  return line.innerText();
}

describe('Members over a conference register (issue 35)', () => {
  test('acceptance 3: 50,000 members — an estimated total, the last page, and a search paged to its end', async () => {
    await seedRegister();
    const { page, problems, close } = await openPage(viewports.desktop);
    await signIn(page, clerk);
    await page.goto(`${baseUrl}/admin/members`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Members' }).waitFor();
    // Above 1,000 the total is the planner's estimate, said as such.
    await countLine(page, /^Showing 1–50 of about [\d,]+ members$/);
    const pager = page.getByRole('navigation', { name: 'Pages of members' });
    await pager.getByText(/^Page 1 of about [\d,]+$/).waitFor();

    // Last: read from the end by key; this run's last member closes the list.
    await pager.getByRole('button', { name: /Last/ }).click();
    await countLine(page, /^Showing the last 50 of about [\d,]+ members$/);
    const rows = page.locator('tbody tr');
    await rows.last().getByText(`Scale ${lastName(SIZE - 1)}`).waitFor();
    await rows.first().getByText(`Scale ${lastName(SIZE - 50)}`).waitFor();
    assert.equal(await pager.getByRole('button', { name: /Next/ }).getAttribute('aria-disabled'), 'true');
    // Previous from the end continues by key.
    await pager.getByRole('button', { name: /Previous/ }).click();
    await countLine(page, /^Showing 51–100 from the end of about [\d,]+ members$/);
    await rows.last().getByText(`Scale ${lastName(SIZE - 51)}`).waitFor();

    // A broad search (every row of this run) is estimated too, and its last page is reachable.
    const box = page.getByLabel('Search members');
    await box.fill(`zzzscale${run.toLowerCase()}`);
    await box.press('Enter');
    await countLine(page, /^Showing 1–50 of about [\d,]+ members found$/);
    await rows.first().getByText(`Scale ${lastName(0)}`).waitFor();
    await pager.getByRole('button', { name: /Last/ }).click();
    await countLine(page, /^Showing the last 50 of about [\d,]+ members found$/);
    await rows.last().getByText(`Scale ${lastName(SIZE - 1)}`).waitFor();

    // A narrow search is counted exactly.
    await box.fill(`SCALE-${run}-4999`);
    await box.press('Enter');
    await countLine(page, /^10 members found$/);
    assert.equal(await rows.count(), 10);
    assert.deepEqual(problems, [], 'no console errors or failed requests');
    await close();
  });
});
