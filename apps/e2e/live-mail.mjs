// The back office's e-mail through a real mail server (issue 19): scripts/e2e.sh runs this file
// in its live-mail pass only — the server's e-mail goes to kanisa-fakes' fake-mail, whose inbox
// is read at $FAKE_MAIL_URL/__fake/mail. (Not a *.test.mjs: the main pass, in demo mode, does
// not run it.) An elder answers a request with Respond and sends an e-mail to a ministry with
// Send Message; both must arrive, to the right people, with their text filled in.
//
//   FAKE_MAIL_URL=… node --test e2e/live-mail.mjs   (against a server whose KANISA_SMTP_URL is it)
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { baseUrl, openPage, signIn, useBrowser, viewports } from './lib/browser.mjs';
import { cleanupList } from './lib/cleanup.mjs';
import { bodyOf, serviceGet, serviceWrite } from './lib/rest.mjs';
import { testUser } from './users.mjs';

useBrowser();

const elder = testUser('elder');
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toUpperCase();
const cleanups = cleanupList();
const mailUrl = process.env.FAKE_MAIL_URL ?? '';

/** The fake mail server's inbox. */
async function inbox() {
  assert.ok(mailUrl, 'FAKE_MAIL_URL: scripts/e2e.sh starts the fake mail server');
  return /** @type {{ to: string[]; data: string }[]} */ (await bodyOf(await fetch(`${mailUrl}/__fake/mail`)));
}

/**
 * The messages in the inbox that `match`, once there are `count` of them (the job queue sends
 * within seconds).
 * @param {(m: { to: string[]; data: string }) => boolean} match
 * @param {number} count
 */
async function arrived(match, count) {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const found = (await inbox()).filter(match);
    if (found.length >= count) return found;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return (await inbox()).filter(match);
}

/** A message's text as a reader sees it (quoted-printable soft breaks undone). */
const readable = (/** @type {string} */ data) => data.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

describe('e-mail from the back office reaches a mail server', () => {
  test('Respond: the reply goes to the visitor, threaded under their acknowledgement', async () => {
    const visitor = `visitor-${run.toLowerCase()}@example.org`;
    const subject = `E2E ${run} service times`;
    const [message] = /** @type {{ id: string }[]} */ (
      await serviceWrite('POST', 'messages', {
        subject,
        message: 'What time does the Sabbath service start?',
        sender_name: 'E2E Visitor',
        sender_email: visitor,
        recipient_name: 'Church Leadership',
        submission_type: 'General Request',
        status: 'pending',
        source: 'admin',
      })
    );
    assert.ok(message);
    cleanups.push(() => serviceWrite('DELETE', `messages?id=eq.${message.id}`));
    const { page, close } = await openPage(viewports.desktop);
    try {
      await signIn(page, elder);
      await page.goto(`${baseUrl}/admin/communication/general`);
      const card = page.locator('article', { has: page.getByRole('heading', { level: 3, name: subject }) });
      await card.getByRole('button', { name: /^Respond/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(/Message/).fill(`The service starts at 9:30. (${run})`);
      await dialog.getByRole('button', { name: 'Send reply by e-mail' }).click();
      await page.getByText(/queued for sending by e-mail/).waitFor();
      const [reply] = await arrived((m) => m.data.includes(`Subject: Re: ${subject}`), 1);
      assert.ok(reply, 'the reply reached the mail server');
      assert.deepEqual(reply.to, [visitor]);
      assert.match(reply.data, new RegExp(`In-Reply-To: <message-${message.id}-ack@kanisa>`));
      assert.ok(readable(reply.data).includes(`The service starts at 9:30. (${run})`), reply.data);
      // The job records the reply once the mail server has taken it: the e-mail can arrive a
      // moment before the row says so.
      /** @type {{ status: string; replied_at: string | null } | undefined} */
      let row;
      for (let attempt = 0; attempt < 40; attempt += 1) {
        [row] = /** @type {{ status: string; replied_at: string | null }[]} */ (
          await serviceGet(`messages?select=status,replied_at&id=eq.${message.id}`)
        );
        if (row?.status === 'sent') break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      assert.ok(row, 'the message is there');
      assert.equal(row.status, 'sent');
      assert.ok(row.replied_at);
    } finally {
      await close();
    }
  });

  test('Send Message by e-mail to a ministry: one e-mail each, {name} filled per member', async () => {
    const lastName = `Mail${run}`;
    const people = ['Ann', 'Ben'].map((first) => ({
      first_name: first,
      last_name: lastName,
      email: `${first.toLowerCase()}-${run.toLowerCase()}@example.org`,
      is_active: true,
    }));
    const ids = [];
    for (const person of people) {
      const [stored] = /** @type {{ id: string }[]} */ (await serviceWrite('POST', 'members', person));
      assert.ok(stored);
      ids.push(stored.id);
      cleanups.push(() => serviceWrite('DELETE', `members?id=eq.${stored.id}`));
    }
    const ministryName = `E2E Mail ${run}`;
    const [ministry] = /** @type {{ id: string }[]} */ (
      await serviceWrite('POST', 'ministries', { name: ministryName, category: 'support', is_active: true, display_order: 0 })
    );
    assert.ok(ministry);
    cleanups.push(() => serviceWrite('DELETE', `ministries?id=eq.${ministry.id}`));
    await serviceWrite(
      'POST',
      'member_ministries',
      ids.map((id) => ({ member_id: id, ministry_id: ministry.id, role: 'member' })),
    );
    const { page, close } = await openPage(viewports.desktop);
    try {
      await signIn(page, elder);
      await page.goto(`${baseUrl}/admin/communication/send?channel=email`);
      await page.getByRole('radio', { name: 'A ministry' }).check();
      await page.getByLabel('Ministry', { exact: true }).selectOption({ label: `${ministryName} (2 members)` });
      await page.getByLabel('Subject *').fill(`Choir practice, {name} (${run})`);
      await page.getByLabel('Message *').fill(`Dear {name}, choir practice moves to Friday. (${run})`);
      await page.getByRole('button', { name: 'Preview', exact: true }).click();
      await page.getByRole('region', { name: 'Preview' }).waitFor();
      await page.getByRole('button', { name: 'Send to 2 recipients' }).click();
      await page.waitForURL(/\/admin\/communication\/history\/[0-9a-f-]{36}$/);
      const mails = await arrived((m) => m.data.includes(`(${run})`) && m.data.includes('Subject: Choir practice'), 2);
      assert.equal(mails.length, 2, 'one e-mail per member');
      for (const person of people) {
        const mail = mails.find((m) => m.to.includes(person.email));
        assert.ok(mail, `an e-mail to ${person.email}`);
        const text = readable(mail.data);
        assert.ok(text.includes(`Subject: Choir practice, ${person.first_name} (${run})`), text);
        assert.ok(text.includes(`Dear ${person.first_name}, choir practice moves to Friday.`), text);
      }
      // The details page shows both as sent (not simulated) once the queue is done.
      await page.getByText('Sent', { exact: true }).first().waitFor();
    } finally {
      await close();
    }
  });
});
