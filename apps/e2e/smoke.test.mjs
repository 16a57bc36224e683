// Smoke test of the built apps as served by a running Kanisa server (KANISA_URL, default
// http://127.0.0.1:8080), in Debian's Chromium. Screenshots go to e2e/artifacts/.
//
//   KANISA_URL=http://127.0.0.1:8080 npm run e2e
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { artifacts, axeViolations, baseUrl, openPage, patient, screenshot, shown, useBrowser, viewports } from './lib/browser.mjs';

useBrowser();
const mobile = viewports.small;
const desktop = viewports.desktop;

test('the server is up: GET /health', async () => {
  // A busy server (the lanes share two cores; the file before this one may have left the
  // database at work) answers 503 while a query takes over 3 s: wait for it to say ok.
  const deadline = Date.now() + patient(15_000);
  /** @type {{ status: number; body: string } | undefined} */
  let last;
  for (;;) {
    try {
      const response = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(5000) });
      last = { status: response.status, body: await response.text() };
      if (last.status === 200 || Date.now() > deadline) break;
    } catch (error) {
      if (Date.now() > deadline) assert.fail(`No Kanisa server at ${baseUrl} (${String(error)}). Start it, or serve the builds: npm run serve`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  assert.equal(last.status, 200, last.body);
  assert.match(last.body, /"status"\s*:\s*"ok"/);
});

describe('public site', () => {
  test('home renders on a phone: header, nav, hero, footer; no errors; no accessibility violations', async () => {
    const { page, problems, close } = await openPage(mobile);
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });

    assert.equal(await page.getAttribute('html', 'lang'), 'en');
    assert.match((await page.getAttribute('meta[name="viewport"]', 'content')) ?? '', /width=device-width/);
    assert.ok(((await page.getAttribute('meta[name="description"]', 'content')) ?? '').length > 20);

    const header = page.getByRole('banner');
    await header.waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await shown(nav, 'main navigation is visible');
    await shown(nav.getByRole('link', { name: 'Give' }), 'Give button is visible on a phone');
    await shown(page.getByRole('heading', { level: 1 }), 'hero heading is visible');
    await shown(page.getByRole('contentinfo'), 'footer is rendered');
    assert.deepEqual(await axeViolations(page), []);
    await screenshot(page, 'public-home-mobile');

    const menu = nav.getByRole('button', { name: 'Menu' });
    await menu.click();
    for (const name of ['Home', 'About', 'Sermons', 'Events', 'Contact', 'Submissions']) {
      await shown(nav.getByRole('link', { name, exact: true }), `${name} is in the open menu`);
    }
    await page.screenshot({ path: join(artifacts, 'public-menu-mobile.png') });
    await nav.getByRole('link', { name: 'Events', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Events' }).waitFor();
    assert.equal(await menu.getAttribute('aria-expanded'), 'false', 'the menu closes after a link is tapped');

    assert.deepEqual(problems, []);
    await close();
  });

  test('desktop header: links, Ministries dropdown, lazy pages, deep links and unknown paths', async () => {
    const { page, problems, close } = await openPage(desktop);
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'About', 'Sermons', 'Events', 'Contact', 'Submissions', 'Give']) {
      await shown(nav.getByRole('link', { name, exact: true }), `${name} link is visible`);
    }
    await nav.getByRole('button', { name: 'Ministries' }).hover();
    // Unlike a click, a pointer-enter update is rendered in a task after the event.
    await nav.getByRole('link', { name: 'Departments' }).waitFor();
    await shown(nav.getByRole('link', { name: 'Departments' }), 'dropdown opens on hover');
    await screenshot(page, 'public-home-desktop');

    await nav.getByRole('link', { name: 'Departments' }).click();
    await page.getByRole('heading', { level: 1, name: 'Church Departments' }).waitFor();
    await shown(nav.getByRole('button', { name: 'Departments' }), 'dropdown is labelled Departments');

    // Tablet widths: the church name and the nine header entries must not overlap.
    for (const width of [768, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      const brand = await page.locator('.brand').boundingBox();
      const links = await nav.locator('.nav-list').boundingBox();
      assert.ok(brand && links && brand.x + brand.width <= links.x, `header entries overlap at ${String(width)} px`);
      assert.equal(await page.evaluate(() => window.innerWidth), width);
      assert.ok(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        `no sideways scrolling at ${String(width)} px`,
      );
    }
    await page.screenshot({ path: join(artifacts, 'public-header-1024.png') });
    await page.setViewportSize(desktop);

    await page.goto(`${baseUrl}/sermons`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Sermons' }).waitFor();
    // The church's name comes from System Settings (demo data).
    await page.waitForFunction(() => document.title === 'Sermons | Mount Zion Seventh-day Adventist Church');

    const notFound = await page.goto(`${baseUrl}/no-such-page`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    // The server answers an unknown public path with the app and status 404 (not a soft 404).
    const answered = notFound?.status();
    assert.ok(answered === 404 || answered === 200, `unknown path answered ${String(answered)}`);

    assert.deepEqual(
      problems.filter((problem) => problem !== `HTTP 404: GET ${baseUrl}/no-such-page`),
      [],
    );
    await close();
  });
});

describe('admin', () => {
  test('sign-in form: labelled fields, Enter moves to password, required fields; no errors', async () => {
    const { page, problems, close } = await openPage(mobile);
    await page.goto(`${baseUrl}/admin/login`, { waitUntil: 'networkidle' });

    const email = page.getByLabel('Email', { exact: true });
    const password = page.getByLabel('Password', { exact: true });
    await email.waitFor();
    assert.equal(await email.getAttribute('type'), 'email');
    assert.equal(await password.getAttribute('type'), 'password');
    assert.ok(await page.getByRole('button', { name: 'Sign In' }).isEnabled());
    assert.deepEqual(await axeViolations(page), []);
    await screenshot(page, 'admin-login-mobile');

    await page.getByRole('button', { name: 'Sign In' }).click();
    await shown(page.getByText('Email is required'));
    await shown(page.getByText('Password is required'));

    await email.fill('clerk@church.example');
    await email.press('Enter');
    assert.ok(await password.evaluate((element) => element === element.ownerDocument.activeElement), 'focus moved to password');

    assert.deepEqual(problems, []);
    await close();
  });

  test('signing in shows the server answer as a readable message', async () => {
    const { page, problems, close } = await openPage(desktop, { expectedFailure: (url) => url.includes('/auth/v1/token') });
    await page.goto(`${baseUrl}/admin/login`, { waitUntil: 'networkidle' });
    await page.getByLabel('Email', { exact: true }).fill('nobody@church.example');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    const answer = page.waitForResponse((response) => response.url().includes('/auth/v1/token'));
    await page.getByLabel('Password', { exact: true }).press('Enter');
    const response = await answer;
    assert.ok(response.status() >= 400, `a wrong sign-in is refused (HTTP ${String(response.status())})`);

    const alert = page.getByRole('alert');
    await alert.waitFor();
    const text = (await alert.textContent())?.trim() ?? '';
    assert.ok(text.length > 0, 'the alert has text');
    assert.ok(await page.getByRole('button', { name: 'Sign In' }).isEnabled(), 'the button is usable again');
    await screenshot(page, 'admin-login-error-desktop');

    assert.deepEqual(problems, []);
    await close();
  });

  test('signed out, /admin/, the dashboard and unknown admin paths go to the sign-in screen', async () => {
    const { page, problems, close } = await openPage(mobile);
    for (const path of ['/admin/', '/admin/dashboard', '/admin/no-such-page']) {
      await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
      await page.getByLabel('Email', { exact: true }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/admin/login', `${path} → /admin/login`);
      // The screen names the church from System Settings (and the next navigation must not cut
      // that request short).
      await page.getByText(/Seventh-day Adventist/).first().waitFor();
    }
    // No self sign-up.
    await shown(page.getByText(/contact the system administrator/));
    assert.equal(await page.getByRole('link', { name: /sign up|register/i }).count(), 0);
    assert.deepEqual(problems, []);
    await close();
  });
});
