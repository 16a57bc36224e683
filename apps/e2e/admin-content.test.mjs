// Browser tests of the back office's content screens (issue 8): sermons, events, announcements
// and church leaders, against a running Kanisa with demo content and the test accounts
// (scripts/dev-server.sh). A content admin (CONTENT_ADMIN) does everything through the pages;
// the service key is used only to read what the server stored and to tidy up after.
//
//   source /tmp/kanisa-dev-<port>.env && cd apps && node --test e2e/admin-content.test.mjs
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { join } from 'node:path';
import { artifacts, axeViolations, baseUrl, openPage, patient, screenshot, serviceHeaders, shown, signIn, useBrowser, viewports } from './lib/browser.mjs';
import { testUser } from './users.mjs';
import { cleanupList } from './lib/cleanup.mjs';

useBrowser();

const content = testUser('content');
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/**
 * @typedef {{ id: string; is_published?: boolean; created_by?: string | null; tags?: string[]; specialties?: string[];
 *   display_order?: number; is_active?: boolean; start_date?: string; start_time?: string; end_time?: string;
 *   max_attendees?: number | null; cost?: number; requires_registration?: boolean; priority?: string;
 *   target_audience?: string; title_sw?: string | null; description_sw?: string | null }} Row
 * @typedef {{ action: string; details: { id?: string; title?: string; name?: string; published?: boolean } | null;
 *   ip_address: string | null; user_agent: string | null; admin_id: string | null }} LogEntry
 */

/**
 * @param {Response} response
 * @returns {Promise<unknown>}
 */
const bodyOf = (response) => response.json();

/**
 * A table API read with the service key (what the server really holds).
 * @param {string} path e.g. `sermons?title=eq.x`
 * @returns {Promise<Row[]>}
 */
async function serviceGet(path) {
  const response = await fetch(`${baseUrl}/rest/v1/${path}`, { headers: serviceHeaders() });
  assert.equal(response.status, 200, `GET ${path}: ${await response.clone().text()}`);
  return /** @type {Row[]} */ (await bodyOf(response));
}

/**
 * @param {'PATCH' | 'DELETE'} method
 * @param {string} path
 * @param {unknown} [body]
 */
async function serviceWrite(method, path, body) {
  const response = await fetch(`${baseUrl}/rest/v1/${path}`, {
    method,
    headers: serviceHeaders(),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  assert.ok(response.ok, `${method} ${path}: HTTP ${String(response.status)} ${await response.text()}`);
}

/**
 * Rows of a table as anyone on the public site may read them.
 * @param {string} path
 * @returns {Promise<Row[]>}
 */
async function anonGet(path) {
  const key = process.env.KANISA_ANON_KEY ?? '';
  const response = await fetch(`${baseUrl}/rest/v1/${path}`, { headers: { apikey: key, authorization: `Bearer ${key}` } });
  assert.equal(response.status, 200);
  return /** @type {Row[]} */ (await bodyOf(response));
}

/** The content admin's user id. */
async function contentAdminId() {
  const [user] = await serviceGet(`users?select=id&email=eq.${encodeURIComponent(content.email)}`);
  assert.ok(user, 'the content admin has a profile');
  return user.id;
}

/**
 * The activity log entries about one row (details.id), oldest first.
 * @param {string} id
 * @returns {Promise<LogEntry[]>}
 */
async function logEntriesFor(id) {
  const response = await fetch(
    `${baseUrl}/rest/v1/admin_activity_logs?select=action,details,ip_address,user_agent,admin_id,created_at&details->>id=eq.${id}&order=created_at.asc`,
    { headers: serviceHeaders() },
  );
  assert.equal(response.status, 200, await response.clone().text());
  return /** @type {LogEntry[]} */ (await bodyOf(response));
}

/**
 * A day in Nairobi as YYYY-MM-DD (today by default: the newest sermon date, so the sermon heads
 * the public list).
 */
function nairobiToday(now = new Date()) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(now);
}

/**
 * Opens a public page in its own fresh context (nobody signed in) and gives its main text.
 * @param {string} path
 * @param {string} [waitFor] a text to wait for before reading (data loaded)
 */
async function publicText(path, waitFor) {
  const { page, problems, close } = await openPage(viewports.desktop);
  try {
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    if (waitFor) await page.getByText(waitFor, { exact: false }).first().waitFor({ timeout: patient(15_000) });
    const text = await page.locator('body').innerText();
    assert.deepEqual(problems, [], `problems on ${path}`);
    return text;
  } finally {
    await close();
  }
}

/** Undo steps for what the tests made (`serviceWrite` deletes), run after a failure too. */
const cleanups = cleanupList();

describe('back office content (CONTENT_ADMIN)', () => {
  test('acceptance 2: create a sermon (validation first), publish it, see it on /sermons, unpublish it, delete it; the log holds each step with the real address', async () => {
    const title = `E2E Sermon ${run}`;
    const adminId = await contentAdminId();
    const { page, problems, close } = await openPage(viewports.desktop);
    /** @type {string[]} */
    const sermonWrites = [];
    page.on('request', (request) => {
      if (request.url().includes('/rest/v1/sermons') && !['GET', 'HEAD'].includes(request.method())) sermonWrites.push(request.method());
    });

    await signIn(page, content);
    await page.goto(`${baseUrl}/admin/sermons`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Sermons' }).waitFor();
    await page.getByRole('button', { name: 'Add Sermon' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add New Sermon' });
    await dialog.waitFor();

    // Missing title and a bad address: both explained next to their fields, nothing sent.
    await dialog.getByLabel('Speaker *').fill('Pr. Test Speaker');
    await dialog.getByLabel('Sermon Date *').fill(nairobiToday());
    await dialog.getByLabel('Video URL').fill('youtube dot com slash my sermon');
    await dialog.getByRole('button', { name: 'Create Sermon' }).click();
    const titleField = dialog.getByLabel('Title *');
    assert.equal(await titleField.getAttribute('aria-invalid'), 'true');
    await shown(dialog.getByText('Please enter the sermon title.'), 'missing title is explained');
    await shown(dialog.getByText(/Please enter a full web address starting with http/), 'bad URL is explained');
    assert.equal(await dialog.getByLabel('Video URL').getAttribute('aria-invalid'), 'true');
    assert.ok(await titleField.evaluate((element) => element === document.activeElement), 'focus goes to the first problem');
    assert.deepEqual(sermonWrites, [], 'nothing is sent while the form has errors');
    assert.equal(await dialog.getByLabel('Speaker *').inputValue(), 'Pr. Test Speaker', 'typed values are kept');

    await titleField.fill(title);
    await dialog.getByLabel('Video URL').fill('https://www.youtube.com/watch?v=e2e');
    await dialog.getByLabel(/^Tags/).fill('faith, , e2e ');
    const created = page.waitForResponse((r) => r.url().includes('/rest/v1/sermons') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Create Sermon' }).click();
    assert.equal((await created).status(), 201);
    await dialog.waitFor({ state: 'hidden' });

    const [stored] = await serviceGet(`sermons?select=id,is_published,created_by,tags,video_url&title=eq.${encodeURIComponent(title)}`);
    assert.ok(stored, 'the sermon was stored');
    cleanups.push(() => serviceWrite('DELETE', `sermons?id=eq.${stored.id}`));
    assert.equal(stored.is_published, false, 'a new sermon is a draft');
    assert.equal(stored.created_by, adminId, 'created_by is the signed-in admin (set by the server)');
    assert.deepEqual(stored.tags, ['faith', 'e2e']);

    // Publish: the switch flips on, and the public page shows it.
    const toggle = page.getByRole('switch', { name: `Published: ${title}` });
    assert.equal(await toggle.getAttribute('aria-checked'), 'false');
    await toggle.click();
    await page.waitForFunction(
      (name) => document.querySelector(`[role="switch"][aria-label="Published: ${name}"]`)?.getAttribute('aria-checked') === 'true',
      title,
    );
    await page.getByText(`“${title}” is now published on the website.`).waitFor();
    assert.equal((await anonGet(`sermons?select=id&id=eq.${stored.id}`)).length, 1, 'anyone may now read it');
    assert.match(await publicText('/sermons', title), new RegExp(title), '/sermons shows the published sermon');

    // Unpublish: it disappears from the public page.
    await toggle.click();
    await page.waitForFunction(
      (name) => document.querySelector(`[role="switch"][aria-label="Published: ${name}"]`)?.getAttribute('aria-checked') === 'false',
      title,
    );
    await page.getByText(`“${title}” is now a draft and hidden from the website.`).waitFor();
    assert.equal((await anonGet(`sermons?select=id&id=eq.${stored.id}`)).length, 0, 'the public can no longer read it');
    assert.doesNotMatch(await publicText('/sermons', 'Behold, He Cometh'), new RegExp(title), '/sermons no longer shows it');

    const log = await logEntriesFor(stored.id);
    assert.deepEqual(
      log.map((entry) => [entry.action, entry.details?.published]),
      [
        ['sermon_created', undefined],
        ['sermon_updated', true],
        ['sermon_updated', false],
      ],
      'created, published, unpublished',
    );
    for (const entry of log) {
      assert.equal(entry.ip_address, '127.0.0.1', 'the real client address');
      assert.equal(entry.admin_id, adminId);
      assert.match(entry.user_agent ?? '', /Chrome/);
      assert.equal(entry.details?.title, title);
    }

    // Delete asks first, with the spec's words.
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Sermon' });
    assert.equal((await confirm.locator('.confirm-message').innerText()).trim(), 'Are you sure you want to delete this sermon?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByRole('switch', { name: `Published: ${title}` }).waitFor({ state: 'detached' });
    assert.ok(
      await page.getByRole('heading', { level: 1, name: 'Sermons' }).evaluate((element) => element === document.activeElement),
      'with its row gone, focus lands on the page heading',
    );
    assert.equal((await serviceGet(`sermons?select=id&id=eq.${stored.id}`)).length, 0, 'deleted');
    assert.deepEqual(
      (await logEntriesFor(stored.id)).map((entry) => entry.action),
      ['sermon_created', 'sermon_updated', 'sermon_updated', 'sermon_deleted'],
    );

    assert.deepEqual(problems, []);
    await close();
  });

  test('acceptance 3: add, edit, reorder and remove a leader; About and Ministries follow each step', async () => {
    const name = `Pr. Test Leader ${run}`;
    const { page, problems, close } = await openPage(viewports.desktop);
    await signIn(page, content);
    await page.goto(`${baseUrl}/admin/leaders`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Church Leaders' }).waitFor();
    const countText = await page.locator('.result-count').innerText();
    const count = Number(/^(\d+) leaders$/.exec(countText.trim())?.[1]);
    assert.ok(count > 0, `the list says how many leaders (${countText})`);

    // Add: a pastoral leader (About shows the pastoral team; Ministries' leaders include it).
    await page.getByRole('button', { name: 'Add New Leader' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Leader' });
    assert.equal(await dialog.getByLabel('Display Order').inputValue(), String(count + 1), 'placed after the listed leaders');
    assert.equal(await dialog.getByLabel('Category *').inputValue(), 'ministry', 'Ministry Leaders by default');
    await dialog.getByLabel('Full Name *').fill(name);
    await dialog.getByLabel('Position/Title *').fill('Youth Pastor');
    await dialog.getByLabel('Category *').selectOption('pastoral');
    await dialog.getByLabel('Email').fill('not-an-address');
    await dialog.getByLabel('Specialties', { exact: true }).fill(' Youth Ministry, , Music ,');
    await dialog.getByLabel('Bio', { exact: true }).fill('Leads the youth of the church in worship, service and Bible study.');
    await dialog.getByRole('button', { name: 'Add Leader' }).click();
    await shown(dialog.getByText(/Please enter a valid email address/), 'a bad e-mail is explained');
    await dialog.getByLabel('Email').fill('test.leader@example.org');
    await dialog.getByRole('button', { name: 'Add Leader' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(`${name} was added to the leaders list.`).waitFor();

    const [leader] = await serviceGet(`church_leaders?select=id,specialties,display_order,is_active&name=eq.${encodeURIComponent(name)}`);
    assert.ok(leader, 'the leader was stored');
    cleanups.push(() => serviceWrite('DELETE', `church_leaders?id=eq.${leader.id}`));
    assert.deepEqual(leader.specialties, ['Youth Ministry', 'Music'], 'specialties split, trimmed, empties dropped');
    assert.equal(leader.display_order, count + 1);
    assert.match(await publicText('/about', name), new RegExp(name), 'About shows the new leader');

    // Edit: a new title and the first place in the order, so Ministries' leaders include it.
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Leader' });
    assert.equal(await edit.getByLabel('Specialties', { exact: true }).inputValue(), 'Youth Ministry, Music');
    await edit.getByLabel('Position/Title *').fill('Associate Youth Pastor');
    await edit.getByLabel('Display Order').fill('0');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await edit.waitFor({ state: 'hidden' });
    await page.getByText(`${name} was saved.`).waitFor();
    const about = await publicText('/about', name);
    assert.match(about, /Associate Youth Pastor/, 'About shows the new title');
    assert.ok(about.indexOf(name) < about.indexOf('Pr. Samuel Langat'), 'About lists it first now');
    const ministries = await publicText('/ministries', name);
    assert.ok(ministries.includes(name), 'Ministries lists it among the leaders');

    // Reorder: among the pastoral team, move it one place down (below the senior pastor).
    // The title is stored apart from the name (issue 41): 'Pr.' is shown, 'Samuel Langat' stored.
    const [senior] = await serviceGet(`church_leaders?select=id,display_order&name=eq.${encodeURIComponent('Samuel Langat')}&title=eq.pastor`);
    assert.ok(senior);
    cleanups.push(() => serviceWrite('PATCH', `church_leaders?id=eq.${senior.id}`, { display_order: senior.display_order }));
    await page.getByLabel('Category').selectOption('pastoral');
    await page.locator('.result-count', { hasText: /found$/ }).waitFor();
    await page.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
    const rows = page.locator('.data-table tbody tr');
    assert.match(await rows.first().innerText(), new RegExp(name), 'first in the pastoral team');
    assert.ok(await page.getByRole('button', { name: `Move ${name} up` }).isDisabled(), 'the first cannot move up');
    await page.getByRole('button', { name: `Move ${name} down` }).click();
    await page.getByText(`${name} moved down.`).waitFor();
    assert.match(await rows.nth(1).innerText(), new RegExp(name), 'second after the move');
    assert.match(await rows.first().innerText(), /Pr\. Samuel Langat/);
    const reordered = await publicText('/about', name);
    assert.ok(reordered.indexOf('Pr. Samuel Langat') < reordered.indexOf(name), 'About follows the new order');

    // Remove: asks with the spec's words, then the leader is hidden everywhere (soft remove).
    await page.getByRole('button', { name: `Remove ${name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove Leader' });
    assert.equal(
      (await confirm.locator('.confirm-message').innerText()).trim(),
      `Are you sure you want to remove ${name} from the leaders list?`,
    );
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByText(`${name} was removed from the leaders list.`).waitFor();
    assert.equal(await page.getByRole('button', { name: `Edit ${name}` }).count(), 0, 'gone from the admin list');
    const [removed] = await serviceGet(`church_leaders?select=is_active&id=eq.${leader.id}`);
    assert.equal(removed?.is_active, false, 'kept, but inactive');
    assert.doesNotMatch(await publicText('/about', 'Pr. Samuel Langat'), new RegExp(name), 'About no longer shows it');
    assert.doesNotMatch(await publicText('/ministries', 'Pr. Samuel Langat'), new RegExp(name), 'Ministries no longer shows it');

    const actions = (await logEntriesFor(leader.id)).map((entry) => entry.action);
    assert.deepEqual(actions, ['leader_created', 'leader_updated', 'leader_updated', 'leader_removed']);

    // An empty search result says so (the search runs on the server as you type).
    await page.getByLabel('Search', { exact: true }).fill(`nobody called ${run}`);
    await page.getByText('No leaders found').waitFor();

    assert.deepEqual(problems, []);
    await close();
  });

  test('Site Content (issue 32): a ministry added with its Kiswahili shows in each language; hidden, it leaves the site', async () => {
    const name = `E2E Ministry ${run}`;
    const nameSw = `Huduma ya Majaribio ${run}`;
    const { page, problems, close } = await openPage(viewports.desktop);
    await signIn(page, content);
    await page.goto(`${baseUrl}/admin/content/ministries`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Site Content' }).waitFor();
    await page.getByRole('button', { name: '+ Add Ministry' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Ministry' });
    await dialog.getByLabel('Name *').fill(name);
    await dialog.getByLabel('Category *').selectOption('worship');
    await dialog.getByLabel('Meeting time *').fill('Sabbath, 3:00 PM');
    await dialog.getByLabel('Activities', { exact: true }).fill('Choir, Praise team');
    await dialog.getByLabel('Kiswahili name (optional)').fill(nameSw);
    await dialog.getByLabel('Kiswahili meeting time (optional)').fill('Sabato, saa tisa alasiri');
    await dialog.getByRole('button', { name: 'Add Ministry' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(`${name} was added.`).waitFor();
    const [stored] = await serviceGet(`ministries?select=id,is_active&name=eq.${encodeURIComponent(name)}`);
    assert.ok(stored, 'the ministry was stored');
    cleanups.push(() => serviceWrite('DELETE', `ministries?id=eq.${stored.id}`));

    assert.match(await publicText('/sw/ministries', nameSw), new RegExp(nameSw), 'the Kiswahili site shows the Kiswahili name');
    assert.match(await publicText('/ministries', name), new RegExp(name), 'the English site shows the English name');

    // Hidden from the website: kept here, gone from the public page.
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Ministry' });
    await edit.getByLabel('Shown on the website').uncheck();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await edit.waitFor({ state: 'hidden' });
    await page.getByText(`${name} was saved.`).waitFor();
    const [hidden] = await serviceGet(`ministries?select=is_active&id=eq.${stored.id}`);
    assert.equal(hidden?.is_active, false);
    assert.doesNotMatch(await publicText('/ministries', 'Pathfinder Club'), new RegExp(name), 'the Ministries page no longer shows it');

    assert.deepEqual(problems, []);
    await close();
  });

  test('events and announcements: stored as the form promises (empty limits, costs, default times), edited, deleted after the exact question', async () => {
    const eventTitle = `E2E Event ${run}`;
    const noticeTitle = `E2E Notice ${run}`;
    const { page, problems, close } = await openPage(viewports.desktop);
    await signIn(page, content);

    // An event with no attendee limit and no cost: stored as null and 0, Kenya time, a draft.
    await page.goto(`${baseUrl}/admin/events`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Add Event' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add New Event' });
    await dialog.getByLabel('Title *').fill(eventTitle);
    // A hundred days from today, 10:00 in Nairobi (+03:00 all year): always upcoming.
    const startDay = nairobiToday(new Date(Date.now() + 100 * 86_400_000));
    const startsAt = `${startDay}T10:00`;
    await dialog.getByLabel('Starts (date and time) *').fill(startsAt);
    await dialog.getByLabel('Event Type').selectOption('fellowship');
    await dialog.getByRole('button', { name: 'Create Event' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const [event] = await serviceGet(
      `events?select=id,start_date,max_attendees,cost,requires_registration,is_published&title=eq.${encodeURIComponent(eventTitle)}`,
    );
    assert.ok(event, 'the event was stored');
    cleanups.push(() => serviceWrite('DELETE', `events?id=eq.${event.id}`));
    assert.equal(new Date(event.start_date ?? '').toISOString(), `${startDay}T07:00:00.000Z`, '10:00 in Nairobi');
    assert.equal(event.max_attendees, null);
    assert.equal(Number(event.cost), 0);
    assert.equal(event.is_published, false);

    // The Show filter (on the server): an event a hundred days ahead is upcoming, not past.
    await page.getByLabel('Show').selectOption('past');
    await page.getByRole('button', { name: `Edit ${eventTitle}` }).waitFor({ state: 'detached' });
    await page.getByLabel('Show').selectOption('upcoming');
    await page.getByRole('button', { name: `Edit ${eventTitle}` }).waitFor();
    assert.match(await page.locator('.result-count').innerText(), /^(Showing [\d,]+–[\d,]+ of )?[\d,]+ events? found$/);
    await page.getByRole('button', { name: `Edit ${eventTitle}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Event' });
    assert.equal(await edit.getByLabel('Starts (date and time) *').inputValue(), startsAt, 'shown back in Kenya time');
    await edit.getByLabel('Cost (KSH)').fill('250.50');
    await edit.getByLabel('Maximum Attendees').fill('40');
    await edit.getByLabel('Requires registration').check();
    // The optional Kiswahili title (issue 22): the Kiswahili site shows it; a blank description
    // stays "not translated".
    await edit.getByLabel('Kiswahili title (optional)').fill(`  Tukio ${run} `);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await edit.waitFor({ state: 'hidden' });
    const [edited] = await serviceGet(`events?select=id,max_attendees,cost,requires_registration,title_sw,description_sw&id=eq.${event.id}`);
    assert.deepEqual(
      [edited?.max_attendees, Number(edited?.cost), edited?.requires_registration, edited?.title_sw, edited?.description_sw],
      [40, 250.5, true, `Tukio ${run}`, null],
    );

    await page.getByRole('button', { name: `Delete ${eventTitle}` }).click();
    const confirmEvent = page.getByRole('alertdialog', { name: 'Delete Event' });
    assert.equal((await confirmEvent.locator('.confirm-message').innerText()).trim(), 'Are you sure you want to delete this event?');
    await confirmEvent.getByRole('button', { name: 'Delete' }).click();
    await confirmEvent.waitFor({ state: 'hidden' });
    assert.equal((await serviceGet(`events?select=id&id=eq.${event.id}`)).length, 0, 'the event is deleted');

    // An announcement with the defaults: 08:30 to 17:00, normal, everyone, a draft.
    await page.goto(`${baseUrl}/admin/announcements`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Add Announcement' }).first().click();
    const notice = page.getByRole('dialog', { name: 'Add New Announcement' });
    await notice.getByLabel('Title *').fill(noticeTitle);
    await notice.getByLabel('Content *').fill('Bring a friend to church this Sabbath.');
    await notice.getByLabel('Start Date *').fill(nairobiToday());
    await notice.getByRole('button', { name: 'Create Announcement' }).click();
    await notice.waitFor({ state: 'hidden' });
    const [stored] = await serviceGet(
      `announcements?select=id,start_time,end_time,priority,target_audience,is_published&title=eq.${encodeURIComponent(noticeTitle)}`,
    );
    assert.ok(stored, 'the announcement was stored');
    cleanups.push(() => serviceWrite('DELETE', `announcements?id=eq.${stored.id}`));
    assert.deepEqual(
      [stored.start_time, stored.end_time, stored.priority, stored.target_audience, stored.is_published],
      ['08:30:00', '17:00:00', 'normal', 'all', false],
    );

    await page.getByRole('button', { name: `Delete ${noticeTitle}` }).click();
    const confirmNotice = page.getByRole('alertdialog', { name: 'Delete Announcement' });
    assert.equal(
      (await confirmNotice.locator('.confirm-message').innerText()).trim(),
      'Are you sure you want to delete this announcement?',
    );
    await confirmNotice.getByRole('button', { name: 'Cancel' }).click();
    await confirmNotice.waitFor({ state: 'hidden' });
    assert.equal((await serviceGet(`announcements?select=id&id=eq.${stored.id}`)).length, 1, 'Cancel keeps it');
    await page.getByRole('button', { name: `Delete ${noticeTitle}` }).click();
    await confirmNotice.getByRole('button', { name: 'Delete' }).click();
    await confirmNotice.waitFor({ state: 'hidden' });
    assert.equal((await serviceGet(`announcements?select=id&id=eq.${stored.id}`)).length, 0, 'the announcement is deleted');

    assert.deepEqual(
      (await logEntriesFor(event.id)).map((entry) => entry.action),
      ['event_created', 'event_updated', 'event_deleted'],
    );
    assert.deepEqual(
      (await logEntriesFor(stored.id)).map((entry) => entry.action),
      ['announcement_created', 'announcement_deleted'],
    );

    assert.deepEqual(problems, []);
    await close();
  });

  for (const viewport of [viewports.phone, viewports.desktop]) {
    test(`list pages at ${String(viewport.width)} px: no serious accessibility violations, cards on a phone, an open modal`, async () => {
      const { page, problems, close } = await openPage(viewport);
      await signIn(page, content);
      for (const [path, heading] of [
        ['sermons', 'Sermons'],
        ['events', 'Events'],
        ['announcements', 'Announcements'],
        ['leaders', 'Church Leaders'],
      ]) {
        await page.goto(`${baseUrl}/admin/${path}`, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await page.locator('.data-table').waitFor();
        assert.deepEqual(await axeViolations(page), [], `axe on /admin/${path}`);
        const headerShown = await page.locator('.data-table thead').evaluate((element) => element.getBoundingClientRect().height > 2);
        assert.equal(headerShown, viewport.width >= 768, `table header ${viewport.width >= 768 ? 'shown' : 'hidden (cards)'} on /admin/${path}`);
        assert.ok(
          await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
          `no sideways scrolling on /admin/${path}`,
        );
        assert.ok(
          await page.locator('.table-wrap').evaluate((element) => element.scrollWidth <= element.clientWidth + 1),
          `the table fits its box on /admin/${path}`,
        );
        await screenshot(page, `admin-${path}-${String(viewport.width)}`);
      }

      // Searching a list (on the server, as you type) narrows it and says how many were found.
      await page.goto(`${baseUrl}/admin/sermons`, { waitUntil: 'networkidle' });
      await page.getByLabel('Search sermons').fill('prophecy speaks');
      await page.locator('.result-count', { hasText: /found$/ }).waitFor();
      await page.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
      assert.match(await page.locator('.result-count').innerText(), /^\d+ sermons? found$/);
      for (const row of await page.locator('.data-table tbody tr').all()) {
        assert.match(await row.innerText(), /Prophecy Speaks Today/);
      }
      await page.getByLabel('Search sermons').fill('no sermon is called this');
      await page.getByText('No sermons match “no sermon is called this”.').waitFor();

      // The events form, open, with its errors: labelled, and nothing hidden behind the edges.
      await page.goto(`${baseUrl}/admin/events`, { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Add Event' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Add New Event' });
      await dialog.getByRole('button', { name: 'Create Event' }).click();
      await shown(dialog.getByText('Please enter the event title.'));
      await shown(dialog.getByText('Please choose the start date and time.'));
      await dialog.getByLabel('Maximum Attendees').fill('0');
      await dialog.getByLabel('Cost (KSH)').fill('-5');
      await dialog.getByRole('button', { name: 'Create Event' }).click();
      await shown(dialog.getByText(/Maximum attendees must be a whole number of at least 1/));
      await shown(dialog.getByText(/Cost must be 0 or more/));
      await shown(dialog.getByRole('button', { name: 'Create Event' }), 'the save button stays in view');
      assert.deepEqual(await axeViolations(page), [], 'axe on the open event form');
      // The dialog covers the screen, so the screen is the picture (the list behind runs for metres).
      await page.screenshot({ path: join(artifacts, `admin-events-modal-${String(viewport.width)}.png`) });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      // Announcement defaults (§5).
      await page.goto(`${baseUrl}/admin/announcements`, { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Add Announcement' }).first().click();
      const announcement = page.getByRole('dialog', { name: 'Add New Announcement' });
      assert.equal(await announcement.getByLabel('Start Time').inputValue(), '08:30');
      assert.equal(await announcement.getByLabel('End Time').inputValue(), '17:00');
      assert.equal(await announcement.getByLabel('Priority').inputValue(), 'normal');
      assert.equal(await announcement.getByLabel('Audience').inputValue(), 'all');
      await announcement.getByRole('button', { name: 'Cancel' }).click();

      assert.deepEqual(problems, []);
      await close();
    });
  }
});
