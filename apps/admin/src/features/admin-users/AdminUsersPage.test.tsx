import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, renderAt, sessionFor, stubApi, testClient } from '../../test/render';
import { serverAnswers } from '../../test/roles';
import { defaultPermissions } from './admin-user-rules';
import AdminUsersPage from './AdminUsersPage';

const me = {
  id: 'user-1',
  email: 'staff@church.example',
  full_name: 'Sarah Super',
  role: 'SUPER_ADMIN',
  permissions: null,
  is_active: true,
  last_sign_in_at: '2026-11-22T11:05:00Z',
  created_at: '2026-01-01T08:00:00Z',
};
const grace = {
  id: 'u2',
  email: 'grace@church.example',
  full_name: 'Grace Achieng',
  role: 'ADMIN',
  permissions: null,
  is_active: true,
  last_sign_in_at: null,
  created_at: '2026-03-01T08:00:00Z',
};
const felix = { ...grace, id: 'u3', email: 'felix@church.example', full_name: 'Felix Otieno', role: 'FINANCE_ADMIN', is_active: false };
const lydia = { ...grace, id: 'u4', email: 'lydia@church.example', full_name: 'Lydia Leader', role: 'MINISTRY_LEADER' };

const ministries = [
  { id: 'm-music', name: 'Music Ministry' },
  { id: 'm-youth', name: 'Youth Ministry' },
];
const departments = [
  { id: 'd-comm-a', name: 'Communication', category: 'administrative' },
  { id: 'd-comm-m', name: 'Communication', category: 'ministry' },
  { id: 'd-stew', name: 'Stewardship', category: 'administrative' },
];

const range = (rows: unknown[]) => ({ 'content-range': rows.length ? `0-${String(rows.length - 1)}/${String(rows.length)}` : '*/0' });

interface Call {
  url: URL;
  method: string;
  body: unknown;
}

type AdminAnswer = (call: Call) => Response;

interface Links {
  ministries?: { user_id: string; ministry_id: string }[];
  departments?: { user_id: string; department_id: string }[];
}

function renderPage({
  rows = [grace, felix, me],
  admin = () => json({}),
  minLength = 6,
  links = {},
  linkWrite = () => new Response(null, { status: 201 }),
}: { rows?: unknown[]; admin?: AdminAnswer; minLength?: number; links?: Links; linkWrite?: AdminAnswer } = {}) {
  const calls: Call[] = [];
  const record = (url: URL, init: RequestInit | undefined): Call => {
    const call = { url, method: init?.method ?? 'GET', body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null };
    calls.push(call);
    return call;
  };
  stubApi({
    '/rest/v1/users': (url, init) => {
      record(url, init);
      return json(rows, 200, range(rows));
    },
    '/rest/v1/system_settings': (url, init) => {
      record(url, init);
      return json({ value: minLength });
    },
    '/auth/v1/admin/users': (url, init) => admin(record(url, init)),
    '/rest/v1/user_ministries': (url, init) => {
      const call = record(url, init);
      if (call.method === 'GET') return json(links.ministries ?? []);
      return call.method === 'DELETE' ? new Response(null, { status: 204 }) : linkWrite(call);
    },
    '/rest/v1/user_departments': (url, init) => {
      const call = record(url, init);
      if (call.method === 'GET') return json(links.departments ?? []);
      return call.method === 'DELETE' ? new Response(null, { status: 204 }) : linkWrite(call);
    },
    '/rest/v1/ministries': () => json(ministries),
    '/rest/v1/departments': () => json(departments),
  });
  renderAt('/admin-users', <AdminUsersPage />, testClient(sessionFor(serverAnswers.SUPER_ADMIN, 'Sarah Super')));
  return {
    calls,
    adminCalls: () => calls.filter((c) => c.url.pathname.startsWith('/auth/v1/admin/users')),
    linkWrites: () =>
      calls
        .filter((c) => /^\/rest\/v1\/user_(ministries|departments)$/.test(c.url.pathname) && c.method !== 'GET')
        .map((c) => [c.method, c.url.pathname.replace('/rest/v1/', ''), c.method === 'DELETE' ? Object.fromEntries(c.url.searchParams) : c.body]),
  };
}

const checkedPermissions = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('checkbox')
    .filter((box) => (box as HTMLInputElement).checked)
    .map((box) => (box as HTMLInputElement).value)
    .sort();

describe('AdminUsersPage (§2.14)', () => {
  it('lists staff accounts newest first with role labels, status and last sign-in; counts per role; no actions on your own row', async () => {
    const { calls } = renderPage();
    expect(await screen.findByText('Grace Achieng')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Email', 'Role', 'Status', 'Last Sign-in', 'Actions']);

    const list = calls.find((c) => c.url.pathname === '/rest/v1/users' && c.url.searchParams.get('order')?.startsWith('created_at'))!;
    expect(list.url.searchParams.get('role')).toBe('in.(SUPER_ADMIN,ADMIN,FINANCE_ADMIN,CONTENT_ADMIN,MEMBER_ADMIN,MINISTRY_LEADER,DEPARTMENT_HEAD,ELDER,MEMBER,VISITOR)');
    expect(list.url.searchParams.get('order')).toBe('created_at.desc,id.asc');

    const graceRow = screen.getByText('Grace Achieng').closest('tr')!;
    expect(within(graceRow).getByText('General Admin')).toBeInTheDocument();
    expect(within(graceRow).getByText('Active')).toBeInTheDocument();
    expect(within(graceRow).getByText('Never')).toBeInTheDocument();
    expect(within(screen.getByText('Felix Otieno').closest('tr')!).getByText('Inactive')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Activate Felix Otieno' })).toBeInTheDocument();

    const mine = screen.getByText('Sarah Super', { selector: '.cell-title' }).closest('tr')!;
    expect(within(mine).getByText('This is you')).toBeInTheDocument();
    expect(within(mine).queryByRole('button')).toBeNull();
    expect(within(mine).getByText('22 Nov 2026, 14:05')).toBeInTheDocument();

    const cards = await screen.findByRole('region', { name: 'Roles' });
    await waitFor(() => {
      expect(cards.querySelector('[data-figure="ADMIN"]')).toHaveTextContent('General Admin11 active · 0 inactive');
    });
    expect(cards.querySelector('[data-figure="FINANCE_ADMIN"]')).toHaveTextContent('Finance Admin10 active · 1 inactive');
    expect(cards.querySelector('[data-figure="SUPER_ADMIN"]')).toHaveTextContent('Super Admin11 active · 0 inactive');
    expect(cards.querySelector('[data-figure="MEMBER_ADMIN"]')).toHaveTextContent('Member Admin00 active · 0 inactive');
  });

  it('adds an admin: role defaults ticked and adjustable, the configured minimum length, matching passwords, then the spec text', async () => {
    const { adminCalls } = renderPage({ minLength: 8, admin: () => json({ id: 'new' }) });
    const user = userEvent.setup();
    await screen.findByText('Grace Achieng');
    await user.click(screen.getByRole('button', { name: '+ Add Admin User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Admin User' });

    // General Admin first, with its defaults.
    expect(within(dialog).getByLabelText('Role *')).toHaveValue('ADMIN');
    expect(checkedPermissions(dialog)).toEqual([...defaultPermissions('ADMIN')].sort());
    await user.selectOptions(within(dialog).getByLabelText('Role *'), 'Finance Admin');
    expect(checkedPermissions(dialog)).toEqual([...serverAnswers.FINANCE_ADMIN.permissions].sort());
    await user.selectOptions(within(dialog).getByLabelText('Role *'), 'Super Admin');
    expect(checkedPermissions(dialog)).toHaveLength(serverAnswers.SUPER_ADMIN.permissions.length);
    expect(within(dialog).getByRole('checkbox', { name: 'Manage admin users' })).toBeDisabled();
    await user.selectOptions(within(dialog).getByLabelText('Role *'), 'Content Admin');
    expect(checkedPermissions(dialog)).toEqual([...serverAnswers.CONTENT_ADMIN.permissions].sort());
    await user.click(within(dialog).getByRole('checkbox', { name: 'View reports' }));

    await user.type(within(dialog).getByLabelText('Email *'), 'carol@church.example');
    await user.type(within(dialog).getByLabelText('Full Name *'), 'Carol Wambui');
    await user.type(within(dialog).getByLabelText('Password *'), 'short1');
    await user.type(within(dialog).getByLabelText('Confirm Password *'), 'short2');
    await user.click(within(dialog).getByRole('button', { name: 'Create Admin User' }));
    expect(within(dialog).getByText('Password must be at least 8 characters long.')).toBeInTheDocument();
    expect(within(dialog).getByText('Passwords do not match')).toBeInTheDocument();
    expect(adminCalls()).toEqual([]);

    await user.clear(within(dialog).getByLabelText('Password *'));
    await user.type(within(dialog).getByLabelText('Password *'), 'long-secret');
    await user.clear(within(dialog).getByLabelText('Confirm Password *'));
    await user.type(within(dialog).getByLabelText('Confirm Password *'), 'long-secret');
    await user.click(within(dialog).getByRole('button', { name: 'Create Admin User' }));

    expect(await screen.findByText('Admin user created successfully!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const [post] = adminCalls();
    expect(post?.method).toBe('POST');
    expect(post?.url.pathname).toBe('/auth/v1/admin/users');
    expect(post?.body).toEqual({
      email: 'carol@church.example',
      password: 'long-secret',
      email_confirm: true,
      user_metadata: { full_name: 'Carol Wambui' },
      app_metadata: {
        role: 'CONTENT_ADMIN',
        permissions: ['manage_content', 'manage_sermons', 'manage_events', 'manage_announcements', 'view_member_details', 'view_reports'],
        is_active: true,
      },
    });
  });

  it('shows the spec text for an e-mail already registered and keeps what was typed', async () => {
    renderPage({
      admin: () => json({ code: 422, error_code: 'email_exists', msg: 'This email address is already registered. Please use a different email.' }, 422),
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    await screen.findByText('Grace Achieng');
    await user.click(screen.getByRole('button', { name: '+ Add Admin User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Admin User' });
    await user.type(within(dialog).getByLabelText('Email *'), 'grace@church.example');
    await user.type(within(dialog).getByLabelText('Full Name *'), 'Grace Again');
    await user.type(within(dialog).getByLabelText('Password *'), 'secret-1');
    await user.type(within(dialog).getByLabelText('Confirm Password *'), 'secret-1');
    await user.click(within(dialog).getByRole('button', { name: 'Create Admin User' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This email address is already registered. Please use a different email.');
    expect(within(dialog).getByLabelText('Full Name *')).toHaveValue('Grace Again');
  });

  it('edits an admin: the e-mail cannot change; only what changed is sent', async () => {
    const { adminCalls } = renderPage({ admin: () => json({ id: 'u2' }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Grace Achieng' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Admin User' });
    const email = within(dialog).getByLabelText('Email');
    expect(email).toHaveValue('grace@church.example');
    expect(email).toHaveAttribute('readonly');
    expect(checkedPermissions(dialog)).toEqual([...serverAnswers.ADMIN.permissions].sort());

    await user.clear(within(dialog).getByLabelText('Full Name *'));
    await user.type(within(dialog).getByLabelText('Full Name *'), 'Grace W. Achieng');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Manage donations' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Admin user updated successfully!')).toBeInTheDocument();
    const [put] = adminCalls();
    expect(put?.method).toBe('PUT');
    expect(put?.url.pathname).toBe('/auth/v1/admin/users/u2');
    expect(put?.body).toEqual({
      user_metadata: { full_name: 'Grace W. Achieng' },
      app_metadata: { permissions: defaultPermissions('ADMIN').filter((p) => p !== 'manage_donations') },
    });
  });

  it('saving an edit that changes nothing sends nothing', async () => {
    const { adminCalls } = renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Felix Otieno' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Edit Admin User' })).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Admin user updated successfully!')).toBeInTheDocument();
    expect(adminCalls()).toEqual([]);
  });

  it('asks before deactivating; a failure shows the spec text in the dialog; then it works', async () => {
    let fail = true;
    const { adminCalls } = renderPage({
      admin: () => (fail ? json({ code: 500, error_code: 'unexpected_failure', msg: 'Unexpected failure; the error has been logged' }, 500) : json({ id: 'u2' })),
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Deactivate Grace Achieng' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Deactivate Admin User' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to deactivate this admin user?');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error deactivating admin. Please try again.');

    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    });
    expect(await screen.findByText('Grace Achieng was deactivated and signed out everywhere.')).toBeInTheDocument();
    expect(adminCalls().map((c) => [c.method, c.url.pathname, c.body])).toEqual([
      ['PUT', '/auth/v1/admin/users/u2', { app_metadata: { is_active: false } }],
      ['PUT', '/auth/v1/admin/users/u2', { app_metadata: { is_active: false } }],
    ]);
  });

  it('asks the activate question for an inactive admin', async () => {
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Activate Felix Otieno' }));
    expect(screen.getByRole('alertdialog', { name: 'Activate Admin User' })).toHaveAccessibleDescription(
      'Are you sure you want to activate this admin user?',
    );
  });

  it('lists what a leader leads under the role; other roles lead nothing', async () => {
    renderPage({
      rows: [lydia, grace, me],
      links: {
        ministries: [{ user_id: 'u4', ministry_id: 'm-youth' }],
        departments: [{ user_id: 'u4', department_id: 'd-comm-m' }],
      },
    });
    const row = (await screen.findByText('Lydia Leader')).closest('tr')!;
    expect(within(row).getByText('Ministry Leader')).toBeInTheDocument();
    expect(await within(row).findByText('Leads Youth Ministry, Communication (Ministry)')).toBeInTheDocument();
    expect(within(screen.getByText('Grace Achieng').closest('tr')!).queryByText(/^Leads/)).toBeNull();
  });

  it('edits a leader’s ministries and departments: only the changed links are written, as the Super Admin', async () => {
    const { adminCalls, linkWrites } = renderPage({
      rows: [lydia, me],
      links: { ministries: [{ user_id: 'u4', ministry_id: 'm-music' }], departments: [] },
    });
    const user = userEvent.setup();
    await screen.findByText('Leads Music Ministry');
    await user.click(screen.getByRole('button', { name: 'Edit Lydia Leader' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Admin User' });
    const leads = within(dialog).getByRole('group', { name: 'Leads' });
    expect(leads).toHaveAccessibleDescription(/sees the members of these ministries/);
    expect(within(leads).getByRole('checkbox', { name: 'Music Ministry' })).toBeChecked();
    expect(within(leads).getByRole('checkbox', { name: 'Youth Ministry' })).not.toBeChecked();
    expect(within(leads).getByRole('checkbox', { name: 'Communication (Administrative)' })).not.toBeChecked();

    await user.click(within(leads).getByRole('checkbox', { name: 'Music Ministry' }));
    await user.click(within(leads).getByRole('checkbox', { name: 'Youth Ministry' }));
    await user.click(within(leads).getByRole('checkbox', { name: 'Stewardship' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Admin user updated successfully!')).toBeInTheDocument();
    expect(adminCalls()).toEqual([]);
    expect(linkWrites()).toEqual([
      ['POST', 'user_ministries', [{ user_id: 'u4', ministry_id: 'm-youth' }]],
      ['DELETE', 'user_ministries', { user_id: 'eq.u4', ministry_id: 'in.(m-music)' }],
      ['POST', 'user_departments', [{ user_id: 'u4', department_id: 'd-stew' }]],
    ]);
  });

  it('adds a Department Head with a department: the account first, then its link; other roles show no Leads', async () => {
    const { adminCalls, linkWrites } = renderPage({ admin: () => json({ id: 'new-head' }) });
    const user = userEvent.setup();
    await screen.findByText('Grace Achieng');
    await user.click(screen.getByRole('button', { name: '+ Add Admin User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Admin User' });
    expect(within(dialog).queryByRole('group', { name: 'Leads' })).toBeNull();
    await user.selectOptions(within(dialog).getByLabelText('Role *'), 'Department Head');
    expect(checkedPermissions(dialog)).toEqual([...serverAnswers.DEPARTMENT_HEAD.permissions].sort());
    const leads = within(dialog).getByRole('group', { name: 'Leads' });
    expect(within(leads).getByText('No ministry or department yet: this leader sees no members, events or messages.')).toBeInTheDocument();
    await user.click(within(leads).getByRole('checkbox', { name: 'Stewardship' }));

    await user.type(within(dialog).getByLabelText('Email *'), 'dan@church.example');
    await user.type(within(dialog).getByLabelText('Full Name *'), 'Dan Head');
    await user.type(within(dialog).getByLabelText('Password *'), 'long-secret');
    await user.type(within(dialog).getByLabelText('Confirm Password *'), 'long-secret');
    await user.click(within(dialog).getByRole('button', { name: 'Create Admin User' }));

    expect(await screen.findByText('Admin user created successfully!')).toBeInTheDocument();
    expect(adminCalls()[0]?.body).toMatchObject({ app_metadata: { role: 'DEPARTMENT_HEAD', permissions: null, is_active: true } });
    expect(linkWrites()).toEqual([['POST', 'user_departments', [{ user_id: 'new-head', department_id: 'd-stew' }]]]);
  });

  it('offers every role the system has: an Elder, a Member and a Visitor account are made here, not only on the command line', async () => {
    const { adminCalls } = renderPage({ admin: () => json({ id: 'new-member' }) });
    const user = userEvent.setup();
    await screen.findByText('Grace Achieng');
    await user.click(screen.getByRole('button', { name: '+ Add Admin User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Admin User' });
    const roles = within(within(dialog).getByLabelText('Role *')).getAllByRole('option').map((option) => option.textContent);
    for (const role of ['Elder', 'Member', 'Visitor']) expect(roles).toContain(role);
    await user.selectOptions(within(dialog).getByLabelText('Role *'), 'Member');
    expect(checkedPermissions(dialog)).toEqual([]);
    await user.type(within(dialog).getByLabelText('Email *'), 'mercy@church.example');
    await user.type(within(dialog).getByLabelText('Full Name *'), 'Mercy Member');
    await user.type(within(dialog).getByLabelText('Password *'), 'long-secret');
    await user.type(within(dialog).getByLabelText('Confirm Password *'), 'long-secret');
    await user.click(within(dialog).getByRole('button', { name: 'Create Admin User' }));
    expect(await screen.findByText('Admin user created successfully!')).toBeInTheDocument();
    expect(adminCalls()[0]?.body).toMatchObject({ email: 'mercy@church.example', app_metadata: { role: 'MEMBER', is_active: true } });
  });

  it('the prayer team’s permission is offered by name and ticked by no role but Super Admin', async () => {
    renderPage();
    const user = userEvent.setup();
    await screen.findByText('Grace Achieng');
    await user.click(screen.getByRole('button', { name: '+ Add Admin User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Admin User' });
    const team = within(dialog).getByRole('checkbox', { name: 'Read private prayer requests (pastor and prayer team)' });
    expect(team).not.toBeChecked();
    await user.selectOptions(within(dialog).getByLabelText('Role *'), 'Elder');
    expect(team).not.toBeChecked();
    await user.click(team);
    expect(checkedPermissions(dialog)).toContain('view_private_prayer_requests');
    await user.selectOptions(within(dialog).getByLabelText('Role *'), 'Super Admin');
    expect(team).toBeChecked();
  });

  it('links that could not be written after the account was are reported in the dialog', async () => {
    renderPage({
      rows: [lydia, me],
      linkWrite: () => json({ code: '42501', message: 'new row violates row-level security policy for table "user_ministries"', details: null, hint: null }, 403),
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    await screen.findByText('Leads nothing yet');
    await user.click(screen.getByRole('button', { name: 'Edit Lydia Leader' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Admin User' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Youth Ministry' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The account was saved, but its ministries and departments could not be: new row violates row-level security policy',
    );
  });
});
