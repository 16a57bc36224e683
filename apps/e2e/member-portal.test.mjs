// The member portal (issue 46) in the browser: a member signs in by phone at 375 px in
// Kiswahili on /sw/me (the lanes' servers keep SMS in demo mode, so the code shows on the
// screen, marked as a demo), sees this year's total equal to the treasurer's statement for the
// same member and period, asks for a new phone number, the clerk approves it on the back
// office's Members screen, and the member signs in with the new number. Each run makes its own
// member and gifts and removes them after.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { baseUrl, openPage, screenshot, signIn, useBrowser, viewports } from './lib/browser.mjs';
import { churchToday } from './lib/church-time.mjs';
import { serviceWrite, userHeaders } from './lib/rest.mjs';
import { testUser } from './users.mjs';

useBrowser();

/** A number no other run or demo member has: 0712 4xx xxx from the clock. */
const local = `07124${String(Date.now() % 100_000).padStart(5, '0')}`;
/** The slow-3G member's number: 0712 6xx xxx. */
const slow = `07126${local.slice(-5)}`;
/** @type {string | undefined} */
let slowMemberId;
/** The number the member moves to: 0712 5xx xxx. */
const moved = `07125${local.slice(-5)}`;
/** @type {string | undefined} */
let memberId;

after(async () => {
  if (slowMemberId) await serviceWrite('DELETE', `members?id=eq.${slowMemberId}`);
  if (!memberId) return;
  await serviceWrite('DELETE', `giving_records?member_id=eq.${memberId}`);
  await serviceWrite('DELETE', `members?id=eq.${memberId}`);
});

describe('the member portal', () => {
  test('a member signs in by phone in Kiswahili, sees the treasurer’s total, and moves to a new number the clerk approves', async () => {
    const today = churchToday();
    const from = `${today.slice(0, 4)}-01-01`;
    const rows = /** @type {{ id: string }[]} */ (
      await serviceWrite('POST', 'members', { first_name: 'Wanjiku', last_name: `Portal ${local.slice(-5)}`, phone: local })
    );
    const member = rows[0];
    assert.ok(member, 'the member made');
    memberId = member.id;
    await serviceWrite('POST', 'giving_records', [
      { member_id: member.id, amount: 1250, giving_type: 'tithe', payment_method: 'mpesa', giving_date: from, is_verified: true },
      { member_id: member.id, amount: 300, giving_type: 'offering', payment_method: 'cash', giving_date: today, is_verified: true },
    ]);

    const { page, problems, close } = await openPage(viewports.phone);
    try {
      await page.goto(`${baseUrl}/sw/me`);
      await page.getByRole('heading', { level: 1, name: 'Kanisa Langu' }).waitFor();
      await page.getByLabel('Nambari yako ya simu').fill(local);
      await page.getByRole('button', { name: 'Nitumie nambari ya siri' }).click();
      const demo = page.getByText(/Nambari yako ni \d{6}/);
      await demo.waitFor();
      const code = /(\d{6})/.exec((await demo.textContent()) ?? '')?.[1];
      assert.ok(code, 'the demo code on the screen');
      await page.getByLabel('Nambari ya siri ya tarakimu sita').fill(code);
      await page.getByRole('button', { name: 'Ingia' }).click();
      await page.getByText(/^Karibu, Wanjiku/).waitFor();
      const total = page.getByTestId('portal-year-total');
      await total.waitFor();

      const treasurer = await userHeaders(testUser('finance'));
      const response = await fetch(`${baseUrl}/rest/v1/rpc/get_giving_statement`, {
        method: 'POST',
        headers: treasurer,
        body: JSON.stringify({ member_id: member.id, from_date: from, to_date: today }),
      });
      assert.equal(response.status, 200, await response.clone().text());
      /** @type {unknown} */
      const answer = await response.json();
      const statement = /** @type {{ total: number }} */ (answer);
      assert.equal(statement.total, 1550);
      const shown = Number(((await total.textContent()) ?? '').replace(/[^\d.]/g, ''));
      assert.equal(shown, statement.total);
      await screenshot(page, 'member-portal-sw-375');

      // A new phone number, sent to the clerk: the portal says it waits for the clerk.
      await page.getByRole('button', { name: 'Omba badiliko' }).click();
      await page.locator('#portal-new-phone').fill(moved);
      await page.getByRole('button', { name: 'Tuma kwa karani' }).click();
      await page.getByTestId('portal-change-status').getByText('Inasubiri karani.').waitFor();

      // The clerk approves it on the Members screen.
      const clerk = await openPage(viewports.desktop);
      try {
        await signIn(clerk.page, testUser('member-admin'));
        await clerk.page.goto(`${baseUrl}/admin/members`);
        const card = clerk.page.getByRole('listitem', { name: `Change for Wanjiku Portal ${local.slice(-5)}` });
        await card.getByRole('row', { name: /Phone/ }).getByText(`+254${moved.slice(1)}`).waitFor();
        await card.getByRole('button', { name: /^Approve/ }).click();
        await card.waitFor({ state: 'detached' });
        assert.deepEqual(clerk.problems, []);
      } finally {
        await clerk.close();
      }

      // The member sees the change made, signs out, and signs in with the new number.
      await page.reload();
      await page.getByTestId('portal-change-status').getByText(/^Karani amefanya badiliko lako/).waitFor();
      const spaced = `${moved.slice(0, 4)} ${moved.slice(4, 7)} ${moved.slice(7)}`;
      assert.equal(await page.getByTestId('portal-phone').textContent(), spaced);
      await page.getByRole('button', { name: 'Toka', exact: true }).click();
      await page.getByLabel('Nambari yako ya simu').fill(moved);
      await page.getByRole('button', { name: 'Nitumie nambari ya siri' }).click();
      const again = page.getByText(/Nambari yako ni \d{6}/);
      await again.waitFor();
      const second = /(\d{6})/.exec((await again.textContent()) ?? '')?.[1];
      assert.ok(second, 'the demo code for the new number');
      await page.getByLabel('Nambari ya siri ya tarakimu sita').fill(second);
      await page.getByRole('button', { name: 'Ingia' }).click();
      await page.getByText(/^Karibu, Wanjiku/).waitFor();
      await page.getByRole('button', { name: 'Toka', exact: true }).click();
      await page.getByRole('button', { name: 'Nitumie nambari ya siri' }).waitFor();
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  // Chrome DevTools' "Slow 3G" profile: 400 ms round trips, 400 kbit/s each way (about 50 KB
  // a second), from a fresh browser (nothing cached). No timing is asserted: the portal must
  // load, sign the member in and show their giving under it, each step within the tests'
  // patient waits. The time to a usable sign-in form is printed for the closing note.
  test('on a slow 3G connection the portal loads and a member signs in', async () => {
    const rows = /** @type {{ id: string }[]} */ (
      await serviceWrite('POST', 'members', { first_name: 'Kamau', last_name: `Slow ${local.slice(-5)}`, phone: slow })
    );
    slowMemberId = rows[0]?.id;
    assert.ok(slowMemberId, 'the member made');
    const { page, context, problems, close } = await openPage(viewports.phone);
    try {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 400,
        downloadThroughput: (400 * 1024) / 8,
        uploadThroughput: (400 * 1024) / 8,
      });
      const started = Date.now();
      await page.goto(`${baseUrl}/me`, { waitUntil: 'commit' });
      const phone = page.getByLabel('Your phone number');
      await phone.waitFor();
      console.log(`slow 3G: the sign-in form was usable after ${String(Date.now() - started)} ms`);
      await phone.fill(slow);
      await page.getByRole('button', { name: 'Send me a code' }).click();
      const demo = page.getByText(/Your code is \d{6}/);
      await demo.waitFor();
      const code = /(\d{6})/.exec((await demo.textContent()) ?? '')?.[1];
      assert.ok(code, 'the demo code on the screen');
      await page.getByLabel('The six-digit code').fill(code);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText(/^Welcome, Kamau/).waitFor();
      await page.getByText('No gifts recorded this year yet.').waitFor();
      console.log(`slow 3G: signed in with the giving shown after ${String(Date.now() - started)} ms`);
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });
});
