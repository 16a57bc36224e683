// Browser tests of the back office's System Settings screen (issue 18, acceptance 3), against a
// running Kanisa with demo content and the test accounts (scripts/e2e.sh, scripts/dev-server.sh).
// The Super Admin 'super' changes settings through the page; that they take effect is shown
// through the server itself: the auth API (session lifetime, minimum password length, lockout
// after the configured failures, on throwaway accounts made and removed with the service key),
// the public site (the church's name), and a secret that no response, page or log line shows.
// Every setting changed is put back as it was (the service key), as other test files run on the
// same server afterwards.
//
//   source /tmp/kanisa-dev-<port>.env && cd apps && node --test e2e/admin-settings.test.mjs
//   (KANISA_LOG=path/to/kanisa.log names the server's log; otherwise it is looked for under /tmp.)
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { axeViolations, baseUrl, openPage, patient, screenshot, serviceHeaders, signIn, useBrowser, viewports } from './lib/browser.mjs';
import { bodyOf, serviceGet, serviceWrite, userHeaders } from './lib/rest.mjs';
import { testUser } from './users.mjs';

useBrowser();

const superAdmin = testUser('super');
const anonKey = process.env.KANISA_ANON_KEY ?? '';
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const marker = '********';

/** The settings this file changes, with their values before it ran. */
const touched = ['session_timeout_minutes', 'min_password_length', 'max_login_attempts', 'church_name'];
/** @type {Map<string, unknown>} */
const original = new Map();
/** The payment secret the secrets test sets (one that is not configured: see `before`). */
const secretCandidates = ['mobile_money_passkey', 'mobile_money_private_key'];
/** @type {string | undefined} */
let secretKey;

/** @type {(() => Promise<unknown>)[]} */
const cleanups = [];

/**
 * The settings' rows as the server holds them (service key).
 * @param {string[]} keys
 * @returns {Promise<Map<string, unknown>>}
 */
async function stored(keys) {
  const rows = /** @type {{ key: string; value: unknown }[]} */ (await serviceGet(`system_settings?select=key,value&key=in.(${keys.join(',')})`));
  return new Map(rows.map((row) => [row.key, row.value]));
}

/**
 * Puts a setting back (service key). A JSON null cannot travel through the table API (it becomes
 * SQL NULL, which the column refuses), so "not set" goes back as an empty string — for a secret
 * the server's trigger stores that as JSON null.
 * @param {string} key
 * @param {unknown} value
 */
async function restore(key, value) {
  await serviceWrite('PATCH', `system_settings?key=eq.${key}`, { value: value === null ? '' : value });
}

before(async () => {
  const values = await stored([...touched, ...secretCandidates]);
  for (const key of touched) {
    assert.ok(values.has(key), `the server has the setting ${key}`);
    original.set(key, values.get(key));
  }
  secretKey = secretCandidates.find((key) => values.get(key) === null);
});

after(async () => {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      console.error('cleanup failed', error);
    }
  }
  for (const [key, value] of original) {
    try {
      await restore(key, value);
    } catch (error) {
      console.error(`restoring ${key} failed`, error);
    }
  }
});

/**
 * A sign-in through /auth/v1 (no browser).
 * @param {string} email
 * @param {string} password
 * @returns {Promise<{ status: number; body: Record<string, unknown> }>}
 */
async function passwordGrant(email, password) {
  const response = await fetch(`${baseUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return { status: response.status, body: /** @type {Record<string, unknown>} */ (await bodyOf(response)) };
}

/**
 * Makes a throwaway account with the service key (removed after the file); the answer as sent.
 * @param {string} email
 * @param {string} password
 */
async function createAccount(email, password) {
  const response = await fetch(`${baseUrl}/auth/v1/admin/users`, {
    method: 'POST',
    headers: serviceHeaders(),
    body: JSON.stringify({ email, password, email_confirm: true, user_metadata: { full_name: 'Settings E2E' }, app_metadata: { role: 'MEMBER' } }),
  });
  const body = /** @type {Record<string, unknown>} */ (await bodyOf(response));
  if (response.ok && typeof body.id === 'string') {
    const id = body.id;
    cleanups.push(() => fetch(`${baseUrl}/auth/v1/admin/users/${id}`, { method: 'DELETE', headers: serviceHeaders() }));
  }
  return { status: response.status, body };
}

/** The error text of a GoTrue-style answer. */
const messageOf = (/** @type {Record<string, unknown>} */ body) =>
  [body.msg, body.message, body.error_description].find((text) => typeof text === 'string') ?? '';

/**
 * Opens the settings screen on a tab and waits until the form is there.
 * @param {import('playwright-core').Page} page
 * @param {string} tab the tab's label
 */
async function openSettings(page, tab = 'General') {
  await page.goto(`${baseUrl}/admin/settings`);
  await page.getByRole('heading', { level: 1, name: 'System Settings' }).waitFor();
  await page.getByRole('tablist', { name: 'Settings sections' }).waitFor();
  await showTab(page, tab);
}

/**
 * @param {import('playwright-core').Page} page
 * @param {string} tab
 */
async function showTab(page, tab) {
  await page.getByRole('tab', { name: tab, exact: true }).click();
  await page.getByRole('tab', { name: tab, exact: true, selected: true }).waitFor();
  await page.getByRole('tabpanel', { name: tab, exact: true }).waitFor();
}

/**
 * Saves and waits for the server's answer and the §8 success text; the rows sent.
 * @param {import('playwright-core').Page} page
 * @returns {Promise<{ key: string; value: unknown; updated_by: string }[]>}
 */
async function save(page) {
  const write = page.waitForResponse((r) => r.url().includes('/rest/v1/system_settings') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  const response = await write;
  assert.ok(response.ok(), `the save answered ${String(response.status())}: ${await response.text()}`);
  await page.getByText('Settings saved successfully!').waitFor();
  await page.getByText('No unsaved changes').waitFor();
  /** @type {unknown} */
  const rows = JSON.parse(response.request().postData() ?? '[]');
  return /** @type {{ key: string; value: unknown; updated_by: string }[]} */ (rows);
}

/** A 404 of get_backup_status on a server without it is expected (the page says so). */
const backupRpc = (/** @type {string} */ url) => url.includes('/rest/v1/rpc/get_backup_status');

/** The signed-in Super Admin's id, as the table API knows it. */
async function superId() {
  const response = await fetch(`${baseUrl}/auth/v1/user`, { headers: await userHeaders(superAdmin) });
  assert.equal(response.status, 200);
  const user = /** @type {Record<string, unknown>} */ (await bodyOf(response));
  return String(user.id);
}

/**
 * The newest settings_updated entries of the activity log, as the Super Admin reads them.
 * @returns {Promise<{ admin_id: string | null; details: { keys?: string[] } }[]>}
 */
async function settingsLog() {
  const response = await fetch(`${baseUrl}/rest/v1/admin_activity_logs?select=admin_id,details&action=eq.settings_updated&order=created_at.desc&limit=5`, {
    headers: await userHeaders(superAdmin),
  });
  assert.equal(response.status, 200);
  return /** @type {{ admin_id: string | null; details: { keys?: string[] } }[]} */ (await bodyOf(response));
}

describe('System Settings (SUPER_ADMIN)', () => {
  test('six accessible tabs, moved between with the keyboard, on a desktop and a phone', async () => {
    const { page, problems, close } = await openPage(viewports.desktop, { expectedFailure: backupRpc });
    await signIn(page, superAdmin);
    await openSettings(page);
    const tabs = page.getByRole('tablist', { name: 'Settings sections' }).getByRole('tab');
    assert.deepEqual(await tabs.allInnerTexts(), ['General', 'Service Times', 'Communication', 'Financial', 'Security', 'Notifications']);
    for (const tab of ['General', 'Service Times', 'Communication', 'Financial', 'Security', 'Notifications']) {
      await showTab(page, tab);
      assert.deepEqual(await axeViolations(page), [], `axe on the ${tab} tab`);
    }
    await screenshot(page, 'admin-settings-notifications-1280');

    await page.getByRole('tab', { name: 'Notifications' }).focus();
    const selected = (/** @type {string} */ name) => page.getByRole('tab', { name, exact: true, selected: true }).waitFor({ timeout: patient(5000) });
    await page.keyboard.press('ArrowRight');
    await selected('General'); // ArrowRight wraps round
    await page.keyboard.press('End');
    await selected('Notifications');
    await page.keyboard.press('ArrowLeft');
    await selected('Security');
    await page.getByRole('tabpanel', { name: 'Security', exact: true }).waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Security', 'focus follows the selected tab');

    // The backup status line under the backup frequency (or the text for a server without it).
    const line = page.locator('[data-backup]');
    await line.filter({ hasText: /^(Last backup: .+|Backup status unavailable)/ }).waitFor();
    const text = (await line.innerText()).trim();
    assert.match(text, /^(Last backup: (none yet|.+, (succeeded|in progress|failed.*))|Backup status unavailable)/, `the backup line (${text})`);
    if (text.includes('failed')) assert.equal(await line.getByRole('alert').count(), 1, 'a failed backup shows as an error');
    await close();
    assert.deepEqual(problems, []);

    const phone = await openPage(viewports.phone, { expectedFailure: backupRpc });
    await signIn(phone.page, superAdmin);
    await openSettings(phone.page, 'Financial');
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `nothing is wider than the phone (${String(overflow)} px too wide)`);
    assert.deepEqual(await axeViolations(phone.page), [], 'axe on the Financial tab at 375 px');
    await screenshot(phone.page, 'admin-settings-financial-375');
    await showTab(phone.page, 'Service Times');
    assert.deepEqual(await axeViolations(phone.page), [], 'axe on the Service Times tab at 375 px');
    await phone.close();
    assert.deepEqual(phone.problems, []);
  });

  test('the backups: where they go (this machine, said plainly), the archive, a drill asked for here that passes, and another disk set here', async () => {
    const { page, problems, close } = await openPage(viewports.desktop);
    await signIn(page, superAdmin);
    await openSettings(page, 'Security');
    const part = (/** @type {string} */ name) => page.locator(`[data-backup-part="${name}"]`);
    await part('destination').waitFor();
    // This test server keeps its backups beside its data dir: on this machine, and says so.
    assert.match(await part('destination').innerText(), /^Backups go to file:\/\/\/.+\/backups\/ \(encrypted\), on this server’s own disk: if the disk fails/);
    assert.equal(await part('destination').getAttribute('data-tone'), 'warn');
    // Encrypted from the first backup with a key the server made (issue 42): Settings asks for
    // its recovery sheet until the Super Admin says it is stored away from the server.
    const key = part('key');
    assert.match(await key.innerText(), /^The backups are encrypted with a key this server made \(fingerprint [0-9a-f]{16}\)\. If this server is lost/);
    assert.equal(await key.getAttribute('data-tone'), 'warn');
    await page.getByRole('button', { name: 'Open the recovery sheet' }).click();
    const sheet = page.getByRole('dialog', { name: 'Backup key recovery sheet' });
    const shownKey = sheet.locator('[data-recovery="key"]');
    await shownKey.waitFor();
    assert.match(await shownKey.innerText(), /^[0-9a-f]{8}(-[0-9a-f]{8}){7}$/);
    assert.equal(
      await sheet.locator('[data-recovery="command"]').innerText(),
      `KANISA_BACKUP_KEY='${await shownKey.innerText()}' kanisa restore --latest --from ${await sheet.locator('[data-recovery="destination"]').innerText()} --into DIR`,
    );
    assert.deepEqual(await axeViolations(page), [], 'axe on the recovery sheet');
    await sheet.getByRole('button', { name: 'I have stored it away from the server' }).click();
    await sheet.getByText('Thank you: the sheet is recorded as stored.').waitFor();
    await sheet.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Show the recovery sheet again' }).waitFor();
    assert.match(await key.innerText(), /its recovery sheet is stored away from the server\.$/);
    assert.equal(await key.getAttribute('data-tone'), 'ok');
    assert.match(await part('archive').innerText(), /^(Continuous archive running: .+|The archive has not shipped anything yet\.)$/);

    // The server's own first drill may be running (it follows the first base backup): then the
    // button says so and waits.
    const button = page.locator('.settings-drill button');
    for (let i = 0; i < 60 && (await button.innerText()) !== 'Run a drill now'; i += 1) {
      assert.equal(await button.innerText(), 'Drill running…');
      assert.equal(await button.isDisabled(), true, 'no second drill while one runs');
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await openSettings(page, 'Security');
      await button.waitFor();
    }
    await page.getByRole('button', { name: 'Run a drill now' }).click();
    await page.getByText(/^(A drill is on its way|A drill is already on its way)/).waitFor();
    // The drill restores the newest base backup into a scratch copy and compares every table:
    // its result shows after a reload of the status. An earlier drill's result (the server's
    // own first one) may already read "passed" while the one asked for here still runs: wait
    // until no drill is waiting, so the line is the newest drill's.
    const drill = part('drill');
    const idle = page.getByRole('button', { name: 'Run a drill now' });
    // Each look is a fresh load: the drill was queued before the answer above came back.
    for (let i = 0; i < 60; i += 1) {
      await openSettings(page, 'Security');
      await drill.waitFor();
      if (/^Last drill .+ passed: /.test(await drill.innerText()) && (await idle.count()) === 1) break;
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    assert.match(
      await drill.innerText(),
      /^Last drill .+ passed: the backup restored equal to the live database \(\d+ tables, [\d,]+ rows\); [\d,]+ stored files found\.$/,
    );
    assert.equal(await idle.isEnabled(), true);
    assert.deepEqual(await axeViolations(page), [], 'axe on the Security tab with the backups');
    await screenshot(page, 'admin-settings-backups');

    // Another disk, set here (issue 34): an address that names no place is refused on the page;
    // a folder is followed without a restart, and gets its first full backup at once.
    const destination = page.getByLabel('Backup destination', { exact: true });
    await destination.fill('/mnt/usb');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Enter a folder as file:///path or a bucket as s3://bucket/prefix').waitFor();
    const folder = await mkdtemp(join(tmpdir(), 'kanisa-e2e-backups-'));
    await destination.fill(`file://${folder}`);
    const sent = await save(page);
    assert.deepEqual(
      sent.map((row) => [row.key, row.value]),
      [['backup_destination', `file://${folder}`]],
    );
    const moved = `Backups go to file://${folder} (encrypted), a folder this server writes: make sure it is another disk. On a new machine: kanisa restore --latest --from file://${folder} --into DIR.`;
    for (let i = 0; i < 45 && (await part('destination').innerText()) !== moved; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await openSettings(page, 'Security');
      await part('destination').waitFor();
    }
    assert.equal(await part('destination').innerText(), moved);
    assert.equal((await readdir(join(folder, 'base'))).length, 1, 'one full backup at the new destination');
    // Back beside the data dir for the tests after this one.
    await destination.fill('');
    assert.deepEqual(
      (await save(page)).map((row) => [row.key, row.value]),
      [['backup_destination', '']],
    );
    await close();
    assert.deepEqual(problems, []);
  });

  test('session timeout, minimum password length and max login attempts take effect at once', async () => {
    const timeout = original.get('session_timeout_minutes') === 45 ? 50 : 45;
    const minimum = original.get('min_password_length') === 10 ? 11 : 10;
    const attempts = original.get('max_login_attempts') === 3 ? 4 : 3;
    const { page, problems, close } = await openPage(viewports.desktop, { expectedFailure: backupRpc });
    await signIn(page, superAdmin);
    await openSettings(page, 'Security');
    const field = (/** @type {string} */ label) => page.getByLabel(label, { exact: true });
    assert.equal(await field('Session timeout (minutes)').inputValue(), String(original.get('session_timeout_minutes')));
    assert.equal(await field('Session timeout (minutes)').getAttribute('min'), '5');
    assert.equal(await field('Minimum password length (characters)').getAttribute('min'), '6');
    assert.equal(await field('Max login attempts').getAttribute('max'), '100');

    // Out of the server's range: refused on the page, nothing sent.
    await field('Max login attempts').fill('0');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Enter a number from 1 to 100').waitFor();
    assert.equal(await field('Max login attempts').getAttribute('aria-invalid'), 'true');

    await field('Session timeout (minutes)').fill(String(timeout));
    await field('Minimum password length (characters)').fill(String(minimum));
    await field('Max login attempts').fill(String(attempts));
    await page.getByText('Unsaved changes (3 settings)').waitFor();
    const sent = await save(page);
    const me = await superId();
    assert.deepEqual(
      sent.map((row) => [row.key, row.value, row.updated_by]),
      [
        ['session_timeout_minutes', timeout, me],
        ['min_password_length', minimum, me],
        ['max_login_attempts', attempts, me],
      ],
      'one upsert of the changed keys only, stamped with the Super Admin',
    );
    const [logged] = await settingsLog();
    assert.deepEqual(
      [logged?.admin_id, logged?.details.keys],
      [me, ['max_login_attempts', 'min_password_length', 'session_timeout_minutes']],
      'the activity log names the changed keys (settings_updated)',
    );
    const now = await stored(['session_timeout_minutes', 'min_password_length', 'max_login_attempts']);
    assert.deepEqual(
      [now.get('session_timeout_minutes'), now.get('min_password_length'), now.get('max_login_attempts')],
      [timeout, minimum, attempts],
      'stored as numbers',
    );
    await close();
    assert.deepEqual(problems, []);

    // Session timeout: a fresh sign-in's token lives that long.
    const signedIn = await passwordGrant(superAdmin.email, superAdmin.password);
    assert.equal(signedIn.status, 200);
    assert.equal(signedIn.body.expires_in, timeout * 60, 'expires_in follows the session timeout');
    /** @type {unknown} */
    const payload = JSON.parse(Buffer.from(String(signedIn.body.access_token).split('.')[1] ?? '', 'base64url').toString());
    const claims = /** @type {{ exp: number; iat: number }} */ (payload);
    assert.equal(claims.exp - claims.iat, timeout * 60, 'and so does the token’s lifetime');

    // Minimum password length: a shorter password is refused when an account is made and when
    // a password is changed, with the length named.
    const short = 'x'.repeat(minimum - 1);
    const email = `settings-${run}@e2e.example.org`;
    const password = `long-enough-${run}`;
    const refused = await createAccount(`settings-short-${run}@e2e.example.org`, short);
    assert.equal(refused.status, 422, 'an account with a short password is refused');
    assert.equal(messageOf(refused.body), `Password must be at least ${String(minimum)} characters long.`);
    const made = await createAccount(email, password);
    assert.equal(made.status, 200, `the throwaway account is made: ${JSON.stringify(made.body)}`);
    const own = await passwordGrant(email, password);
    assert.equal(own.status, 200);
    const change = await fetch(`${baseUrl}/auth/v1/user`, {
      method: 'PUT',
      headers: { apikey: anonKey, authorization: `Bearer ${String(own.body.access_token)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ password: short, current_password: password }),
    });
    assert.equal(change.status, 422, 'a short new password is refused');
    assert.equal(messageOf(/** @type {Record<string, unknown>} */ (await bodyOf(change))), `Password must be at least ${String(minimum)} characters long.`);

    // Max login attempts: that many wrong passwords lock the account (the right one is refused too).
    for (let i = 1; i <= attempts; i++) {
      const wrong = await passwordGrant(email, `wrong-${String(i)}-${run}`);
      assert.equal(wrong.status, 400, `wrong password ${String(i)} of ${String(attempts)}: not locked yet`);
      assert.equal(messageOf(wrong.body), 'Invalid login credentials');
    }
    const locked = await passwordGrant(email, password);
    assert.equal(locked.status, 429, `locked after ${String(attempts)} failures: ${JSON.stringify(locked.body)}`);
    assert.match(messageOf(locked.body), /^Too many failed sign-in attempts\. Try again in \d+ minutes? \(after \d\d:\d\d Nairobi time\)\.$/);
  });

  test('the church name changed on the page shows on the public site', async () => {
    const name = `Mount Zion E2E ${run}`;
    const { page, problems, close } = await openPage(viewports.desktop, { expectedFailure: backupRpc });
    await signIn(page, superAdmin);
    await openSettings(page, 'General');
    const field = page.getByLabel('Church name', { exact: true });
    assert.equal(await field.inputValue(), original.get('church_name') ?? '');

    // Required (§5): an empty name is refused on the page.
    await field.fill('');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Church name is required').waitFor();
    await page.getByText('Please correct the highlighted fields.').waitFor();

    await field.fill(name);
    const sent = await save(page);
    assert.deepEqual(sent.map((row) => row.key), ['church_name']);
    assert.equal((await stored(['church_name'])).get('church_name'), name);
    await close();
    assert.deepEqual(problems, []);

    // The public site reads its settings again on each visit (the table API's anonymous cache is
    // dropped when system_settings changes): the header and the footer name the church.
    const visitor = await openPage(viewports.desktop);
    const deadline = Date.now() + patient(10_000);
    let shown = '';
    for (;;) {
      await visitor.page.goto(`${baseUrl}/`);
      try {
        await visitor.page.locator('.brand-name').filter({ hasText: name }).waitFor({ timeout: patient(3000) });
        shown = await visitor.page.locator('.brand-name').innerText();
        break;
      } catch {
        if (Date.now() > deadline) break;
      }
    }
    assert.equal(shown.trim(), name, 'the header shows the new name');
    // The footer is its own lazy chunk: it shows the name once the settings have arrived there too.
    await visitor.page.locator('#footer-church').filter({ hasText: name }).waitFor({ timeout: patient(5000) }).catch(() => undefined);
    assert.equal((await visitor.page.locator('#footer-church').innerText()).trim(), name, 'and the footer');
    await visitor.close();
    assert.deepEqual(visitor.problems, []);
  });

  test('a secret set on the page is never shown again: not by the API, the page or the server’s log', async (t) => {
    if (!secretKey) {
      t.skip(`every candidate secret (${secretCandidates.join(', ')}) is configured on this server; it could not be put back`);
      return;
    }
    const key = secretKey;
    const label = key === 'mobile_money_passkey' ? 'Passkey (M-Pesa)' : 'Signing key (Equity Bank)';
    const secret = `e2e-secret-${run}-Zq9`;
    cleanups.push(() => restore(key, null));
    const { page, problems, close } = await openPage(viewports.desktop, { expectedFailure: backupRpc });
    /** @type {Promise<string>[]} */
    const answers = [];
    page.on('response', (response) => {
      if (!response.url().startsWith(baseUrl)) return;
      answers.push(
        response.text().then(
          (text) => `${response.url()}\n${JSON.stringify(response.headers())}\n${text}`,
          () => '',
        ),
      );
    });
    await signIn(page, superAdmin);
    await openSettings(page, 'Financial');
    const input = page.getByLabel(label, { exact: true });
    const secretField = page.locator('.settings-secret').filter({ has: input });
    assert.equal(await secretField.locator('.badge').innerText(), 'Not set');
    assert.equal(await input.inputValue(), '', 'a secret’s input starts empty');
    await input.fill(secret);
    const sent = await save(page);
    assert.deepEqual(sent.map((row) => [row.key, row.value]), [[key, secret]], 'only the typed secret is sent');
    await secretField.locator('.badge', { hasText: /^Set$/ }).waitFor();
    assert.equal(await input.inputValue(), '', 'the input is empty again after the save');
    assert.ok(!(await page.content()).includes(secret), 'the page’s HTML does not hold the secret');
    await page.reload();
    await page.getByRole('tablist', { name: 'Settings sections' }).waitFor();
    await showTab(page, 'Financial');
    await page.locator('.settings-secret').filter({ has: page.getByLabel(label, { exact: true }) }).locator('.badge', { hasText: /^Set$/ }).waitFor();
    assert.ok(!(await page.content()).includes(secret), 'nor after a reload');
    assert.ok(!(await page.content()).includes(marker), 'the marker is not in the page either');
    const responses = (await Promise.all(answers)).join('\n');
    assert.ok(responses.length > 0, 'responses were captured');
    assert.ok(!responses.includes(secret), 'no response the page received holds the secret');
    await close();
    assert.deepEqual(problems, []);

    // The table API as the Super Admin: the row shows the marker, never the value.
    const read = await fetch(`${baseUrl}/rest/v1/system_settings?select=*`, { headers: await userHeaders(superAdmin) });
    const text = await read.text();
    assert.equal(read.status, 200);
    assert.ok(!text.includes(secret), 'GET system_settings?select=* does not hold the secret');
    /** @type {unknown} */
    const all = JSON.parse(text);
    const row = /** @type {{ key: string; value: unknown; is_secret: boolean }[]} */ (all).find((r) => r.key === key);
    assert.deepEqual([row?.value, row?.is_secret], [marker, true], 'the row shows the marker');
    const logs = await fetch(`${baseUrl}/rest/v1/admin_activity_logs?select=*&order=created_at.desc&limit=50`, { headers: await userHeaders(superAdmin) });
    assert.equal(logs.status, 200);
    assert.ok(!(await logs.text()).includes(secret), 'nor does the activity log');
    assert.deepEqual((await settingsLog())[0]?.details, { keys: [key] }, 'which names the secret’s key only');
    const service = await fetch(`${baseUrl}/rest/v1/system_settings?select=*&key=eq.${key}`, { headers: serviceHeaders() });
    assert.ok(!(await service.text()).includes(secret), 'not even for the service key');

    // The server's log files.
    const files = await serverLogFiles();
    if (files.length === 0) {
      t.diagnostic('the server’s log was not found (set KANISA_LOG): the log check was skipped');
    } else {
      for (const file of files) {
        const content = await readFile(file, 'utf8');
        assert.ok(content.length > 0, `${file} is not empty`);
        assert.ok(!content.includes(secret), `${file} does not hold the secret`);
      }
      t.diagnostic(`log files checked: ${files.join(', ')}`);
    }

    // Clear on the page: the secret is removed (the server is back in demo mode for it).
    const again = await openPage(viewports.desktop, { expectedFailure: backupRpc });
    await signIn(again.page, superAdmin);
    await openSettings(again.page, 'Financial');
    const field = again.page.locator('.settings-secret').filter({ has: again.page.getByLabel(label, { exact: true }) });
    await field.getByRole('button', { name: `Clear ${label}` }).click();
    await field.getByText(`${label} will be removed when you save.`).waitFor();
    const cleared = await save(again.page);
    assert.deepEqual(cleared.map((r) => [r.key, r.value]), [[key, '']]);
    await field.locator('.badge', { hasText: /^Not set$/ }).waitFor();
    assert.equal((await stored([key])).get(key), null, 'the row says not configured again');
    await again.close();
    assert.deepEqual(again.problems, []);
  });
});

/**
 * The log files of the server under test: KANISA_LOG, or the kanisa.log of the dev-server.sh /
 * e2e.sh work dir whose server serves `baseUrl` (the newest such), with its PostgreSQL log.
 * @returns {Promise<string[]>}
 */
async function serverLogFiles() {
  if (process.env.KANISA_LOG) return [process.env.KANISA_LOG];
  /** @type {{ dir: string; mtime: number }[]} */
  const found = [];
  for (const name of await readdir('/tmp').catch(() => [])) {
    if (!/^kanisa-(dev|e2e)\./.test(name)) continue;
    const dir = join('/tmp', name);
    const log = join(dir, 'kanisa.log');
    try {
      const content = await readFile(log, 'utf8');
      if (!content.includes(`Kanisa is serving on ${baseUrl}/`)) continue;
      found.push({ dir, mtime: (await stat(log)).mtimeMs });
    } catch {
      // Not readable or gone: another user's or a finished run's.
    }
  }
  const newest = found.sort((a, b) => b.mtime - a.mtime)[0];
  if (!newest) return [];
  const files = [join(newest.dir, 'kanisa.log')];
  const postgres = join(newest.dir, 'data', 'postgres.log');
  if (await stat(postgres).then(() => true, () => false)) files.push(postgres);
  return files;
}

