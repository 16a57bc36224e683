import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, renderAt, sessionFor, stubApi, testClient } from '../../test/render';
import { serverAnswers } from '../../test/roles';
import SettingsPage from './SettingsPage';

const marker = '********';

/** What a Super Admin reads: the registry's rows (a demo server's values), secrets as markers. */
function rows() {
  return [
    ['church_name', 'Mount Zion SDA Church'],
    ['branch_name', 'Town Centre'],
    ['church_email', 'info@example.org'],
    ['office_hours', [{ days: 'Monday to Friday', hours: '9:00 AM to 5:00 PM' }]],
    ['sabbath_school_time', { name: 'Sabbath School', day: 'Saturday', time: '9:00 AM' }],
    ['service_duration_minutes', 90],
    ['smtp_host', null],
    ['smtp_port', 587],
    ['smtp_password', marker, true],
    ['sms_provider', 'africas_talking'],
    ['sms_api_key', null, true],
    ['currency', 'KES'],
    ['enable_online_giving', true],
    ['mobile_money_passkey', null, true],
    ['remittance_shares', { tithe: 100, offering: 40, special_project: 0, building_fund: 0, missions: 100 }],
    ['session_timeout_minutes', 60],
    ['min_password_length', 6],
    ['max_login_attempts', 5],
    ['audit_logging', true],
    ['backup_frequency', 'daily'],
    ['backup_keep', 7],
    ['backup_keep_days', 0],
    ['email_notifications', true],
    ['event_reminder_hours', 24],
  ].map(([key, value, secret]) => ({ key, value, is_secret: secret === true }));
}

type Answer = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

const saved: Answer = (_url, init) => {
  const body = JSON.parse(init?.body as string) as { key: string; value: unknown; updated_by: string }[];
  const stored = rows();
  return json(
    body.map(({ key, value }) => {
      const secret = stored.find((row) => row.key === key)?.is_secret === true;
      return { key, value: secret ? (value === '' ? null : marker) : value, is_secret: secret };
    }),
    201,
  );
};

function renderPage(answers: Record<string, Answer> = {}, path = '/settings') {
  const fetchMock = stubApi({
    '/rest/v1/system_settings': (url, init) => (init?.method === 'POST' ? saved(url, init) : json(rows())),
    '/rest/v1/rpc/get_backup_status': () =>
      json({ code: 'PGRST202', message: 'Could not find the function public.get_backup_status without parameters', details: null, hint: null }, 404),
    ...answers,
  });
  renderAt(path, <SettingsPage />, testClient(sessionFor(serverAnswers.SUPER_ADMIN, 'Sarah Super')));
  const writes = () =>
    fetchMock.mock.calls
      .map(([input, init]) => ({ href: input instanceof Request ? input.url : input.toString(), init }))
      .filter(({ href, init }) => href.includes('/rest/v1/system_settings') && init?.method === 'POST')
      .map(({ href, init }) => ({
        url: new URL(href, 'http://localhost'),
        headers: new Headers(init?.headers),
        body: JSON.parse(init?.body as string) as unknown,
      }));
  return { fetchMock, writes };
}

describe('System Settings (§2.16)', () => {
  it('shows six tabs, moved between with the arrow keys, Home and End', async () => {
    const user = userEvent.setup();
    renderPage();
    const tablist = await screen.findByRole('tablist', { name: 'Settings sections' });
    const tabs = within(tablist).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['General', 'Service Times', 'Communication', 'Financial', 'Security', 'Notifications']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'General' })).toBeVisible();
    expect(screen.getByLabelText('Church name')).toHaveValue('Mount Zion SDA Church');

    tabs[0]!.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Service Times' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Service Times' })).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Service Times' })).toBeVisible();
    expect(screen.getByLabelText('Average service duration (minutes)')).toHaveValue(90);
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Notifications' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Notifications' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'General' })).toHaveFocus();
  });

  it('saves only the changed settings in one upsert, stamped with the signed-in user', async () => {
    const user = userEvent.setup();
    const { writes } = renderPage();
    const name = await screen.findByLabelText('Church name');
    const save = screen.getByRole('button', { name: 'Save Settings' });
    expect(save).toBeDisabled();
    expect(screen.getByText('No unsaved changes')).toBeInTheDocument();

    await user.clear(name);
    await user.type(name, 'Mount Zion Central');
    await user.click(screen.getByRole('tab', { name: 'Security' }));
    const timeout = screen.getByLabelText('Session timeout (minutes)');
    expect(timeout).toHaveAttribute('min', '5');
    expect(timeout).toHaveAttribute('max', '10080');
    expect(screen.getByLabelText('Minimum password length (characters)')).toHaveAttribute('min', '6');
    await user.clear(timeout);
    await user.type(timeout, '45');
    await user.click(screen.getByRole('switch', { name: 'Audit logging' }));
    expect(screen.getByText('Unsaved changes (3 settings)')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'General (unsaved changes)' })).toBeInTheDocument();

    await user.click(save);
    expect(await screen.findByText('Settings saved successfully!')).toBeInTheDocument();
    expect(writes()).toHaveLength(1);
    const [write] = writes();
    expect(write!.url.searchParams.get('on_conflict')).toBe('key');
    expect(write!.headers.get('prefer')).toContain('resolution=merge-duplicates');
    expect(write!.body).toEqual([
      { key: 'church_name', value: 'Mount Zion Central', updated_by: 'user-1' },
      { key: 'session_timeout_minutes', value: 45, updated_by: 'user-1' },
      { key: 'audit_logging', value: false, updated_by: 'user-1' },
    ]);
    expect(screen.getByText('No unsaved changes')).toBeInTheDocument();
    expect(save).toBeDisabled();
  });

  it('keeps secrets write-only: a Set / Not set badge, an empty input, sent only when typed or cleared', async () => {
    const user = userEvent.setup();
    const { writes } = renderPage({}, '/settings?tab=communication');
    const password = await screen.findByLabelText('SMTP password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveValue('');
    const field = (label: string) => screen.getByLabelText(label).closest<HTMLElement>('.settings-secret')!;
    expect(within(field('SMTP password')).getByText('Set')).toBeInTheDocument();
    expect(within(field('SMS API key')).getByText('Not set')).toBeInTheDocument();
    expect(within(field('SMS API key')).queryByRole('button', { name: /Clear/ })).not.toBeInTheDocument();
    expect(document.body.innerHTML).not.toContain(marker);

    await user.type(password, 'smtp-Secret-1');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings saved successfully!')).toBeInTheDocument();
    expect(writes()[0]!.body).toEqual([{ key: 'smtp_password', value: 'smtp-Secret-1', updated_by: 'user-1' }]);
    expect(screen.getByLabelText('SMTP password')).toHaveValue('');
    expect(document.body.innerHTML).not.toContain('smtp-Secret-1');

    await user.click(within(field('SMTP password')).getByRole('button', { name: 'Clear SMTP password' }));
    expect(screen.getByText(/SMTP password will be removed when you save/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => {
      expect(writes()).toHaveLength(2);
    });
    expect(writes()[1]!.body).toEqual([{ key: 'smtp_password', value: '', updated_by: 'user-1' }]);
    await waitFor(() => {
      expect(within(field('SMTP password')).getByText('Not set')).toBeInTheDocument();
    });
  });

  it('refuses to save without a church name, and takes the user to the field with the problem', async () => {
    const user = userEvent.setup();
    const { writes } = renderPage();
    await user.clear(await screen.findByLabelText('Church name'));
    await user.click(screen.getByRole('tab', { name: 'Security' }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(screen.getByText('Please correct the highlighted fields.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'General (has errors)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Church name is required')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByLabelText('Church name')).toHaveFocus();
    });
    expect(writes()).toHaveLength(0);
  });

  it('checks numbers against the ranges the server accepts', async () => {
    const user = userEvent.setup();
    const { writes } = renderPage({}, '/settings?tab=security');
    const attempts = await screen.findByLabelText('Max login attempts');
    await user.clear(attempts);
    await user.type(attempts, '0');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(screen.getByText('Enter a number from 1 to 100')).toBeInTheDocument();
    expect(attempts).toHaveAttribute('aria-invalid', 'true');
    expect(writes()).toHaveLength(0);

    await user.clear(attempts);
    await user.type(attempts, '3');
    expect(screen.queryByText('Enter a number from 1 to 100')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings saved successfully!')).toBeInTheDocument();
    expect(writes()[0]!.body).toEqual([{ key: 'max_login_attempts', value: 3, updated_by: 'user-1' }]);
  });

  it('shows the §8 failure with the server’s reason, keeps the changes, and disables Save while saving', async () => {
    const user = userEvent.setup();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let answer: (response: Response) => void = () => undefined;
    renderPage({
      '/rest/v1/system_settings': (_url, init) =>
        init?.method === 'POST'
          ? new Promise<Response>((resolve) => {
              answer = resolve;
            })
          : json(rows()),
    });
    const name = await screen.findByLabelText('Church name');
    await user.type(name, ' Church');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    answer(json({ code: '42501', message: 'new row violates row-level security policy for table "system_settings"', details: null, hint: null }, 403));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error saving settings. Please try again.');
    expect(alert).toHaveTextContent('new row violates row-level security policy');
    expect(screen.getByLabelText('Church name')).toHaveValue('Mount Zion SDA Church Church');
    expect(screen.getByRole('button', { name: 'Save Settings' })).toBeEnabled();
    expect(logged).toHaveBeenCalled();
  });

  it('offers the enumerations and five remittance percentages on the Financial tab', async () => {
    renderPage({}, '/settings?tab=financial');
    const currency = await screen.findByLabelText('Currency');
    expect(within(currency).getAllByRole('option').map((o) => o.textContent)).toEqual(['KES', 'USD', 'EUR', 'GBP']);
    for (const label of ['Tithes', 'Offerings', 'Special Projects', 'Building Fund', 'Missions']) {
      const input = screen.getByLabelText(`${label} (%)`);
      expect(input).toHaveAttribute('min', '0');
      expect(input).toHaveAttribute('max', '100');
    }
    expect(screen.getByLabelText('Offerings (%)')).toHaveValue(40);
    expect(screen.getByRole('switch', { name: 'Enable online giving' })).toHaveAttribute('aria-checked', 'true');
    // Keys the server does not have are not offered.
    expect(screen.queryByLabelText('Consumer key')).not.toBeInTheDocument();
  });

  it('says the backup status is unavailable on a server without the function', async () => {
    renderPage({}, '/settings?tab=security');
    expect(await screen.findByText('Backup status unavailable')).toBeInTheDocument();
  });

  it('shows a failed backup as an error', async () => {
    renderPage(
      {
        '/rest/v1/rpc/get_backup_status': () =>
          json({
            frequency: 'daily',
            keep: 7,
            last: { started_at: '2026-11-24T23:00:00Z', finished_at: '2026-11-24T23:00:02Z', ok: false, size_bytes: null, file: null, error: 'pg_dump failed' },
            last_success_at: '2026-11-23T23:00:05Z',
            next_due_at: '2026-11-24T23:00:05Z',
          }),
      },
      '/settings?tab=security',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Last backup: 25 Nov 2026, 02:00, failed: pg_dump failed');
    expect(screen.getByText('Last successful backup: 24 Nov 2026, 02:00')).toBeInTheDocument();
  });

  it('shows a backup that worked', async () => {
    renderPage(
      {
        '/rest/v1/rpc/get_backup_status': () =>
          json({
            frequency: 'daily',
            keep: 7,
            last: { started_at: '2026-11-24T23:00:00Z', finished_at: '2026-11-24T23:00:02Z', ok: true, size_bytes: 2_097_152, file: 'a.dump', error: null },
            next_due_at: null,
          }),
      },
      '/settings?tab=security',
    );
    expect(await screen.findByText('Last backup: 25 Nov 2026, 02:00, 2.0 MB, succeeded')).toBeInTheDocument();
  });
  it('shows where the backups go, the archive, the last drill, and asks for a drill', async () => {
    const calls: string[] = [];
    let waiting = false;
    renderPage(
      {
        '/rest/v1/rpc/get_backup_status': () =>
          json({
            frequency: 'daily',
            keep: 7,
            last: { started_at: '2026-11-24T23:00:00Z', finished_at: '2026-11-24T23:00:09Z', ok: true, size_bytes: 52_428_800, file: 'base/20261124T230000.000Z', error: null, kind: 'base' },
            next_due_at: null,
            archive: {
              destination: 'file:///srv/kanisa/backups/',
              on_this_machine: true,
              encrypted: false,
              last_segment: '000000010000000000000042',
              last_shipped_at: new Date(Date.now() - 30_000).toISOString(),
              last_pass_at: new Date().toISOString(),
              last_error: null,
              last_error_at: null,
            },
            last_drill: { finished_at: '2026-11-22T01:00:00Z', ok: false, error: 'the base backup does not unpack', tables: null, rows: null, files: null },
            drill_waiting: waiting,
          }),
        '/rest/v1/rpc/request_backup_drill': () => {
          calls.push('drill');
          waiting = true;
          return json({ queued: true });
        },
      },
      '/settings?tab=security',
    );
    expect(await screen.findByText(/on this server’s own disk: if the disk fails, the backups are lost with it/)).toBeInTheDocument();
    expect(screen.getByText(/Continuous archive running: last change log shipped just now/)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Last drill 22 Nov 2026, 04:00 FAILED: the base backup does not unpack');
    await userEvent.click(screen.getByRole('button', { name: 'Run a drill now' }));
    expect(await screen.findByText(/A drill is on its way/)).toBeInTheDocument();
    expect(calls).toEqual(['drill']);
    expect(await screen.findByRole('button', { name: 'Drill running…' })).toBeDisabled();
  });

  it('asks for the backup key’s recovery sheet until it is stored, and shows what each destination can restore (issue 42)', async () => {
    const user = userEvent.setup();
    let confirmed = false;
    const confirmations: unknown[] = [];
    const sheetReads: string[] = [];
    renderPage(
      {
        '/rest/v1/rpc/get_backup_status': () =>
          json({
            frequency: 'daily',
            last: null,
            archive: {
              destination: 's3://church-backups/kanisa/',
              source: 'settings',
              base_here: true,
              on_this_machine: false,
              encrypted: true,
              key_fingerprint: '0f1e2d3c4b5a6978',
              key_generated: true,
              key_confirmed: confirmed,
              last_segment: null,
              last_shipped_at: null,
              last_pass_at: new Date().toISOString(),
              last_error: null,
              last_error_at: null,
            },
            windows: [{ destination: 's3://church-backups/kanisa/', from: '2026-11-20T07:00:00Z', to: '2026-11-24T07:00:00Z', current: true }],
            last_drill: null,
            drill_waiting: false,
          }),
        '/functions/v1/backup-recovery-sheet': (_url, init) => {
          sheetReads.push(init?.method ?? 'GET');
          return json({
            key: '11111111-22222222-33333333-44444444-55555555-66666666-77777777-88888888',
            fingerprint: '0f1e2d3c4b5a6978',
            generated: true,
            destination: 's3://church-backups/kanisa/',
            restoreCommand: "KANISA_BACKUP_KEY='11111111-…' kanisa restore --latest --from s3://church-backups/kanisa/ --into DIR",
          });
        },
        '/rest/v1/rpc/confirm_backup_key': (_url, init) => {
          confirmations.push(JSON.parse(init?.body as string));
          confirmed = true;
          return json({ confirmed: true, fingerprint: '0f1e2d3c4b5a6978' });
        },
      },
      '/settings?tab=security',
    );
    expect(await screen.findByText(/encrypted with a key this server made \(fingerprint 0f1e2d3c4b5a6978\)\. If this server is lost/)).toBeInTheDocument();
    expect(screen.getByText('s3://church-backups/kanisa/ (in use) can restore any moment from 20 Nov 2026, 10:00 to 24 Nov 2026, 10:00.')).toBeInTheDocument();
    expect(sheetReads).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Open the recovery sheet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Backup key recovery sheet' });
    expect(await within(dialog).findByText('11111111-22222222-33333333-44444444-55555555-66666666-77777777-88888888')).toBeInTheDocument();
    expect(sheetReads).toEqual(['GET']);
    await user.click(within(dialog).getByRole('button', { name: 'I have stored it away from the server' }));
    expect(await within(dialog).findByText('Thank you: the sheet is recorded as stored.')).toBeInTheDocument();
    expect(confirmations).toEqual([{ fingerprint: '0f1e2d3c4b5a6978' }]);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText(/its recovery sheet is stored away from the server/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show the recovery sheet again' })).toBeInTheDocument();
  });
});
