// Browser tests of the back office's Communication Hub, first part (issue 19): the overview, the
// category tabs with their cards and badges, the detail modal with a signed attachment link,
// Mark Complete, templates, and the server's refusal of a MEMBER. An elder (ELDER:
// send_communications) does everything through the page; the service key only seeds one message
// per category (unique subjects per run), uploads an attachment and tidies up after.
//
//   source /tmp/kanisa-dev-<port>.env && cd apps && node --test e2e/admin-communication.test.mjs
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { axeViolations, baseUrl, openPage, screenshot, serviceHeaders, signIn, useBrowser, viewports } from './lib/browser.mjs';
import { cleanupList } from './lib/cleanup.mjs';
import { bodyOf, serviceGet, serviceWrite, userHeaders } from './lib/rest.mjs';
import { testUser } from './users.mjs';

useBrowser();

const elder = testUser('elder');
const member = testUser('member');
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toUpperCase();
const cleanups = cleanupList();

/** Uploaded to reports/ (the folder staff read through signed links); the server names the file. */
let attachmentPath = '';
const attachmentText = `roof leak photo stand-in ${run}`;
/** @param {number} minutes */
/**
 * `count` creation times for the seeded messages, oldest first, one second apart: newer than
 * every message already stored (another browser file in this lane may have sent some seconds
 * before this one started: the overview lists the five newest), and at most a few seconds ahead
 * of now.
 * @param {number} count
 */
async function stamps(count) {
  const [newest] = /** @type {{ created_at: string }[]} */ (await serviceGet('messages?select=created_at&order=created_at.desc&limit=1'));
  const after = newest ? new Date(newest.created_at).getTime() + 1000 : 0;
  const first = Math.max(Date.now() - count * 1000, after);
  return Array.from({ length: count }, (_, i) => new Date(first + i * 1000).toISOString());
}

const facilityAttachment = { name: 'leak.txt', originalName: 'leak.txt', path: '', size: 2_621_440, type: 'text/plain' };

/** One message per category; the facility one has no submission type (keyword fallback: 'repair'). */
const seeds = {
  visitation: {
    subject: `E2E ${run} hospital visit`,
    submission_type: 'Visitation Request',
    message: `Please visit my father.\n\n--- VISITATION DETAILS ---\nType: hospital\nPreferred Date: 2026-12-05\nPreferred Time: morning`,
  },
  counseling: {
    subject: `E2E ${run} premarital counselling`,
    submission_type: 'Counseling Request',
    message: `We would like counselling.\n\n--- COUNSELING DETAILS ---\nType: marriage\nUrgency: normal`,
  },
  reports: {
    subject: `E2E ${run} youth report`,
    submission_type: 'Department Report',
    message: 'The youth ministry report for November.\n\nReport Type: monthly',
  },
  events: {
    subject: `E2E ${run} sports day proposal`,
    submission_type: 'Event Proposal',
    message: `A sports day.\n\n--- EVENT DETAILS ---\nEvent Title: Sports Day ${run}\nProposed Date: 2027-03-14\nEstimated Budget: KES 30,000`,
  },
  facility: {
    subject: `E2E ${run} gate repair`,
    submission_type: null,
    message: `${'The main gate does not lock and must be fixed before Sabbath. '.repeat(3)}\n\n--- MAINTENANCE DETAILS ---\nLocation: main gate\nPriority: high`,
    attachments: [facilityAttachment],
  },
  general: {
    subject: `E2E ${run} service times`,
    submission_type: 'General Request',
    message: 'What time does the Sabbath service start?',
  },
};

/** @type {Record<string, string>} */
const ids = {};

/** @param {string | undefined} id */
async function statusOf(id) {
  assert.ok(id, 'the message was seeded');
  const rows = /** @type {{ status: string }[]} */ (await serviceGet(`messages?select=status&id=eq.${id}`));
  assert.equal(rows.length, 1);
  return rows[0]?.status;
}

async function seed() {
  if (Object.keys(ids).length) return;
  const upload = await fetch(`${baseUrl}/storage/v1/object/church-files/reports/leak.txt`, {
    method: 'POST',
    headers: { ...serviceHeaders(), 'content-type': 'text/plain' },
    body: attachmentText,
  });
  assert.equal(upload.status, 200, `upload: ${await upload.clone().text()}`);
  const uploaded = /** @type {{ Key: string }} */ (await bodyOf(upload));
  const { Key } = uploaded;
  attachmentPath = Key.replace(/^church-files\//, '');
  facilityAttachment.path = attachmentPath;
  cleanups.push(() => fetch(`${baseUrl}/storage/v1/object/church-files/${attachmentPath}`, { method: 'DELETE', headers: serviceHeaders() }));
  const at = await stamps(Object.keys(seeds).length);
  for (const [i, [key, row]] of Object.entries(seeds).entries()) {
    const [stored] = /** @type {{ id: string }[]} */ (
      await serviceWrite('POST', 'messages', {
        sender_name: 'E2E Visitor',
        sender_email: `visitor-${run.toLowerCase()}@example.org`,
        sender_phone: '+254700999000',
        recipient_name: key === 'facility' ? 'Church Office' : 'Church Leadership',
        department: key === 'facility' ? 'deacons' : null,
        status: 'pending',
        source: 'admin',
        attachments: [],
        created_at: at[i],
        ...row,
      })
    );
    assert.ok(stored);
    ids[key] = stored.id;
    cleanups.push(() => serviceWrite('DELETE', `messages?id=eq.${stored.id}`));
  }
}

describe('Communication Hub (elder)', () => {
  test('overview: count cards, statistics and the five newest messages', async () => {
    await seed();
    const { page, problems, close } = await openPage(viewports.desktop);
    try {
      await signIn(page, elder);
      await page.goto(`${baseUrl}/admin/communication`);
      const facilityCard = page.locator('a[data-category="maintenance"]');
      await facilityCard.waitFor();
      await page.waitForFunction(() => !document.querySelector('a[data-category="maintenance"]')?.textContent.includes('…'));
      // The page's count equals what the server says for the same classification rule
      // (submission type or keyword), at least our seeded one.
      const shown = Number((await facilityCard.locator('.comm-count-value').textContent()) ?? 'NaN');
      assert.ok(shown >= 1, `facility count ${String(shown)}`);
      const table = page.getByRole('table', { name: 'Recent requests' });
      await table.getByText(seeds.general.subject).waitFor();
      assert.equal(await table.locator('tbody tr').count(), 5);
      const generalRow = table.locator('tr', { hasText: seeds.general.subject });
      assert.equal(await generalRow.locator('td').first().textContent(), 'General Inquiries');
      const facilityRow = table.locator('tr', { hasText: seeds.facility.subject });
      assert.equal(await facilityRow.locator('td').first().textContent(), 'Facility Issues');
      const statsResponse = await fetch(`${baseUrl}/rest/v1/rpc/get_message_stats`, { headers: await userHeaders(elder) });
      const stats = /** @type {{ total_messages: number }} */ (await bodyOf(statsResponse));
      assert.equal(await page.locator('[data-figure="total"] dd').textContent(), String(stats.total_messages));
      // The six categories partition the open messages (issue 32: completed ones leave the
      // cards): their counts add up to the total less the completed.
      const completedResponse = await fetch(`${baseUrl}/rest/v1/messages?select=id&status=eq.completed`, {
        method: 'HEAD',
        headers: { ...(await userHeaders(elder)), prefer: 'count=exact' },
      });
      const completed = Number((completedResponse.headers.get('content-range') ?? '').split('/')[1]);
      assert.ok(Number.isInteger(completed), `completed count: ${String(completedResponse.headers.get('content-range'))}`);
      const counts = await page.locator('.comm-count-value').allTextContents();
      assert.equal(counts.length, 6);
      assert.equal(
        counts.reduce((sum, text) => sum + Number(text), 0),
        stats.total_messages - completed,
      );
      await facilityCard.click();
      await page.waitForURL((url) => url.pathname === '/admin/communication/facility');
      await screenshot(page, 'admin-communication-overview');
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  test('every tab is in view at 1280 and 375 px, and the Recent Requests show Status and Sent on a phone (issue 32)', async () => {
    await seed();
    for (const [name, viewport] of /** @type {const} */ ([
      ['1280', viewports.desktop],
      ['375', viewports.phone],
    ])) {
      const { page, problems, close } = await openPage(viewport);
      try {
        await signIn(page, elder);
        await page.goto(`${baseUrl}/admin/communication`);
        const recent = page.locator('section[aria-labelledby="comm-recent"]');
        await recent.getByText(seeds.general.subject).waitFor();
        // No tab past the strip's edge: the strip does not scroll, and each tab lies inside it
        // and inside the window.
        const tabs = await page.getByRole('navigation', { name: 'Communication Hub sections' }).evaluate((nav) => {
          const box = nav.getBoundingClientRect();
          return {
            scrolls: nav.scrollWidth > nav.clientWidth + 1,
            outside: [...nav.querySelectorAll('a')]
              .filter((a) => {
                const r = a.getBoundingClientRect();
                return r.width === 0 || r.left < box.left - 1 || r.right > box.right + 1 || r.right > window.innerWidth;
              })
              .map((a) => a.textContent),
            count: nav.querySelectorAll('a').length,
          };
        });
        assert.equal(tabs.count, 10, `${name}: the ten tabs`);
        assert.deepEqual(tabs.outside, [], `${name}: tabs out of view`);
        assert.equal(tabs.scrolls, false, `${name}: the tab strip scrolls sideways`);
        // Every value of the newest request, Status and Sent included, lies inside the window.
        const row = recent.locator('tr', { hasText: seeds.general.subject });
        for (const label of ['Type', 'Subject', 'Status', 'Sent']) {
          const cell = row.locator(`td[data-label="${label}"]`);
          const box = await cell.boundingBox();
          assert.ok(box && box.width > 0, `${name}: ${label} shown`);
          assert.ok(box.x >= 0 && box.x + box.width <= viewport.width + 1, `${name}: ${label} cut off at ${String(box.x + box.width)} px`);
        }
        await screenshot(page, `admin-communication-tabs-${name}`);
        assert.deepEqual(problems, []);
      } finally {
        await close();
      }
    }
  });

  test("issue 41: each category tab's badge counts every message its list holds, counted by the server", async () => {
    await seed();
    const { page, problems, close } = await openPage(viewports.desktop);
    try {
      await signIn(page, elder);
      await page.goto(`${baseUrl}/admin/communication`);
      const nav = page.getByRole('navigation', { name: 'Communication Hub sections' });
      await page.waitForFunction(() => document.querySelectorAll('.comm-tabs .comm-tab-count').length === 6);
      const labels = await nav.locator('a[aria-label]').evaluateAll((links) => links.map((a) => a.getAttribute('aria-label') ?? ''));
      assert.deepEqual(
        labels.map((label) => label.replace(/, [\d,]+ messages?$/, '')),
        ['Visitation Requests', 'Counseling Requests', 'Department Reports', 'Event Proposals', 'Facility Issues', 'General Inquiries'],
      );
      const badges = (await nav.locator('.comm-tab-count .badge').allTextContents()).map((text) => Number(text.replace(/,/g, '')));
      assert.ok(badges.every((n) => Number.isInteger(n) && n >= 1), `each category holds a seeded message: ${badges.join(', ')}`);
      // The six categories partition every message, completed ones included (the tabs list them).
      const statsResponse = await fetch(`${baseUrl}/rest/v1/rpc/get_message_stats`, { headers: await userHeaders(elder) });
      const stats = /** @type {{ total_messages: number }} */ (await bodyOf(statsResponse));
      assert.equal(badges.reduce((sum, n) => sum + n, 0), stats.total_messages);
      // A tab's badge is the count of its list before any filter.
      const facility = nav.getByRole('link', { name: /^Facility Issues, / });
      const badge = (await facility.locator('.badge').innerText()).trim();
      await facility.click();
      await page.waitForURL((url) => url.pathname === '/admin/communication/facility');
      const heading = page.locator('#comm-category-title .badge');
      await page.waitForFunction(() => !document.querySelector('#comm-category-title .badge')?.textContent.includes('…'));
      assert.equal((await heading.innerText()).trim(), badge);
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  test('each tab shows its card with the right badges; details open the attachment through a signed link', async () => {
    await seed();
    const { page, problems, close } = await openPage(viewports.desktop);
    try {
      await signIn(page, elder);
      /** @type {[string, keyof typeof seeds, string[]][]} */
      const tabs = [
        ['visitation', 'visitation', ['Type: hospital', 'Preferred: 2026-12-05']],
        ['counseling', 'counseling', []],
        ['reports', 'reports', []],
        ['events', 'events', [`Sports Day ${run}`, 'Date: 2027-03-14', 'Budget: KES 30,000']],
        ['facility', 'facility', ['Location: main gate', 'Priority: high', '1 attachment']],
        ['general', 'general', []],
      ];
      for (const [path, key, badges] of tabs) {
        await page.goto(`${baseUrl}/admin/communication/${path}`);
        const card = page.locator('article', { has: page.getByRole('heading', { level: 3, name: seeds[key].subject }) });
        await card.waitFor();
        for (const badge of badges) await card.getByText(badge, { exact: true }).waitFor();
        // No other tab shows this run's card of another category.
        for (const [otherKey, other] of Object.entries(seeds)) {
          if (otherKey !== key) assert.equal(await page.getByRole('heading', { level: 3, name: other.subject }).count(), 0, `${other.subject} on ${path}`);
        }
      }
      const counselingPreview = await (async () => {
        await page.goto(`${baseUrl}/admin/communication/counseling`);
        const card = page.locator('article', { has: page.getByRole('heading', { level: 3, name: seeds.counseling.subject }) });
        return card.locator('.comm-card-preview').textContent();
      })();
      assert.equal(counselingPreview, 'We would like counselling.');

      await page.goto(`${baseUrl}/admin/communication/facility`);
      const card = page.locator('article', { has: page.getByRole('heading', { level: 3, name: seeds.facility.subject }) });
      const preview = (await card.locator('.comm-card-preview').textContent()) ?? '';
      assert.ok(preview.endsWith('...') && Array.from(preview).length <= 103, preview);
      await card.getByRole('button', { name: /^View Details/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('+254700999000').waitFor();
      await dialog.getByText('(2.50 MB)').waitFor();
      const link = dialog.getByRole('link', { name: 'Download leak.txt' });
      await link.waitFor();
      assert.equal(await link.getAttribute('target'), '_blank');
      const href = (await link.getAttribute('href')) ?? '';
      const file = await page.request.get(new URL(href, baseUrl).toString());
      assert.equal(file.status(), 200);
      assert.equal(await file.text(), attachmentText);
      assert.deepEqual(await axeViolations(page), []);
      await dialog.locator('.modal-footer').getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  test('Mark Complete (pending only) completes the message on the server; filters narrow the list', async () => {
    await seed();
    const { page, problems, close } = await openPage(viewports.phone);
    try {
      await signIn(page, elder);
      await page.goto(`${baseUrl}/admin/communication/visitation`);
      const card = page.locator('article', { has: page.getByRole('heading', { level: 3, name: seeds.visitation.subject }) });
      await card.getByRole('button', { name: /^Mark Complete/ }).click();
      await page.getByText(`'${seeds.visitation.subject}' marked as complete`).waitFor();
      assert.equal(await statusOf(ids.visitation), 'completed');
      await card.getByText('Completed', { exact: true }).waitFor();
      assert.equal(await card.getByRole('button', { name: /^Mark Complete/ }).count(), 0);
      await page.getByLabel('Status').selectOption('pending');
      await page.getByRole('heading', { level: 3, name: seeds.visitation.subject }).waitFor({ state: 'detached' });
      await page.getByLabel('Status').selectOption('completed');
      await card.waitFor();
      assert.deepEqual(await axeViolations(page), []);
      await screenshot(page, 'admin-communication-phone');
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  test('templates: create, edit and delete through the page', async () => {
    const name = `E2E ${run} reminder`;
    cleanups.push(() => serviceWrite('DELETE', `message_templates?name=like.E2E%20${run}*`));
    const { page, problems, close } = await openPage(viewports.desktop);
    try {
      await signIn(page, elder);
      await page.goto(`${baseUrl}/admin/communication/templates`);
      await page.getByRole('button', { name: 'New Template' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Create Template' }).click();
      await dialog.getByText('Template name is required').waitFor();
      await dialog.getByLabel(/Template name/).fill(name);
      await dialog.getByLabel(/^Type/).selectOption('email');
      await dialog.getByLabel(/Content/).fill('Dear {name}, see you at {event_name} on {date}.');
      await dialog.getByRole('button', { name: 'Create Template' }).click();
      await page.getByText(`Template '${name}' created`).waitFor();
      let rows = /** @type {{ id: string; type: string; content: string; category: string }[]} */ (
        await serviceGet(`message_templates?select=id,type,content,category&name=eq.${encodeURIComponent(name)}`)
      );
      assert.equal(rows.length, 1);
      const [created] = rows;
      assert.ok(created);
      assert.equal(created.type, 'email');
      assert.equal(created.category, 'general');

      await page.getByRole('button', { name: `Edit ${name}` }).click();
      await dialog.getByLabel(/Content/).fill('Dear {name}, the event {event_name} moved.');
      await dialog.getByRole('button', { name: 'Save Template' }).click();
      await page.getByText(`Template '${name}' updated`).waitFor();
      rows = /** @type {typeof rows} */ (await serviceGet(`message_templates?select=id,type,content,category&name=eq.${encodeURIComponent(name)}`));
      assert.equal(rows[0]?.content, 'Dear {name}, the event {event_name} moved.');

      await page.getByRole('button', { name: `Delete ${name}` }).click();
      const confirm = page.getByRole('alertdialog');
      await confirm.getByText(`Are you sure you want to delete the template '${name}'?`).waitFor();
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await page.getByText(`Template '${name}' deleted`).waitFor();
      assert.equal((await serviceGet(`message_templates?select=id&name=eq.${encodeURIComponent(name)}`)).length, 0);
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  test('a MEMBER is refused by the server: no Mark Complete, no template', async () => {
    await seed();
    const headers = { ...(await userHeaders(member)), 'content-type': 'application/json' };
    const complete = await fetch(`${baseUrl}/rest/v1/rpc/update_message_status`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ message_id: ids.counseling }),
    });
    assert.ok([401, 403, 404].includes(complete.status), `update_message_status as member: ${String(complete.status)}`);
    assert.equal(await statusOf(ids.counseling), 'pending');
    const insert = await fetch(`${baseUrl}/rest/v1/message_templates`, {
      method: 'POST',
      headers: { ...headers, prefer: 'return=representation' },
      body: JSON.stringify({ name: `E2E ${run} member`, type: 'sms', content: 'x' }),
    });
    assert.ok([401, 403].includes(insert.status), `insert template as member: ${String(insert.status)}`);
    assert.equal((await serviceGet(`message_templates?select=id&name=eq.${encodeURIComponent(`E2E ${run} member`)}`)).length, 0);
    const read = await fetch(`${baseUrl}/rest/v1/messages?select=id&id=eq.${ids.counseling}`, { headers });
    assert.deepEqual(await read.json(), []);
  });
});

describe('Communication Hub: e-mail reply', () => {
  test('Respond queues an e-mail reply; in demo mode the message shows it as simulated, not sent', async () => {
    await seed();
    // An empty reply is refused by field, before anything is queued.
    const refused = await fetch(`${baseUrl}/functions/v1/reply-message`, {
      method: 'POST',
      headers: { ...(await userHeaders(elder)), 'content-type': 'application/json' },
      body: JSON.stringify({ messageId: ids.general, subject: '', body: '' }),
    });
    assert.equal(refused.status, 400);
    const { page, problems, close } = await openPage(viewports.desktop);
    try {
      await signIn(page, elder);
      await page.goto(`${baseUrl}/admin/communication/general`);
      const card = page.locator('article', { has: page.getByRole('heading', { level: 3, name: seeds.general.subject }) });
      await card.getByRole('button', { name: /^Respond/ }).click();
      const dialog = page.getByRole('dialog');
      assert.equal(await dialog.getByLabel(/Subject/).inputValue(), `Re: ${seeds.general.subject}`);
      await dialog.getByLabel(/Message/).fill(`The service starts at 9:30. (${run})`);
      await dialog.getByRole('button', { name: 'Send reply by e-mail' }).click();
      await page.getByText(/queued for sending by e-mail/).waitFor();
      // The job queue sends it and marks the message sent.
      for (let attempt = 0; attempt < 60 && (await statusOf(ids.general)) !== 'sent'; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      assert.equal(await statusOf(ids.general), 'sent');
      // This server has no mail settings (demo mode): the reply was only simulated, and says so
      // (issue 32; spec README point 19), never "Sent".
      const [replied] = /** @type {{ reply_simulated: boolean }[]} */ (await serviceGet(`messages?select=reply_simulated&id=eq.${ids.general}`));
      assert.equal(replied?.reply_simulated, true);
      await page.reload();
      await card.getByText('Simulated', { exact: true }).waitFor();
      assert.equal(await card.getByText('Sent', { exact: true }).count(), 0);
      // Issue 32: a replied request can still be marked complete, and then leaves the open list.
      await card.getByRole('button', { name: /^Mark Complete/ }).click();
      await page.getByText(`'${seeds.general.subject}' marked as complete`).waitFor();
      assert.equal(await statusOf(ids.general), 'completed');
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  test('Send and mark complete: the reply goes out, the request is completed and leaves the category count', async () => {
    const subject = `E2E ${run} choir practice`;
    const [stored] = /** @type {{ id: string }[]} */ (
      await serviceWrite('POST', 'messages', {
        sender_name: 'E2E Visitor',
        sender_email: `choir-${run.toLowerCase()}@example.org`,
        recipient_name: 'Church Leadership',
        status: 'pending',
        source: 'admin',
        submission_type: 'General Request',
        subject,
        message: 'When does the choir practise?',
        attachments: [],
      })
    );
    assert.ok(stored);
    cleanups.push(() => serviceWrite('DELETE', `messages?id=eq.${stored.id}`));
    const { page, problems, close } = await openPage(viewports.desktop);
    try {
      await signIn(page, elder);
      await page.goto(`${baseUrl}/admin/communication`);
      const count = page.locator('[data-category="general"] .comm-count-value');
      await page.locator('[data-category="general"] .comm-count-value:not(:text("…"))').waitFor();
      const before = Number(await count.innerText());
      await page.goto(`${baseUrl}/admin/communication/general`);
      const card = page.locator('article', { has: page.getByRole('heading', { level: 3, name: subject }) });
      await card.getByRole('button', { name: /^Respond/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(/Message/).fill(`Thursdays at 6 pm. (${run})`);
      await dialog.getByLabel('Mark the request complete once the reply is sent').check();
      await dialog.getByRole('button', { name: 'Send and mark complete' }).click();
      await page.getByText(/the request will be marked complete once it is sent/).waitFor();
      for (let attempt = 0; attempt < 60 && (await statusOf(stored.id)) !== 'completed'; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      assert.equal(await statusOf(stored.id), 'completed');
      const [row] = /** @type {{ replied_at: string | null }[]} */ (await serviceGet(`messages?select=replied_at&id=eq.${stored.id}`));
      assert.ok(row?.replied_at, 'the reply was sent and recorded');
      await page.goto(`${baseUrl}/admin/communication`);
      await page.locator('[data-category="general"] .comm-count-value:not(:text("…"))').waitFor();
      assert.equal(Number(await count.innerText()), before - 1, 'the completed request left the open count');
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });
});
