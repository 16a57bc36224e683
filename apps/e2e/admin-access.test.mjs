// The back office's shell in a real browser against a real server (issue 8): who sees which menu
// entries and may open which screens (acceptance 1), the sign-in errors — wrong password,
// lockout, deactivated account (acceptance 4) — the guard's remembered path, unknown paths, Your
// Profile, the demo-mode banner, axe and screenshots at 375 and 1280 px.
//
// The lockout test leaves testUser('lockout') locked for the configured lockout duration (15
// minutes by default): a second run needs a fresh server (scripts/e2e.sh and
// scripts/dev-server.sh start one).
//
//   source /tmp/kanisa-dev-<port>.env && node --test --test-concurrency=1 e2e/admin-access.test.mjs
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { axeViolations, baseUrl, openPage, patient, screenshot, serviceHeaders, settledText, shown, signIn, useBrowser, viewports } from './lib/browser.mjs';
import { testUser } from './users.mjs';
import { churchYear } from './lib/church-time.mjs';

useBrowser();

const phone = viewports.phone;
const desktop = viewports.desktop;

/**
 * Acceptance 1, one row per role (back-office.md §2.1, §2.4, §6.1, §6.4), with each role's
 * default permissions as the server gives them. `menu` lists the sidebar's entries in order,
 * a group as "Group: item, item". Every screen below is tried: `ok` opens it, `role` shows
 * Access Denied (the role is below the screen's), `perm` shows Insufficient Permissions.
 *
 * Reading of the spec: the route hierarchy is MEMBER, ELDER, ADMIN, SUPER_ADMIN (§6.1) and its
 * ADMIN step is reached by every admin role (ADMIN and the rank-4 FINANCE_, CONTENT_ and
 * MEMBER_ADMIN of the admin form, §6.3); the permissions of §2.4/§6.4 then choose the screens.
 * So CONTENT_ADMIN opens Sermons, Events, Announcements, Leaders and Site Content but not Donations.
 * Members takes the menu's list (manage_members or view_member_details), so the content and
 * finance admins, who read members, open it.
 */
const screensByPath = [
  '/dashboard',
  '/members',
  '/attendance',
  '/sermons',
  '/events',
  '/announcements',
  '/leaders',
  '/content/ministries',
  '/prayer-requests',
  '/financial',
  '/donations',
  '/budget',
  '/communication',
  '/reports',
  '/admin-users',
  '/activity-logs',
  '/settings',
  '/profile',
];

const content = 'Content: Sermons, Events, Announcements, Leaders, Site Content';
const financial = 'Financial: Dashboard, Donations, Budget, Statements, Remittance';
const system = 'System: Admin Users, Activity Logs, Settings';

/** @type {{ user: string; role: string; label: string; title: string; menu: string[]; ok: string[]; perm: string[] }[]} */
const table = [
  {
    user: 'super',
    role: 'SUPER_ADMIN',
    label: 'Super Admin',
    title: 'Super Admin Dashboard',
    menu: ['Dashboard', 'Members', 'Attendance', content, 'Prayer Requests', financial, 'Communication', 'Reports', system],
    ok: screensByPath,
    perm: [],
  },
  {
    user: 'admin',
    role: 'ADMIN',
    label: 'Admin',
    title: 'Financial Management Dashboard',
    menu: ['Dashboard', 'Members', 'Attendance', content, 'Prayer Requests', financial, 'Communication', 'Reports'],
    ok: screensByPath.filter((p) => !['/admin-users', '/activity-logs', '/settings'].includes(p)),
    perm: [],
  },
  {
    user: 'content',
    role: 'CONTENT_ADMIN',
    label: 'Content Admin',
    title: 'Content Management Dashboard',
    menu: ['Dashboard', 'Members', content],
    ok: ['/dashboard', '/members', '/sermons', '/events', '/announcements', '/leaders', '/content/ministries', '/profile'],
    perm: ['/attendance', '/prayer-requests', '/financial', '/donations', '/budget', '/communication', '/reports'],
  },
  {
    user: 'finance',
    role: 'FINANCE_ADMIN',
    label: 'Finance Admin',
    title: 'Financial Management Dashboard',
    menu: ['Dashboard', 'Members', financial, 'Reports'],
    // Reports open to view_financial_reports too, on the Financial tab (issue 32).
    ok: ['/dashboard', '/members', '/financial', '/donations', '/budget', '/profile', '/reports'],
    perm: ['/attendance', '/sermons', '/events', '/announcements', '/leaders', '/content/ministries', '/prayer-requests', '/communication'],
  },
  {
    user: 'elder',
    role: 'ELDER',
    label: 'Elder',
    title: 'Admin Dashboard',
    menu: ['Dashboard', 'Prayer Requests', 'Communication'],
    ok: ['/dashboard', '/prayer-requests', '/communication', '/profile'],
    perm: [],
  },
  {
    user: 'member',
    role: 'MEMBER',
    label: 'Member',
    title: 'Admin Dashboard',
    menu: ['Dashboard'],
    ok: ['/dashboard', '/profile'],
    perm: [],
  },
];

/** @typedef {import('playwright-core').Page} Page */

/**
 * The sidebar as labels, groups with their items (read from the DOM, folded or not).
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
 * Client-side navigation (as a menu click would), without reloading the app.
 * @param {Page} page
 * @param {string} path
 */
async function go(page, path) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', `/admin${to}`);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * What the guard shows at `path`: 'role', 'perm' or 'ok' (a page heading). Navigations are
 * transitions (the old screen stays until a page's chunk has loaded), so wait until the layout
 * has committed the new path.
 * @param {Page} page
 * @param {string} path
 */
async function outcome(page, path) {
  // The path itself or one of its own addresses (the treasurer's /reports opens /reports/financial).
  const main = page.locator(`main#main[data-path="${path}"], main#main[data-path^="${path}/"]`);
  const heading = main.getByRole('heading', { level: 1 });
  await heading.first().waitFor({ timeout: patient(10_000) });
  const text = (await heading.first().textContent())?.trim();
  if (text === 'Access Denied') return 'role';
  if (text === 'Insufficient Permissions') return 'perm';
  return 'ok';
}

describe('acceptance 1: menu and routes per role', () => {
  for (const row of table) {
    test(`${row.role}: menu ${String(row.menu.length)} entries, routes as the table says`, async () => {
      const { page, problems, close } = await openPage(desktop);
      await signIn(page, testUser(row.user));
      await page.getByRole('heading', { level: 1, name: row.title }).waitFor();
      assert.deepEqual(await menuLabels(page), row.menu, `${row.role} menu`);
      const account = page.getByRole('button', { name: /account menu/ });
      assert.match((await account.textContent()) ?? '', new RegExp(row.label));

      for (const path of screensByPath) {
        await go(page, path);
        // A screen may open one of its own addresses (the treasurer's /reports is /reports/financial).
        await page.waitForURL((url) => url.pathname === `/admin${path}` || url.pathname.startsWith(`/admin${path}/`));
        const expected = row.ok.includes(path) ? 'ok' : row.perm.includes(path) ? 'perm' : 'role';
        assert.equal(await outcome(page, path), expected, `${row.role} at ${path}`);
        if (expected === 'role') {
          await shown(page.getByText("You don't have permission to access this page."));
          await shown(page.getByRole('button', { name: 'Go Back' }));
        }
        if (expected === 'perm') {
          await shown(page.getByText("You don't have the required permissions to access this feature."));
        }
        if (row.user === 'elder' && path === '/sermons') await screenshot(page, 'admin-access-denied-1280');
        if (row.user === 'content' && path === '/donations') await screenshot(page, 'admin-insufficient-permissions-1280');
      }
      assert.deepEqual(problems, []);
      await close();
    });
  }
});

describe('acceptance 4: sign-in errors', () => {
  /** @param {string} url */
  const tokenUrl = (url) => url.includes('/auth/v1/token');

  /**
   * @param {Page} page
   * @param {string} email
   * @param {string} password
   */
  async function attempt(page, email, password) {
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    const answer = page.waitForResponse((response) => tokenUrl(response.url()));
    await page.getByRole('button', { name: 'Sign In' }).click();
    await answer;
    const alert = page.getByRole('alert');
    await alert.waitFor();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    return (await alert.textContent())?.trim();
  }

  test('a wrong password shows the server text and the form stays usable', async () => {
    const { page, problems, close } = await openPage(desktop, { expectedFailure: tokenUrl });
    await page.goto(`${baseUrl}/admin/login`);
    assert.equal(await attempt(page, testUser('admin').email, 'not-the-password'), 'Invalid login credentials');
    assert.ok(await page.getByRole('button', { name: 'Sign In' }).isEnabled());
    assert.deepEqual(problems, []);
    await close();
  });

  test('after max_login_attempts (5) failures even the right password shows the lockout text', async () => {
    const { page, problems, close } = await openPage(desktop, { expectedFailure: tokenUrl });
    const user = testUser('lockout');
    await page.goto(`${baseUrl}/admin/login`);
    for (let i = 0; i < 5; i += 1) {
      assert.equal(await attempt(page, user.email, `wrong-${String(i)}`), 'Invalid login credentials', `attempt ${String(i + 1)}`);
    }
    const text = await attempt(page, user.email, user.password);
    assert.match(text ?? '', /^Too many failed sign-in attempts\. Try again in \d+ minutes? \(after \d\d:\d\d Nairobi time\)\.$/);
    assert.equal(new URL(page.url()).pathname, '/admin/login');
    assert.deepEqual(problems, []);
    await close();
  });

  test('a deactivated account is told so', async () => {
    const { page, problems, close } = await openPage(phone, { expectedFailure: tokenUrl });
    const user = testUser('inactive');
    await page.goto(`${baseUrl}/admin/login`);
    assert.equal(await attempt(page, user.email, user.password), 'This account has been deactivated. Contact the system administrator.');
    await screenshot(page, 'admin-login-deactivated-375');
    assert.deepEqual(problems, []);
    await close();
  });
});

describe('guard and paths', () => {
  test('a signed-out visitor goes to sign in and comes back to the requested page', async () => {
    const { page, problems, close } = await openPage(desktop);
    await page.goto(`${baseUrl}/admin/announcements`);
    await page.waitForURL((url) => url.pathname === '/admin/login');
    const user = testUser('content');
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Email', { exact: true }).press('Enter');
    assert.ok(await page.getByLabel('Password', { exact: true }).evaluate((el) => el === document.activeElement), 'Enter moves to password');
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.waitForURL((url) => url.pathname === '/admin/announcements');
    // Content group opens by itself on a page inside it.
    const group = page.getByRole('button', { name: 'Content', exact: true });
    assert.equal(await group.getAttribute('aria-expanded'), 'true');

    for (const path of ['/admin/unknown', '/admin', '/admin/content/unknown']) {
      await page.goto(`${baseUrl}${path}`);
      await page.waitForURL((url) => url.pathname === '/admin/dashboard');
    }
    // /admin/content (named in §2.1) is the Site Content screen, on its first tab (issue 32).
    await page.goto(`${baseUrl}/admin/content`);
    await page.waitForURL((url) => url.pathname === '/admin/content/ministries');
    // Signed in, the sign-in screen moves on by itself.
    await page.goto(`${baseUrl}/admin/login`);
    await page.waitForURL((url) => url.pathname === '/admin/dashboard');

    await page.getByRole('button', { name: /account menu/ }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/login');
    await page.goto(`${baseUrl}/admin/dashboard`);
    await page.waitForURL((url) => url.pathname === '/admin/login');
    assert.deepEqual(problems, []);
    await close();
  });

  test('Go Back on a denied page goes back to the page before it (issue 32), the dashboard only in a fresh tab', async () => {
    const { page, problems, close } = await openPage(desktop);
    await signIn(page, testUser('content'));
    // Another page first (here the members list), then a denied screen opened by its address.
    await page.goto(`${baseUrl}/admin/members`);
    await page.getByRole('heading', { level: 1, name: 'Members' }).waitFor();
    await page.goto(`${baseUrl}/admin/settings`);
    await page.getByRole('heading', { level: 1, name: 'Access Denied' }).waitFor();
    await page.getByRole('button', { name: 'Go Back' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/members');
    // The same for Insufficient Permissions, reached inside the app.
    await page.goto(`${baseUrl}/admin/donations`);
    await page.getByRole('heading', { level: 1, name: 'Insufficient Permissions' }).waitFor();
    await page.getByRole('button', { name: 'Go Back' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/members');
    await close();

    // A new tab with only the denied address has nowhere to go back to: the dashboard.
    const fresh = await openPage(desktop);
    await signIn(fresh.page, testUser('content'));
    const tab = await fresh.page.context().newPage();
    await tab.goto(`${baseUrl}/admin/settings`);
    await tab.getByRole('heading', { level: 1, name: 'Access Denied' }).waitFor();
    await tab.getByRole('button', { name: 'Go Back' }).click();
    await tab.waitForURL((url) => url.pathname === '/admin/dashboard');
    assert.deepEqual(problems, []);
    assert.deepEqual(fresh.problems, []);
    await fresh.close();
  });
});

describe('dashboard, layout and profile', () => {
  test('login: axe and screenshots at 375 and 1280', async () => {
    for (const { name, viewport } of [
      { name: '375', viewport: phone },
      { name: '1280', viewport: desktop },
    ]) {
      const { page, problems, close } = await openPage(viewport);
      await page.goto(`${baseUrl}/admin/login`, { waitUntil: 'networkidle' });
      await page.getByText(/Seventh-day Adventist/).first().waitFor();
      await shown(page.getByText(/contact the system administrator/));
      assert.deepEqual(await axeViolations(page), []);
      await screenshot(page, `admin-login-${name}`);
      assert.deepEqual(problems, []);
      await close();
    }
  });

  test('dashboard figures come from the API; demo banner; axe; screenshots', async () => {
    const headers = serviceHeaders();
    /** @param {string} query */
    const count = async (query) => {
      const response = await fetch(`${baseUrl}/rest/v1/${query}`, { method: 'HEAD', headers: { ...headers, prefer: 'count=exact' } });
      return Number((response.headers.get('content-range') ?? '').split('/')[1]);
    };
    const sermons = await count('sermons?select=*');
    // The register, its active members and the rest inactive, in the words of every screen (issue 41).
    const members = await count('members?select=*&is_active=eq.true');
    const inactive = await count('members?select=*&is_active=eq.false');

    const { page, problems, close } = await openPage(desktop);
    await signIn(page, testUser('super'));
    await page.getByRole('heading', { level: 1, name: 'Super Admin Dashboard' }).waitFor();
    /** @param {string} label */
    const figure = (label) => page.locator('.figure', { has: page.getByText(label, { exact: true }) }).locator('.figure-value');
    await figure('Sermons').waitFor();
    // Each figure once it has settled (a placeholder shows while it loads).
    const settled = (/** @type {string} */ label, /** @type {number} */ n) => settledText(figure(label), n.toLocaleString('en-KE'));
    assert.equal(await settled('Sermons', sermons), sermons.toLocaleString('en-KE'));
    assert.equal(await settled('Active members', members), members.toLocaleString('en-KE'));
    assert.equal(await settled('All members on the register', members + inactive), (members + inactive).toLocaleString('en-KE'));
    assert.equal(await settled('Inactive members', inactive), inactive.toLocaleString('en-KE'));
    await figure('Verified giving, all time').waitFor();
    assert.match(await settledText(figure('Verified giving, all time'), /^Ksh\s[\d,]+$/), /^Ksh\s[\d,]+$/);
    assert.match(await settledText(figure(`Budget used in ${String(churchYear())}`), /^\d+%/), /^\d+%/);
    assert.ok((await page.getByRole('region', { name: 'Members' }).locator('.recent-list li').count()) <= 3, 'at most 3 recent members');
    // The periodic tasks the server schedules, as the Super Admin sees them (issue 30).
    const tasks = page.getByRole('region', { name: 'Scheduled tasks' });
    await tasks.getByText('Payment reconciliation').waitFor();
    for (const task of ['Hourly clean-up', 'Event reminders and birthday wishes', 'Backup check']) {
      await shown(tasks.getByText(task, { exact: true }), task);
    }
    for (const name of ['Manage Sermons', 'Manage Events', 'Record Donations', 'Manage Members', 'Manage Admins']) {
      await shown(page.getByRole('link', { name }), `quick action ${name}`);
    }
    const banner = page.getByRole('note');
    assert.match((await banner.textContent()) ?? '', /^Demo mode: .* simulated — nothing is really/);
    await shown(page.getByRole('link', { name: /View Website/ }));
    assert.equal(await page.getByRole('link', { name: /View Website/ }).getAttribute('target'), '_blank');
    assert.deepEqual(await axeViolations(page), []);
    await screenshot(page, 'admin-dashboard-1280');

    await page.setViewportSize(phone);
    const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
    await shown(menuButton, 'menu button on a phone');
    await page.getByRole('navigation', { name: 'Main' }).waitFor({ state: 'hidden' });
    await screenshot(page, 'admin-dashboard-375');
    assert.deepEqual(await axeViolations(page), []);
    await menuButton.click();
    await page.getByRole('link', { name: 'Dashboard', exact: true }).first().waitFor();
    await shown(page.locator('.sidebar-overlay'), 'overlay behind the drawer');
    await page.screenshot({ path: `${new URL('./artifacts/', import.meta.url).pathname}admin-menu-375.png` });
    await page.locator('.sidebar-overlay').click({ position: { x: 360, y: 400 } });
    assert.equal(await menuButton.getAttribute('aria-expanded'), 'false', 'the overlay closes the drawer');
    assert.deepEqual(problems, []);
    await close();
  });

  test('Your Profile: change the name; a wrong current password shows the server text', async () => {
    /** @param {string} url */
    const isUserUpdate = (url) => url.endsWith('/auth/v1/user');
    const { page, problems, close } = await openPage(desktop, { expectedFailure: isUserUpdate });
    const user = testUser('member-admin');
    await signIn(page, user);
    await page.getByRole('button', { name: /account menu/ }).click();
    await page.getByRole('link', { name: 'Your Profile' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your Profile' }).waitFor();

    const name = page.getByLabel('Full name');
    assert.ok((await name.inputValue()).startsWith('Mary'), 'the field starts with the current name');
    const newName = `Mary W. Members ${String(Date.now() % 1000)}`;
    await name.fill(newName);
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('Your name has been saved.').waitFor();
    await page.getByRole('button', { name: /account menu/ }).filter({ hasText: newName }).waitFor();

    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill('another-pass-1');
    await page.getByLabel('Confirm new password').fill('another-pass-2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Confirm new password').fill('another-pass-1');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('alert').filter({ hasText: 'Current password is incorrect.' }).waitFor();
    assert.equal((await page.getByRole('alert').textContent())?.trim(), 'Current password is incorrect.');
    await page.evaluate(() => { window.scrollTo(0, 0); });
    await screenshot(page, 'admin-profile-1280');

    await page.setViewportSize(phone);
    await page.getByRole('navigation', { name: 'Main' }).waitFor({ state: 'hidden' });
    await page.evaluate(() => { window.scrollTo(0, 0); });
    await screenshot(page, 'admin-profile-375');
    assert.deepEqual(await axeViolations(page), []);

    // Put the name back for the other tests.
    await name.fill(user.fullName);
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('Your name has been saved.').waitFor();
    assert.deepEqual(problems, []);
    await close();
  });
});

describe('issue 41: refusals in words', () => {
  test('Insufficient Permissions names the permission as the Admin Users form does, never by its key', async () => {
    const { page, problems, close } = await openPage(phone);
    try {
      await signIn(page, testUser('content'));
      for (const [path, words, key] of /** @type {[string, string, string][]} */ ([
        ['/attendance', 'Record attendance', 'manage_attendance'],
        ['/donations', 'Manage donations', 'manage_donations'],
        ['/communication', 'Manage communications or Send communications or Send text messages or Send e-mails', 'send_communications'],
      ])) {
        await page.goto(`${baseUrl}/admin${path}`);
        await page.getByRole('heading', { level: 1, name: 'Insufficient Permissions' }).waitFor();
        const facts = page.locator('main .notice-facts');
        assert.equal((await facts.locator('dd').innerText()).trim(), words, path);
        const text = await page.locator('main').innerText();
        assert.ok(!/\b[a-z]+_[a-z_]+\b/.test(text), `${path}: a permission key is shown: ${text}`);
        assert.ok(!text.includes(key), path);
      }
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });
});
