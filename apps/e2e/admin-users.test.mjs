// Browser tests of the back office's Admin Users screen (issue 18, acceptance 1), against a
// running Kanisa with demo content and the test accounts (scripts/e2e.sh, scripts/dev-server.sh).
// The Super Admin ('super') makes an admin of each of the five roles through the page, checking
// the §6.3 defaults are ticked when the role is chosen; each new account then signs in in a
// fresh browser and sees its role's menu. One is deactivated through the page while it is
// signed in elsewhere: its next request is refused. A Ministry Leader is made leading one demo
// ministry (issue 31): the list names it and the leader reads that ministry's members only and
// no other staff profile. The Super Admin has no Edit or Deactivate on
// their own row and the server refuses a self-deactivation. Every account made here is this
// run's own (unique e-mails) and is deleted afterwards with the service key; the shared test
// accounts are never changed.
//
//   source /tmp/kanisa-dev-<port>.env && cd apps && node --test e2e/admin-users.test.mjs
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { artifacts, axeViolations, baseUrl, openPage, patient, screenshot, serviceHeaders, shown, signIn, useBrowser, viewports } from './lib/browser.mjs';
import { bodyOf } from './lib/rest.mjs';
import { testUser } from './users.mjs';

useBrowser();

const desktop = viewports.desktop;
const phone = viewports.phone;
const anonKey = process.env.KANISA_ANON_KEY ?? '';
const chief = testUser('super');

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const password = `pw-${run}-secret`;
/** @param {string} role */
const emailOf = (role) => `au-${run}-${role.toLowerCase().replace(/_/g, '-')}@e2e.example.org`;

/** §6.3's vocabulary as the server holds it (kanisa.permissions). */
const everything = [
  'manage_users', 'manage_admins', 'view_audit_logs', 'system_settings',
  'manage_content', 'manage_sermons', 'manage_events', 'manage_announcements',
  'manage_members', 'view_member_details', 'manage_attendance',
  'manage_finances', 'view_financial_reports', 'manage_donations', 'manage_budget',
  'manage_prayer_requests', 'view_private_prayer_requests',
  'send_communications', 'manage_communications', 'send_sms', 'send_emails',
  'view_reports', 'view_member_reports',
];
/** @param {string[]} list */
const sorted = (list) => [...list].sort();

const content = 'Content: Sermons, Events, Announcements, Leaders, Site Content';
const financial = 'Financial: Dashboard, Donations, Budget, Statements, Remittance';
const system = 'System: Admin Users, Activity Logs, Settings';

/**
 * One admin per role: the form's label, the §6.3 defaults that must be ticked when the role is
 * chosen, and what the new account sees — its dashboard title (§2.5), the role label in the
 * header, and its menu (§2.4), written out as apps/e2e/admin-access.test.mjs writes the shared
 * accounts' menus.
 * @type {{ role: string; label: string; header: string; name: string; title: string; permissions: string[]; menu: string[] }[]}
 */
const admins = [
  {
    role: 'SUPER_ADMIN',
    label: 'Super Admin',
    header: 'Super Admin',
    name: `Sam Super ${run}`,
    title: 'Super Admin Dashboard',
    permissions: everything,
    menu: ['Dashboard', 'Members', 'Attendance', content, 'Prayer Requests', financial, 'Communication', 'Reports', system],
  },
  {
    role: 'ADMIN',
    label: 'General Admin',
    header: 'Admin',
    name: `Gina General ${run}`,
    title: 'Financial Management Dashboard',
    // The prayer team's permission is given by name, never by a role (issue 31).
    permissions: everything.filter((p) => p !== 'manage_admins' && p !== 'system_settings' && p !== 'view_private_prayer_requests'),
    menu: ['Dashboard', 'Members', 'Attendance', content, 'Prayer Requests', financial, 'Communication', 'Reports'],
  },
  {
    role: 'FINANCE_ADMIN',
    label: 'Finance Admin',
    header: 'Finance Admin',
    name: `Fred Finance ${run}`,
    title: 'Financial Management Dashboard',
    permissions: ['manage_finances', 'view_financial_reports', 'manage_donations', 'manage_budget', 'view_member_details'],
    menu: ['Dashboard', 'Members', financial, 'Reports'],
  },
  {
    role: 'CONTENT_ADMIN',
    label: 'Content Admin',
    header: 'Content Admin',
    name: `Cate Content ${run}`,
    title: 'Content Management Dashboard',
    permissions: ['manage_content', 'manage_sermons', 'manage_events', 'manage_announcements', 'view_member_details'],
    menu: ['Dashboard', 'Members', content],
  },
  {
    role: 'MEMBER_ADMIN',
    label: 'Member Admin',
    header: 'Member Admin',
    name: `Mo Members ${run}`,
    title: 'Member Management Dashboard',
    permissions: ['manage_members', 'view_member_details', 'manage_attendance', 'send_communications', 'manage_communications', 'send_sms', 'send_emails'],
    menu: ['Dashboard', 'Members', 'Attendance', 'Communication'],
  },
];

/** @param {string} role */
const adminOf = (role) => {
  const found = admins.find((a) => a.role === role);
  if (!found) throw new Error(role);
  return found;
};

/** Ids of the accounts this run made, by role. @type {Map<string, string>} */
const made = new Map();

after(async () => {
  // Everything this run made, also what a failed test left half done.
  const response = await fetch(`${baseUrl}/auth/v1/admin/users?per_page=1000`, { headers: serviceHeaders() });
  const body = /** @type {{ users: { id: string; email: string }[] }} */ (await bodyOf(response));
  const ids = new Set([...made.values(), ...body.users.filter((u) => u.email.startsWith(`au-${run}-`)).map((u) => u.id)]);
  for (const id of ids) {
    const gone = await fetch(`${baseUrl}/auth/v1/admin/users/${id}`, { method: 'DELETE', headers: serviceHeaders() });
    assert.ok(gone.ok || gone.status === 404, `deleting ${id}: HTTP ${String(gone.status)}`);
  }
});

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {import('playwright-core').Locator} Locator */

/** @param {string} url */
const isAdminApi = (url) => new URL(url).pathname.startsWith('/auth/v1/admin/users');

/**
 * The server's view of an account (service key).
 * @param {string} id
 * @returns {Promise<{ email: string; app_metadata: { role: string; permissions: string[]; is_active: boolean }; user_metadata: { full_name?: string } }>}
 */
async function account(id) {
  const response = await fetch(`${baseUrl}/auth/v1/admin/users/${id}`, { headers: serviceHeaders() });
  assert.equal(response.status, 200, `GET account ${id}`);
  return /** @type {never} */ (await bodyOf(response));
}

/**
 * Signs in through /auth/v1 (no browser) and returns the session's access token, or the failure.
 * @param {string} email
 */
async function tokenOf(email) {
  const response = await fetch(`${baseUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = /** @type {{ access_token?: string; msg?: string }} */ (await bodyOf(response));
  return { status: response.status, token: body.access_token ?? '', message: body.msg ?? '' };
}

/**
 * The sidebar as labels, groups with their items (as apps/e2e/admin-access.test.mjs reads it).
 * @param {Page} page
 */
async function menuLabels(page) {
  return page.getByRole('navigation', { name: 'Main' }).evaluate((nav) =>
    Array.from(nav.querySelector('ul')?.children ?? []).map((li) => {
      const group = li.querySelector(':scope > button');
      /** @param {Element} el */
      const text = (el) => el.textContent.trim();
      if (!group) return text(li);
      return `${text(group)}: ${Array.from(li.querySelectorAll('ul a')).map(text).join(', ')}`;
    }),
  );
}

/**
 * The permissions ticked in the form (each checkbox's value is the permission's name).
 * @param {Locator} dialog
 */
async function ticked(dialog) {
  const values = await dialog
    .locator('input[type="checkbox"][name="permissions"]')
    .evaluateAll((boxes) => boxes.filter((box) => box instanceof HTMLInputElement && box.checked).map((box) => /** @type {HTMLInputElement} */ (box).value));
  return sorted(values);
}

/**
 * The role overview: accounts per role.
 * @param {Page} page
 * @param {string} role
 */
async function roleCount(page, role) {
  const value = page.locator(`[data-figure="${role}"] .admin-role-card-value`);
  await page.waitForFunction((r) => /^\d/.test(document.querySelector(`[data-figure="${r}"] .admin-role-card-value`)?.textContent ?? ''), role);
  return Number((await value.textContent())?.replace(/,/g, ''));
}

/**
 * The table row of an account.
 * @param {Page} page
 * @param {string} email
 */
const rowOf = (page, email) => page.locator('tbody tr', { hasText: email });

/** @param {Page} page */
async function openScreen(page) {
  await page.goto(`${baseUrl}/admin/admin-users`);
  await page.getByRole('heading', { level: 1, name: 'Admin Users' }).waitFor();
  await page.locator('tbody tr').first().waitFor();
}

/**
 * The Security setting min_password_length as the server reads it (default 6).
 * @returns {Promise<number>}
 */
async function minPasswordLength() {
  const response = await fetch(`${baseUrl}/rest/v1/system_settings?select=value&key=eq.min_password_length`, { headers: serviceHeaders() });
  const rows = /** @type {{ value: unknown }[]} */ (await bodyOf(response));
  const n = Number(rows[0]?.value ?? 6);
  return Number.isInteger(n) ? Math.min(128, Math.max(6, n)) : 6;
}

describe('acceptance 1: admins of every role made through the page', () => {
  test('the Super Admin adds one admin per role; the role’s defaults are ticked; the form checks passwords and e-mails', async () => {
    const { page, problems, close } = await openPage(desktop, { expectedFailure: isAdminApi });
    await signIn(page, chief);
    await openScreen(page);
    /** @type {Record<string, number>} */
    const before = {};
    for (const { role } of admins) before[role] = await roleCount(page, role);
    const min = await minPasswordLength();

    for (const [index, admin] of admins.entries()) {
      await page.getByRole('button', { name: '+ Add Admin User' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Admin User' });
      await dialog.getByLabel('Email *').fill(emailOf(admin.role));
      await dialog.getByLabel('Full Name *').fill(admin.name);
      if (index === 0) {
        // §5: a password under the configured length, and two that differ, never reach the server.
        await dialog.getByLabel('Password *', { exact: true }).fill('x'.repeat(min - 1));
        await dialog.getByLabel('Confirm Password *').fill('y'.repeat(min - 1));
        await dialog.getByRole('button', { name: 'Create Admin User' }).click();
        await dialog.getByText(`Password must be at least ${String(min)} characters long.`).waitFor();
        await shown(dialog.getByText('Passwords do not match'));
      }
      await dialog.getByLabel('Password *', { exact: true }).fill(password);
      await dialog.getByLabel('Confirm Password *').fill(password);
      await dialog.getByLabel('Role *').selectOption({ label: admin.label });
      assert.deepEqual(await ticked(dialog), sorted(admin.permissions), `${admin.role}: the §6.3 defaults are ticked`);
      if (index === 0) await page.screenshot({ path: join(artifacts, 'admin-users-add-1280.png') });

      const answer = page.waitForResponse((r) => isAdminApi(r.url()) && r.request().method() === 'POST');
      await dialog.getByRole('button', { name: 'Create Admin User' }).click();
      const response = await answer;
      assert.equal(response.status(), 200, `creating the ${admin.role}: ${await response.text()}`);
      /** @type {unknown} */
      const answered = await response.json();
      const created = /** @type {{ id: string }} */ (answered);
      made.set(admin.role, created.id);
      await page.getByText('Admin user created successfully!').waitFor();
      await dialog.waitFor({ state: 'detached' });

      const row = rowOf(page, emailOf(admin.role));
      await row.waitFor();
      assert.match((await row.textContent()) ?? '', new RegExp(`${admin.name}.*${admin.label}.*Active.*Never`));
      const stored = await account(created.id);
      assert.equal(stored.app_metadata.role, admin.role);
      assert.deepEqual(sorted(stored.app_metadata.permissions), sorted(admin.permissions), `${admin.role}: what the server grants`);
      assert.equal(stored.app_metadata.is_active, true);
      assert.equal(stored.user_metadata.full_name, admin.name);
    }
    for (const { role } of admins) {
      assert.equal(await roleCount(page, role), (before[role] ?? NaN) + 1, `${role} card counts the new admin`);
    }

    // §8: an e-mail already registered, and one the server cannot take.
    await page.getByRole('button', { name: '+ Add Admin User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Admin User' });
    await dialog.getByLabel('Email *').fill(emailOf('ADMIN'));
    await dialog.getByLabel('Full Name *').fill('Someone Else');
    await dialog.getByLabel('Password *', { exact: true }).fill(password);
    await dialog.getByLabel('Confirm Password *').fill(password);
    await dialog.getByRole('button', { name: 'Create Admin User' }).click();
    assert.equal(
      (await dialog.getByRole('alert').textContent())?.trim(),
      'This email address is already registered. Please use a different email.',
    );
    await dialog.getByLabel('Email *').fill('not-an-address');
    await dialog.getByRole('button', { name: 'Create Admin User' }).click();
    await dialog.getByText(/^Please use a valid email address, for example/).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // The refusal (422) and the app's log of it are expected; nothing else.
    assert.deepEqual(
      problems.filter((p) => !p.includes('/auth/v1/admin/users') && !p.startsWith('console error: Creating the admin user failed KanisaError: This email address is already registered.')),
      [],
    );
    await close();
  });

  for (const admin of admins) {
    test(`a new ${admin.label} signs in in a fresh browser and sees its role’s menu`, async () => {
      assert.ok(made.has(admin.role), 'made by the test above');
      const { page, problems, close } = await openPage(desktop);
      await signIn(page, { email: emailOf(admin.role), password });
      await page.getByRole('heading', { level: 1, name: admin.title }).waitFor();
      assert.deepEqual(await menuLabels(page), admin.menu, `${admin.role} menu`);
      assert.match((await page.getByRole('button', { name: /account menu/ }).textContent()) ?? '', new RegExp(admin.header));
      assert.deepEqual(problems, []);
      await close();
    });
  }

  test('editing an admin: the e-mail stays, a permission taken away leaves the menu', async () => {
    const finance = adminOf('FINANCE_ADMIN');
    const id = made.get('FINANCE_ADMIN');
    assert.ok(id);
    const { page, problems, close } = await openPage(desktop);
    await signIn(page, chief);
    await openScreen(page);
    await page.getByRole('button', { name: `Edit ${finance.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Admin User' });
    const email = dialog.getByLabel('Email', { exact: true });
    assert.equal(await email.inputValue(), emailOf('FINANCE_ADMIN'));
    assert.equal(await email.getAttribute('readonly'), '');
    assert.deepEqual(await ticked(dialog), sorted(finance.permissions));
    await dialog.getByLabel('Full Name *').fill(`${finance.name} Jr`);
    await dialog.getByRole('checkbox', { name: 'Manage budget' }).uncheck();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Admin user updated successfully!').waitFor();
    await rowOf(page, emailOf('FINANCE_ADMIN')).getByText(`${finance.name} Jr`).waitFor();
    const stored = await account(id);
    assert.deepEqual(sorted(stored.app_metadata.permissions), sorted(finance.permissions.filter((p) => p !== 'manage_budget')));
    assert.equal(stored.email, emailOf('FINANCE_ADMIN'));
    assert.deepEqual(problems, []);
    await close();

    const own = await openPage(desktop);
    await signIn(own.page, { email: emailOf('FINANCE_ADMIN'), password });
    await own.page.getByRole('heading', { level: 1 }).first().waitFor();
    assert.deepEqual(await menuLabels(own.page), ['Dashboard', 'Members', 'Financial: Dashboard, Donations, Statements, Remittance', 'Reports']);
    assert.deepEqual(own.problems, []);
    await own.close();
  });
});

describe('a leader’s scope (issue 31)', () => {
  test('the Super Admin adds a Ministry Leader leading one ministry: the list names it, the server holds the link, the leader reads that ministry’s members only', async () => {
    // A demo ministry with members, and how many it has (service key).
    const participation = /** @type {{ member_id: string; ministry_id: string; ministries: { name: string } }[]} */ (
      await bodyOf(await fetch(`${baseUrl}/rest/v1/member_ministries?select=member_id,ministry_id,ministries(name)`, { headers: serviceHeaders() }))
    );
    const first = participation[0];
    assert.ok(first, 'the demo has ministry members');
    const ministry = first.ministries.name;
    const inMinistry = new Set(participation.filter((p) => p.ministry_id === first.ministry_id).map((p) => p.member_id));
    const everyone = /** @type {unknown[]} */ (await bodyOf(await fetch(`${baseUrl}/rest/v1/members?select=id`, { headers: serviceHeaders() })));
    assert.ok(everyone.length > inMinistry.size, 'the church has members outside that ministry');

    const { page, problems, close } = await openPage(desktop, { expectedFailure: isAdminApi });
    await signIn(page, chief);
    await openScreen(page);
    await page.getByRole('button', { name: '+ Add Admin User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Admin User' });
    await dialog.getByLabel('Email *').fill(emailOf('MINISTRY_LEADER'));
    await dialog.getByLabel('Full Name *').fill(`Lydia Leader ${run}`);
    await dialog.getByLabel('Password *', { exact: true }).fill(password);
    await dialog.getByLabel('Confirm Password *').fill(password);
    assert.equal(await dialog.getByRole('group', { name: 'Leads' }).count(), 0, 'no Leads for an admin role');
    await dialog.getByLabel('Role *').selectOption({ label: 'Ministry Leader' });
    assert.deepEqual(await ticked(dialog), sorted(['manage_prayer_requests', 'send_communications', 'view_member_details']));
    const leads = dialog.getByRole('group', { name: 'Leads' });
    await leads.getByRole('checkbox', { name: ministry, exact: true }).check();
    await page.screenshot({ path: join(artifacts, 'admin-users-leader-1280.png') });
    const answer = page.waitForResponse((r) => isAdminApi(r.url()) && r.request().method() === 'POST');
    const linked = page.waitForResponse((r) => new URL(r.url()).pathname === '/rest/v1/user_ministries' && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Create Admin User' }).click();
    const response = await answer;
    assert.equal(response.status(), 200, await response.text());
    /** @type {unknown} */
    const answered = await response.json();
    const created = /** @type {{ id: string }} */ (answered);
    made.set('MINISTRY_LEADER', created.id);
    assert.equal((await linked).status(), 201);
    await page.getByText('Admin user created successfully!').waitFor();
    const row = rowOf(page, emailOf('MINISTRY_LEADER'));
    await row.getByText(`Leads ${ministry}`).waitFor();

    const links = /** @type {{ ministry_id: string }[]} */ (
      await bodyOf(await fetch(`${baseUrl}/rest/v1/user_ministries?select=ministry_id&user_id=eq.${created.id}`, { headers: serviceHeaders() }))
    );
    assert.deepEqual(links, [{ ministry_id: first.ministry_id }]);
    assert.deepEqual(problems, []);
    await close();

    // The leader's own reads: the members of that ministry, nobody else; no staff profile but their own.
    const { token } = await tokenOf(emailOf('MINISTRY_LEADER'));
    const headers = { apikey: anonKey, authorization: `Bearer ${token}` };
    const members = /** @type {{ id: string }[]} */ (await bodyOf(await fetch(`${baseUrl}/rest/v1/members?select=id`, { headers })));
    assert.deepEqual(new Set(members.map((m) => m.id)), inMinistry);
    const profiles = /** @type {{ id: string }[]} */ (await bodyOf(await fetch(`${baseUrl}/rest/v1/users?select=id,email`, { headers })));
    assert.deepEqual(profiles.map((p) => p.id), [created.id]);
  });
});

describe('deactivation ends the account’s sessions at once', () => {
  test('deactivated through the page while signed in elsewhere: its next request is refused; activated again, it signs in', async () => {
    const target = adminOf('CONTENT_ADMIN');
    // The other browser: the content admin, signed in and working.
    const other = await openPage(desktop, { expectedFailure: () => true });
    await signIn(other.page, { email: emailOf('CONTENT_ADMIN'), password });
    await other.page.getByRole('heading', { level: 1, name: target.title }).waitFor();
    const oldToken = await other.page.evaluate(() => {
      /** @type {unknown} */
      const stored = JSON.parse(localStorage.getItem('kanisa-auth') ?? '{}');
      return /** @type {{ access_token?: string }} */ (stored).access_token ?? '';
    });
    assert.ok(oldToken, 'the other browser holds a session');
    /** @param {string} token */
    const tableRead = (token) => fetch(`${baseUrl}/rest/v1/sermons?select=id&limit=1`, { headers: { apikey: anonKey, authorization: `Bearer ${token}` } });
    assert.equal((await tableRead(oldToken)).status, 200, 'the session works before');

    const { page, problems, close } = await openPage(desktop);
    await signIn(page, chief);
    await openScreen(page);
    const inactiveBefore = await page.locator('[data-figure="CONTENT_ADMIN"] .admin-role-card-note').textContent();
    await page.getByRole('button', { name: `Deactivate ${target.name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Deactivate Admin User' });
    assert.equal((await confirm.locator('.confirm-message').textContent())?.trim(), 'Are you sure you want to deactivate this admin user?');
    await page.screenshot({ path: join(artifacts, 'admin-users-deactivate-1280.png') });
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByText(`${target.name} was deactivated and signed out everywhere.`).waitFor();
    await page.getByRole('button', { name: `Activate ${target.name}` }).waitFor();
    assert.match((await rowOf(page, emailOf('CONTENT_ADMIN')).textContent()) ?? '', /Inactive/);
    const [active, inactive] = (inactiveBefore ?? '').match(/\d+/g)?.map(Number) ?? [];
    assert.ok(active !== undefined && inactive !== undefined);
    await page
      .locator('[data-figure="CONTENT_ADMIN"] .admin-role-card-note')
      .filter({ hasText: `${String(active - 1)} active · ${String(inactive + 1)} inactive` })
      .waitFor();
    assert.equal((await account(made.get('CONTENT_ADMIN') ?? '')).app_metadata.is_active, false);

    // The old session is over: the table API refuses its token at once, and so does the server
    // every read of the app in the other browser (a reload there reads with the old token).
    assert.equal((await tableRead(oldToken)).status, 401, 'the old token is refused by the table API');
    const refusedRead = other.page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/rest/v1/') && r.status() === 401);
    await other.page.reload();
    const refused = await refusedRead;
    /** @type {unknown} */
    const refusal = await refused.json();
    assert.match(/** @type {{ message?: string }} */ (refusal).message ?? '', /JWT session has ended/);
    // The refused read makes the app ask the server for a new token; the refresh token is gone
    // too, so it goes back to sign in at once, saying why.
    await other.page.waitForURL((url) => url.pathname === '/admin/login', { timeout: patient(15_000) });
    await other.page.getByText('Your session has ended. Please sign in again.').waitFor();
    await other.page.getByLabel('Email', { exact: true }).fill(emailOf('CONTENT_ADMIN'));
    await other.page.getByLabel('Password', { exact: true }).fill(password);
    await other.page.getByRole('button', { name: 'Sign In' }).click();
    assert.equal(
      (await other.page.getByRole('alert').filter({ hasText: 'deactivated' }).textContent())?.trim(),
      'This account has been deactivated. Contact the system administrator.',
    );
    await other.close();

    // Activated again through the page.
    await page.getByRole('button', { name: `Activate ${target.name}` }).click();
    const again = page.getByRole('alertdialog', { name: 'Activate Admin User' });
    assert.equal((await again.locator('.confirm-message').textContent())?.trim(), 'Are you sure you want to activate this admin user?');
    await again.getByRole('button', { name: 'Activate' }).click();
    await page.getByText(`${target.name} was activated and can sign in again.`).waitFor();
    await page.getByRole('button', { name: `Deactivate ${target.name}` }).waitFor();
    assert.equal((await tokenOf(emailOf('CONTENT_ADMIN'))).status, 200, 'it signs in again');
    assert.deepEqual(problems, []);
    await close();
  });
});

describe('nobody changes themself', () => {
  test('the Super Admin’s own row has no Edit or Deactivate; the server refuses a self-deactivation', async () => {
    const { page, problems, close } = await openPage(desktop);
    await signIn(page, chief);
    await openScreen(page);
    const mine = rowOf(page, chief.email);
    await mine.waitFor();
    assert.equal((await mine.locator('.admin-user-self').textContent())?.trim(), 'This is you');
    assert.equal(await mine.getByRole('button').count(), 0, 'no buttons on your own row');
    assert.equal(await page.getByRole('button', { name: `Edit ${chief.fullName}`, exact: true }).count(), 0);
    assert.equal(await page.getByRole('button', { name: `Deactivate ${chief.fullName}`, exact: true }).count(), 0);
    // Another Super Admin's row has them.
    await rowOf(page, emailOf('SUPER_ADMIN')).getByRole('button', { name: `Edit ${adminOf('SUPER_ADMIN').name}` }).waitFor();
    assert.deepEqual(problems, []);
    await close();

    // The server's rule, tried by a Super Admin of this run on itself (never a shared account).
    const id = made.get('SUPER_ADMIN');
    assert.ok(id);
    const { token } = await tokenOf(emailOf('SUPER_ADMIN'));
    const headers = { apikey: anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const refused = await fetch(`${baseUrl}/auth/v1/admin/users/${id}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ app_metadata: { is_active: false } }),
    });
    const body = /** @type {{ msg?: string }} */ (await bodyOf(refused));
    assert.equal(refused.status, 403);
    assert.equal(body.msg, 'You cannot change your own role, permissions or active state');
    const demote = await fetch(`${baseUrl}/auth/v1/admin/users/${id}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ app_metadata: { role: 'ADMIN' } }),
    });
    assert.equal(demote.status, 403);
    const stored = await account(id);
    assert.equal(stored.app_metadata.is_active, true);
    assert.equal(stored.app_metadata.role, 'SUPER_ADMIN');
  });
});

describe('accessibility and layout', () => {
  test('axe on the page and the modal at 1280 and 375; screenshots', async () => {
    for (const [name, viewport] of /** @type {const} */ ([
      ['1280', desktop],
      ['375', phone],
    ])) {
      const { page, problems, close } = await openPage(viewport);
      await signIn(page, chief);
      await openScreen(page);
      await page.locator('[data-figure="SUPER_ADMIN"] .admin-role-card-note').waitFor();
      assert.deepEqual(await axeViolations(page), [], `page at ${name}`);
      await screenshot(page, `admin-users-${name}`);
      if (viewport === phone) {
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= phone.width, `no sideways scrolling at 375 (${String(width)})`);
      }

      await page.getByRole('button', { name: '+ Add Admin User' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Admin User' });
      await dialog.getByLabel('Role *').selectOption({ label: 'Finance Admin' });
      await dialog.getByRole('button', { name: 'Create Admin User' }).click();
      await dialog.getByText('Please enter the email address.').waitFor();
      assert.deepEqual(await axeViolations(page), [], `add modal at ${name}`);
      await page.screenshot({ path: join(artifacts, `admin-users-modal-${name}.png`) });
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      await page.getByRole('button', { name: `Edit ${adminOf('MEMBER_ADMIN').name}` }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Admin User' });
      await edit.waitFor();
      assert.deepEqual(await axeViolations(page), [], `edit modal at ${name}`);
      await edit.getByRole('button', { name: 'Cancel' }).click();
      assert.deepEqual(problems, []);
      await close();
    }
  });
});
