// The activity log end to end (issue 18, acceptance 2), against a running Kanisa with demo
// content and the test accounts (scripts/e2e.sh, scripts/dev-server.sh).
//
// One of each logged action is done through the real API — sign-in, sign-out and a password
// change by a throwaway account of this run, the admin-account changes by 'super' through
// /auth/v1/admin/users, content, member and finance changes by 'super' through the table API,
// and a settings save — each request with a user agent of its own
// (`kanisa-audit-e2e/<run> <step>`). For each, exactly one log row carries that user agent, with
// the right action, admin, client address and details; then the Activity Logs page (as 'super')
// shows the entries under the right category, and its details dialog shows the address and the
// user agent. The service key only reads the settings to restore and tidies up after; the log
// rows themselves stay (the log is append-only, for the service key too).
//
//   source /tmp/kanisa-dev-<port>.env && cd apps && node --test e2e/admin-audit.test.mjs
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { join } from 'node:path';
import { artifacts, axeViolations, baseUrl, openPage, patient, screenshot, serviceHeaders, signIn, useBrowser, viewports } from './lib/browser.mjs';
import { bodyOf, serviceGet, serviceWrite, userHeaders } from './lib/rest.mjs';
import { testUser } from './users.mjs';
import { cleanupList } from './lib/cleanup.mjs';

useBrowser();

const superUser = testUser('super');
const anonKey = process.env.KANISA_ANON_KEY ?? '';
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const agentOf = (/** @type {string} */ step) => `kanisa-audit-e2e/${run} ${step}`;
/** The addresses the server may stamp for a request from this machine. */
const localAddresses = ['127.0.0.1', '::1'];
/** Today in the church's time zone (the page's range ends today). */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());

const changes = (/** @type {string[]} */ ...entities) => entities.flatMap((e) => [`${e}_created`, `${e}_updated`, `${e}_deleted`]);

/**
 * The categories of the filter (back-office §9) with every action the server writes under each,
 * as the Activity Logs page must file them; the page is checked to show each entry of this run
 * under its category, and the cards' counts against the server's count of these actions.
 * @type {{ id: string; label: string; actions: string[] }[]}
 */
const categories = [
  { id: 'authentication', label: 'Authentication', actions: ['admin_login', 'admin_logout', 'password_changed'] },
  {
    id: 'admin_management',
    label: 'Admin Management',
    actions: [
      'admin_created',
      'admin_updated',
      'admin_activated',
      'admin_deactivated',
      'admin_deleted',
      'admin_lockout_lifted',
      'staff_ministry_linked',
      'staff_ministry_unlinked',
      'staff_department_linked',
      'staff_department_unlinked',
    ],
  },
  { id: 'content', label: 'Content', actions: [...changes('sermon', 'event', 'announcement', 'leader'), 'leader_removed'] },
  { id: 'members', label: 'Members', actions: changes('member', 'attendance', 'prayer_request') },
  {
    id: 'financial',
    label: 'Financial',
    // donation_reassigned: a paid gift moved to a member (issue 31), as the browser tests of
    // Donations do on the same server.
    actions: [...changes('donation', 'budget'), 'donation_reassigned', 'expense_recorded', 'expense_updated', 'expense_deleted', 'expense_approved', 'expense_rejected'],
  },
  { id: 'system', label: 'System', actions: ['settings_updated', 'backup_created', 'system_maintenance'] },
];

/** The category of an action, as the page must show it. */
function categoryOf(/** @type {string} */ action) {
  const category = categories.find((c) => c.actions.includes(action));
  assert.ok(category, `${action} has a category`);
  return category;
}

/**
 * @typedef {{ id: string; admin_id: string | null; action: string; details: Record<string, unknown>;
 *   ip_address: string | null; user_agent: string | null; created_at: string;
 *   admin: { full_name: string; email: string } | null }} LogRow
 * @typedef {{ step: string; action: string; adminId: string; adminName: string; adminEmail: string; row: LogRow }} Logged
 */

/** Every entry checked through the API, for the page test. @type {Logged[]} */
const logged = [];

const cleanups = cleanupList();

/**
 * A request with this step's user agent.
 * @param {string} step
 * @param {string} method
 * @param {string} path from the server's root, e.g. `/rest/v1/sermons`
 * @param {Record<string, string>} headers
 * @param {unknown} [body]
 * @returns {Promise<unknown>} the JSON answer, null for none
 */
async function call(step, method, path, headers, body) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...headers, 'content-type': 'application/json', 'user-agent': agentOf(step) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  assert.ok(response.ok, `${step}: ${method} ${path}: HTTP ${String(response.status)} ${text}`);
  return text ? /** @type {unknown} */ (JSON.parse(text)) : null;
}

/**
 * A table API write as 'super' (the row written, for inserts and updates).
 * @param {string} step
 * @param {'POST' | 'PATCH' | 'DELETE'} method
 * @param {string} path e.g. `sermons?id=eq.x`
 * @param {unknown} [body]
 * @returns {Promise<Record<string, unknown>>}
 */
async function superWrite(step, method, path, body) {
  const rows = /** @type {Record<string, unknown>[]} */ (await call(step, method, `/rest/v1/${path}`, { ...(await userHeaders(superUser)), prefer: 'return=representation' }, body));
  assert.ok(Array.isArray(rows) && rows.length === 1, `${step}: one row written (${JSON.stringify(rows)})`);
  return /** @type {Record<string, unknown>} */ (rows[0]);
}

/**
 * The log rows that carry a step's user agent, as 'super' reads them (the Activity Logs reader).
 * @param {string} step
 * @returns {Promise<LogRow[]>}
 */
async function logRowsOf(step) {
  const query = new URLSearchParams({
    select: 'id,admin_id,action,details,ip_address,user_agent,created_at,admin:users(full_name,email)',
    user_agent: `eq.${agentOf(step)}`,
    order: 'created_at.asc',
  });
  const response = await fetch(`${baseUrl}/rest/v1/admin_activity_logs?${query.toString()}`, { headers: await userHeaders(superUser) });
  assert.equal(response.status, 200, `reading the log: ${await response.clone().text()}`);
  return /** @type {LogRow[]} */ (await bodyOf(response));
}

/**
 * Checks that a step wrote exactly one log row, with the action, admin, address and user agent,
 * and details that `detailsCheck` accepts; keeps it for the page test.
 * @param {string} step
 * @param {string} action
 * @param {{ id: string; fullName: string; email: string }} admin
 * @param {(details: Record<string, unknown>) => void} detailsCheck
 */
async function expectLogged(step, action, admin, detailsCheck) {
  const rows = await logRowsOf(step);
  assert.equal(rows.length, 1, `${step}: exactly one log row with its user agent (${JSON.stringify(rows.map((r) => r.action))})`);
  const row = /** @type {LogRow} */ (rows[0]);
  assert.equal(row.action, action, `${step}: the action`);
  categoryOf(action);
  assert.equal(row.admin_id, admin.id, `${step}: the admin who acted`);
  assert.deepEqual(row.admin, { full_name: admin.fullName, email: admin.email }, `${step}: the admin embedded`);
  assert.ok(localAddresses.includes(row.ip_address ?? ''), `${step}: the client address stamped by the server (${String(row.ip_address)})`);
  assert.equal(row.user_agent, agentOf(step), `${step}: the user agent`);
  assert.equal(typeof row.details, 'object', `${step}: details are an object`);
  detailsCheck(row.details);
  logged.push({ step, action, adminId: admin.id, adminName: admin.fullName, adminEmail: admin.email, row });
  return row;
}

/**
 * Details of a content change: the object's id, and the changed columns of an update.
 * @param {string} id
 * @param {string[]} [changed]
 */
function changeOf(id, changed) {
  return (/** @type {Record<string, unknown>} */ details) => {
    assert.equal(details.id, id, 'the details name the changed row');
    if (changed) assert.deepEqual(details.changed, changed, 'the details list the changed columns');
  };
}

/** The signed-in account of these headers (GoTrue's user object). */
async function whoAmI(/** @type {Record<string, string>} */ headers) {
  const response = await fetch(`${baseUrl}/auth/v1/user`, { headers });
  assert.equal(response.status, 200);
  return /** @type {{ id: string; email: string }} */ (await bodyOf(response));
}

describe('the activity log (issue 18, acceptance 2)', () => {
  /** @type {{ id: string; fullName: string; email: string }} */
  let superAdmin;

  test('every logged action writes exactly one row with its admin, category, client address and user agent', async (t) => {
    const me = await whoAmI(await userHeaders(superUser));
    superAdmin = { id: me.id, fullName: superUser.fullName, email: superUser.email };
    const superHeaders = await userHeaders(superUser);

    await t.test('accounts: created, signed in and out, password changed, updated, deactivated and activated', async () => {
      const email = `audit-${run}@e2e.example.org`;
      const passwords = [`first-${run}-password`, `second-${run}-password`];
      const throwaway = { id: '', fullName: `Audit Throwaway ${run}`, email };

      const created = /** @type {{ id: string }} */ (await call('admin_created', 'POST', '/auth/v1/admin/users', superHeaders, {
        email,
        password: passwords[0],
        user_metadata: { full_name: throwaway.fullName },
        app_metadata: { role: 'CONTENT_ADMIN' },
      }));
      throwaway.id = created.id;
      assert.ok(throwaway.id, 'the account has an id');
      cleanups.push(async () => {
        const response = await fetch(`${baseUrl}/auth/v1/admin/users/${throwaway.id}`, { method: 'DELETE', headers: serviceHeaders() });
        assert.ok(response.ok || response.status === 404, `deleting the throwaway account: HTTP ${String(response.status)}`);
      });
      await expectLogged('admin_created', 'admin_created', superAdmin, (details) => {
        assert.deepEqual([details.user_id, details.email, details.role], [throwaway.id, email, 'CONTENT_ADMIN']);
      });

      // Its own sign-in, password change and sign-out.
      const session = /** @type {{ access_token: string }} */ (
        await call('admin_login', 'POST', '/auth/v1/token?grant_type=password', { apikey: anonKey }, { email, password: passwords[0] })
      );
      const own = { apikey: anonKey, authorization: `Bearer ${session.access_token}` };
      await expectLogged('admin_login', 'admin_login', throwaway, (details) => {
        assert.equal(details.method, 'password');
      });
      await call('password_changed', 'PUT', '/auth/v1/user', own, { password: passwords[1], current_password: passwords[0] });
      await expectLogged('password_changed', 'password_changed', throwaway, (details) => {
        assert.ok(!JSON.stringify(details).includes(passwords[1] ?? '?'), 'no password in the details');
      });
      const signOut = await fetch(`${baseUrl}/auth/v1/logout`, { method: 'POST', headers: { ...own, 'user-agent': agentOf('admin_logout') } });
      assert.equal(signOut.status, 204, 'signed out');
      await expectLogged('admin_logout', 'admin_logout', throwaway, (details) => {
        assert.equal(typeof details.scope, 'string');
      });

      // Changed by 'super'.
      throwaway.fullName = `Audit Renamed ${run}`;
      await call('admin_updated', 'PUT', `/auth/v1/admin/users/${throwaway.id}`, superHeaders, { user_metadata: { full_name: throwaway.fullName } });
      await expectLogged('admin_updated', 'admin_updated', superAdmin, (details) => {
        assert.deepEqual([details.user_id, details.email], [throwaway.id, email]);
      });
      await call('admin_deactivated', 'PUT', `/auth/v1/admin/users/${throwaway.id}`, superHeaders, { app_metadata: { is_active: false } });
      await expectLogged('admin_deactivated', 'admin_deactivated', superAdmin, (details) => {
        assert.equal(details.user_id, throwaway.id);
      });
      await call('admin_activated', 'PUT', `/auth/v1/admin/users/${throwaway.id}`, superHeaders, { app_metadata: { is_active: true } });
      await expectLogged('admin_activated', 'admin_activated', superAdmin, (details) => {
        assert.equal(details.user_id, throwaway.id);
      });
      // The entries signed in its name still name it (it is deleted only after the page test).
      const again = await logRowsOf('admin_login');
      assert.deepEqual(again[0]?.admin, { full_name: throwaway.fullName, email }, 'the log names the account as it is now');
      for (const item of logged.filter((l) => l.adminId === throwaway.id)) item.adminName = throwaway.fullName;
    });

    await t.test('content and members: sermon, event, announcement and member created, updated and deleted', async () => {
      /** @type {[string, string, Record<string, unknown>, Record<string, unknown>][]} */
      const kinds = [
        ['sermon', 'sermons', { title: `Audit sermon ${run}`, speaker: 'E2E Speaker', sermon_date: today }, { speaker: 'E2E Speaker Two' }],
        ['event', 'events', { title: `Audit event ${run}`, start_date: `${today}T10:00:00+03:00` }, { location: 'Church hall' }],
        ['announcement', 'announcements', { title: `Audit notice ${run}`, content: 'E2E content', start_date: today }, { content: 'E2E content, corrected' }],
        ['member', 'members', { first_name: 'Audit', last_name: `Member ${run}` }, { address: 'E2E Road 1' }],
      ];
      for (const [entity, table, insert, update] of kinds) {
        const row = await superWrite(`${entity}_created`, 'POST', table, insert);
        const id = String(row.id);
        cleanups.push(() => serviceWrite('DELETE', `${table}?id=eq.${id}`));
        await expectLogged(`${entity}_created`, `${entity}_created`, superAdmin, changeOf(id));
        await superWrite(`${entity}_updated`, 'PATCH', `${table}?id=eq.${id}`, update);
        await expectLogged(`${entity}_updated`, `${entity}_updated`, superAdmin, changeOf(id, Object.keys(update)));
        await superWrite(`${entity}_deleted`, 'DELETE', `${table}?id=eq.${id}`);
        await expectLogged(`${entity}_deleted`, `${entity}_deleted`, superAdmin, changeOf(id));
      }
    });

    await t.test('finance: a donation created, updated and deleted; a budget line created and updated; an expense recorded', async () => {
      const gift = await superWrite('donation_created', 'POST', 'giving_records', {
        amount: 123,
        giving_type: 'offering',
        payment_method: 'cash',
        giving_date: today,
        notes: `Audit gift ${run}`,
      });
      const giftId = String(gift.id);
      cleanups.push(() => serviceWrite('DELETE', `giving_records?id=eq.${giftId}`));
      await expectLogged('donation_created', 'donation_created', superAdmin, (details) => {
        changeOf(giftId)(details);
        assert.deepEqual([details.giving_type, Number(details.amount)], ['offering', 123]);
      });
      await superWrite('donation_updated', 'PATCH', `giving_records?id=eq.${giftId}`, { amount: 150 });
      await expectLogged('donation_updated', 'donation_updated', superAdmin, changeOf(giftId, ['amount']));
      await superWrite('donation_deleted', 'DELETE', `giving_records?id=eq.${giftId}`);
      await expectLogged('donation_deleted', 'donation_deleted', superAdmin, changeOf(giftId));

      // A budget line in a year and category nobody uses (one per category and year).
      const used = new Set(
        /** @type {{ year: number; category: string }[]} */ (await serviceGet('budgets?select=year,category')).map((b) => `${String(b.year)}:${b.category}`),
      );
      const budgetCategories = ['other', 'special_events', 'missions', 'office_supplies', 'utilities'];
      let slot = null;
      for (let year = 2030; year >= 2020 && !slot; year--) {
        const category = budgetCategories.find((c) => !used.has(`${String(year)}:${c}`));
        if (category) slot = { year, category };
      }
      assert.ok(slot, 'a free budget category and year');
      const budget = await superWrite('budget_created', 'POST', 'budgets', {
        ...slot,
        allocated_amount: 1000,
        description: `E2E ${run} audit`,
      });
      const budgetId = String(budget.id);
      cleanups.push(() => serviceWrite('DELETE', `budgets?id=eq.${budgetId}`));
      await expectLogged('budget_created', 'budget_created', superAdmin, (details) => {
        changeOf(budgetId)(details);
        assert.equal(details.category, slot.category);
      });
      await superWrite('budget_updated', 'PATCH', `budgets?id=eq.${budgetId}`, { allocated_amount: 1500 });
      await expectLogged('budget_updated', 'budget_updated', superAdmin, changeOf(budgetId, ['allocated_amount']));

      const expense = await superWrite('expense_recorded', 'POST', 'expenses', {
        budget_id: budgetId,
        category: slot.category,
        amount: 250,
        description: `Audit expense ${run}`,
        expense_date: `${String(slot.year)}-06-15`,
      });
      const expenseId = String(expense.id);
      // Removed before its budget line (cleanups run last in, first out).
      cleanups.push(() => serviceWrite('DELETE', `expenses?id=eq.${expenseId}`));
      await expectLogged('expense_recorded', 'expense_recorded', superAdmin, (details) => {
        changeOf(expenseId)(details);
        assert.deepEqual([details.description, Number(details.amount)], [`Audit expense ${run}`, 250]);
      });
    });

    await t.test('settings: one save writes settings_updated with the changed keys and never a value', async () => {
      const key = 'office_hours';
      const [setting] = /** @type {{ value: unknown }[]} */ (await serviceGet(`system_settings?select=value&key=eq.${key}`));
      assert.ok(setting, `the ${key} setting exists`);
      const original = setting.value;
      const marker = `E2E ${run} hours`;
      const changed = [{ days: 'Monday to Friday', hours: marker }];
      const save = (/** @type {string} */ step, /** @type {unknown} */ value) =>
        call(step, 'POST', '/rest/v1/system_settings?on_conflict=key', { ...superHeaders, prefer: 'resolution=merge-duplicates,return=minimal' }, [
          { key, value, updated_by: superAdmin.id },
        ]);
      await save('settings_updated', changed);
      /** @type {LogRow[]} */
      let rows;
      try {
        rows = await logRowsOf('settings_updated');
      } finally {
        await save('settings_restored', original);
      }
      const [restored] = /** @type {{ value: unknown }[]} */ (await serviceGet(`system_settings?select=value&key=eq.${key}`));
      assert.deepEqual(restored?.value, original, 'the setting is back to its own value');
      assert.equal(rows.length, 1, 'one save is one settings_updated entry');
      await expectLogged('settings_updated', 'settings_updated', superAdmin, (details) => {
        assert.deepEqual(details.keys, [key], 'the changed key');
        assert.ok(!JSON.stringify(details).includes(marker), 'no setting value in the details');
      });
      const back = await logRowsOf('settings_restored');
      assert.equal(back.length, 1, 'the restoring save is one entry too');
    });
  });

  test('the Activity Logs page shows the entries under their category, with the address and user agent in the details', async () => {
    assert.ok(logged.length > 0, 'the actions above were logged');
    const from = new Date(`${today}T00:00:00Z`);
    from.setUTCDate(from.getUTCDate() - 6);
    /** @type {Map<string, number>} */
    const countsBefore = new Map();
    for (const category of categories) countsBefore.set(category.id, await countOf(category.actions, from.toISOString().slice(0, 10), today));
    const { page, problems, close } = await openPage(viewports.desktop);
    await signIn(page, superUser);
    await page.goto(`${baseUrl}/admin/activity-logs`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Activity Logs' }).waitFor();
    assert.equal(await page.getByLabel('Category', { exact: true }).inputValue(), 'all');
    assert.equal(await page.getByLabel('From', { exact: true }).inputValue(), from.toISOString().slice(0, 10), 'the last 7 days by default');
    assert.equal(await page.getByLabel('To', { exact: true }).inputValue(), today);
    await settled(page);
    assert.deepEqual(await axeViolations(page), [], 'axe on the page');
    await screenshot(page, 'admin-activity-logs-1280');

    // The cards count what the server counts for the range (not a capped list). The server's
    // own jobs may log meanwhile (a payment a finished test left pending, completed by the
    // reconciliation): the card shows the count of its moment, between the server's count
    // before the page read it and after (equal when nothing was logged meanwhile).
    for (const category of categories) {
      // Each card has a read of its own, which settled() does not see: data-count is '' until it answers.
      const card = `.activity-card[data-category="${category.id}"] .activity-card-count`;
      await page.locator(`${card}:not([data-count=""])`).waitFor();
      const shown = Number(await page.locator(card).getAttribute('data-count'));
      const after = await countOf(category.actions, from.toISOString().slice(0, 10), today);
      const before = countsBefore.get(category.id) ?? -1;
      assert.ok(before <= shown && shown <= after, `the ${category.label} card counts every entry of the range: ${shown}, the server ${before} to ${after}`);
    }

    for (const { id, label: category } of categories) {
      const entries = logged.filter((l) => categoryOf(l.action).id === id);
      if (entries.length === 0) continue;
      await page.getByLabel('Category', { exact: true }).selectOption({ label: category });
      await page.getByRole('heading', { level: 2, name: `Timeline: ${category}` }).waitFor();
      await page.waitForURL((url) => url.searchParams.get('category') === id);
      await settled(page);
      for (const entry of entries) {
        const item = page.locator(`.activity-timeline .activity-item[data-log-id="${entry.row.id}"]`);
        await item.waitFor({ timeout: patient(10_000) });
        assert.equal(await item.getAttribute('data-action'), entry.action, `${entry.step}: the action`);
        assert.equal((await item.locator('.badge').innerText()).trim(), category, `${entry.step}: shown under ${category}`);
        assert.equal((await item.locator('.activity-entry-who').innerText()).trim(), entry.adminName, `${entry.step}: who`);
      }
      // Nothing of another category is listed.
      const shown = await page.locator('.activity-timeline .activity-item .badge').allInnerTexts();
      assert.deepEqual([...new Set(shown.map((c) => c.trim()))], [category], `only ${category} entries under ${category}`);
    }

    // The details dialog of entries this run made: the admin, IP address and user agent.
    const opened = ['admin_login', 'sermon_updated', 'expense_recorded'].map((step) => logged.find((l) => l.step === step)).filter((l) => l !== undefined);
    assert.equal(opened.length, 3);
    for (const entry of opened) {
      const category = categoryOf(entry.action).label;
      await page.getByLabel('Category', { exact: true }).selectOption({ label: category });
      await page.getByRole('heading', { level: 2, name: `Timeline: ${category}` }).waitFor();
      await settled(page);
      await page.locator(`.activity-timeline .activity-item[data-log-id="${entry.row.id}"] button`).click();
      const dialog = page.getByRole('dialog', { name: 'Activity Details' });
      await dialog.waitFor();
      const fact = async (/** @type {string} */ name) => (await dialog.locator(`[data-fact="${name}"] dd`).innerText()).replace(/\s+/g, ' ').trim();
      assert.match(await fact('action'), new RegExp(`${entry.action}$`), `${entry.step}: the action in the dialog`);
      assert.equal(await fact('category'), category, `${entry.step}: the category in the dialog`);
      assert.equal(await fact('admin'), `${entry.adminName} ${entry.adminEmail}`, `${entry.step}: the admin in the dialog`);
      assert.equal(await fact('ip'), entry.row.ip_address, `${entry.step}: the IP address in the dialog`);
      assert.equal(await fact('user-agent'), agentOf(entry.step), `${entry.step}: the user agent in the dialog`);
      assert.match(await fact('time'), /^\d{1,2} \w{3} \d{4}, \d{2}:\d{2}:\d{2} \(Nairobi\)$/);
      if (entry.step === 'sermon_updated') {
        assert.equal((await dialog.locator('[data-detail="changed"] dd').innerText()).trim(), 'speaker', 'the changed column, readably');
        assert.deepEqual(await axeViolations(page), [], 'axe on the details dialog');
        await page.screenshot({ path: join(artifacts, 'admin-activity-logs-modal-1280.png') });
      }
      await dialog.getByRole('button', { name: 'Close' }).last().click();
      await dialog.waitFor({ state: 'hidden' });
    }

    assert.deepEqual(problems, []);
    await close();
  });

  test('on a 375 px phone the page fits the screen and the dialog opens', async () => {
    const { page, problems, close } = await openPage(viewports.phone);
    await signIn(page, superUser);
    await page.goto(`${baseUrl}/admin/activity-logs?category=authentication`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 2, name: 'Timeline: Authentication' }).waitFor();
    await settled(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= viewports.phone.width, `no sideways scrolling (${String(width)} px)`);
    assert.deepEqual(await axeViolations(page), [], 'axe on the phone');
    await screenshot(page, 'admin-activity-logs-375');
    await page.locator('.activity-timeline .activity-item button').first().click();
    const dialog = page.getByRole('dialog', { name: 'Activity Details' });
    await dialog.locator('[data-fact="user-agent"]').waitFor();
    assert.deepEqual(await axeViolations(page), [], 'axe on the dialog on the phone');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    assert.deepEqual(problems, []);
    await close();
  });
});

/**
 * Waits until nothing on the page is loading.
 * @param {import('playwright-core').Page} page
 */
async function settled(page) {
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null && document.querySelector('.spinner-row') === null);
}

/**
 * How many log entries of these actions the range (Nairobi days) holds, counted by the server
 * for 'super'.
 * @param {string[]} actions
 * @param {string} from
 * @param {string} to
 */
async function countOf(actions, from, to) {
  const query = new URLSearchParams({ select: 'id', action: `in.(${actions.join(',')})`, limit: '1' });
  query.append('created_at', `gte.${from}T00:00:00+03:00`);
  query.append('created_at', `lte.${to}T23:59:59.999999+03:00`);
  const response = await fetch(`${baseUrl}/rest/v1/admin_activity_logs?${query.toString()}`, {
    headers: { ...(await userHeaders(superUser)), prefer: 'count=exact' },
  });
  assert.ok(response.ok, `counting ${actions.join(',')}: HTTP ${String(response.status)}`);
  const total = /\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1];
  assert.ok(total !== undefined, 'the server counted');
  return Number(total);
}
