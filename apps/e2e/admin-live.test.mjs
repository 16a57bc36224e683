// Browser test of the back office's live updates (issue 45): the signed-in frame follows the
// published tables over /realtime/v1/websocket. A visitor sends a prayer request through the
// public form in one browser; an elder's Prayer Requests screen, open in another, shows it
// without a reload, marked New, as the elder's policies allow.
//
//   source /tmp/kanisa-dev-<port>.env && cd apps && node --test e2e/admin-live.test.mjs
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { baseUrl, openPage, patient, screenshot, signIn, useBrowser, viewports } from './lib/browser.mjs';
import { cleanupList } from './lib/cleanup.mjs';
import { serviceGet, serviceWrite } from './lib/rest.mjs';
import { testUser } from './users.mjs';

useBrowser();

const elder = testUser('elder');
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const cleanups = cleanupList();

/**
 * @param {import('playwright-core').Locator} dialog
 * @param {string} label
 */
const control = (dialog, label) => dialog.getByLabel(new RegExp(`^${label}( \\*)?$`));

describe('live updates in the back office', () => {
  test('a prayer request sent by a visitor appears on the elder’s open Prayer Requests screen without a reload', async () => {
    const title = `E2E Live Prayer ${run}`;
    cleanups.push(() => serviceWrite('DELETE', `prayer_requests?title=eq.${encodeURIComponent(title)}`));

    const staff = await openPage(viewports.desktop);
    const visitor = await openPage(viewports.phone);
    try {
      const { page } = staff;
      await signIn(page, elder);
      await page.goto(`${baseUrl}/admin/prayer-requests`, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1, name: 'Prayer Requests' }).waitFor();
      // The socket joined: from here on a change reaches this screen.
      await page.locator('.admin[data-live="live"]').waitFor({ timeout: patient(15_000) });
      // A mark a reload would wipe.
      await page.evaluate((mark) => {
        Object.assign(window, { kanisaLiveMark: mark });
      }, run);
      const card = page.locator('article.prayer-card', { has: page.getByRole('heading', { name: title, exact: true }) });
      assert.equal(await card.count(), 0, 'not there before the visitor sends it');

      const form = visitor.page;
      await form.goto(`${baseUrl}/submissions`);
      await form.getByRole('button', { name: 'Start Request: Prayer Request' }).click();
      const dialog = form.getByRole('dialog', { name: 'Prayer Request' });
      await dialog.waitFor();
      await control(dialog, 'Full Name').fill('Akinyi Live');
      await control(dialog, 'Email Address').fill(`akinyi.${run}@example.org`);
      await control(dialog, 'Phone Number').fill('0712 345 678');
      await control(dialog, 'Prayer Type').selectOption('health');
      await control(dialog, 'Subject').fill(title);
      await dialog.locator('textarea[name="message"]').fill('Please pray for my mother in hospital.');
      await dialog.getByRole('button', { name: 'Submit Request' }).click();
      await dialog.getByRole('button', { name: 'Submitted' }).waitFor({ timeout: patient(15_000) });
      const [stored] = /** @type {{ id: string }[]} */ (await serviceGet(`prayer_requests?select=id&title=eq.${encodeURIComponent(title)}`));
      assert.ok(stored, 'the server stored the request');

      // The elder's screen shows it, marked New, and the page was never reloaded.
      await card.waitFor({ timeout: patient(15_000) });
      await card.getByText('New', { exact: true }).waitFor();
      assert.match((await card.getAttribute('class')) ?? '', /\bfresh-arrival\b/);
      assert.equal(await page.evaluate(() => /** @type {{ kanisaLiveMark?: string }} */ (window).kanisaLiveMark), run, 'the page was not reloaded');
      await screenshot(page, 'admin-live-prayer-arrival');
      assert.deepEqual(staff.problems, [], 'the back office had no errors');
      assert.deepEqual(visitor.problems, [], 'the public site had no errors');
    } finally {
      await staff.close();
      await visitor.close();
    }
  });
});
