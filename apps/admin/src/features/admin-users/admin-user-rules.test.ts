import { KanisaError } from '@kanisa/client';
import { describe, expect, it } from 'vitest';
import { serverAnswers } from '../../test/roles';
import {
  adminRoleLabel,
  adminRoles,
  adminTexts,
  adminToForm,
  allPermissions,
  countByRole,
  createBody,
  defaultPermissions,
  effectivePermissions,
  emptyAdminForm,
  lastSignInText,
  ordered,
  permissionGroups,
  permissionsToStore,
  readMinPasswordLength,
  saveErrorText,
  isNoChange,
  isScopedRole,
  departmentOptions,
  noScope,
  scopeChange,
  scopedRoles,
  scopeNames,
  scopesByUser,
  ScopeSaveError,
  toggleErrorText,
  updateBody,
  validateAdminForm,
  type AdminFormValues,
  type AdminUser,
} from './admin-user-rules';

const sorted = (list: readonly string[]) => [...list].sort();

describe('roles and labels (§6.3)', () => {
  it('offers every role: the five admin roles, ADMIN as General Admin, the leaders whose scope is set here, then Member and Visitor', () => {
    expect(adminRoles.map((r) => r.label)).toEqual([
      'Super Admin',
      'General Admin',
      'Finance Admin',
      'Content Admin',
      'Member Admin',
      'Ministry Leader',
      'Department Head',
      'Elder',
      'Member',
      'Visitor',
    ]);
    expect(scopedRoles).toEqual(['MINISTRY_LEADER', 'DEPARTMENT_HEAD']);
    expect(isScopedRole('ELDER')).toBe(false);
    expect(adminRoleLabel('ADMIN')).toBe('General Admin');
    expect(adminRoleLabel('MEMBER_ADMIN')).toBe('Member Admin');
    expect(adminRoleLabel('MINISTRY_LEADER')).toBe('Ministry Leader');
    expect(adminRoleLabel(null)).toBe('');
  });

  it('groups the whole vocabulary once each: System, Content, Members, Financial, Ministry, Communication, Reports', () => {
    expect(permissionGroups.map((g) => g.label)).toEqual(['System', 'Content', 'Members', 'Financial', 'Ministry', 'Communication', 'Reports']);
    expect(new Set(allPermissions).size).toBe(allPermissions.length);
    // The server's whole vocabulary: what a Super Admin holds.
    expect(sorted(allPermissions)).toEqual(sorted(serverAnswers.SUPER_ADMIN.permissions));
    expect(permissionGroups.find((g) => g.id === 'system')?.permissions.map((p) => p.value)).toEqual([
      'manage_users',
      'manage_admins',
      'view_audit_logs',
      'system_settings',
    ]);
  });
});

describe('default permissions per role (§6.3)', () => {
  it('are the sets the server gives each role', () => {
    for (const { value } of adminRoles) {
      // A Visitor holds nothing (kanisa.role_permissions has no row for it).
      const held = value === 'VISITOR' ? [] : serverAnswers[value].permissions;
      expect(sorted(defaultPermissions(value)), value).toEqual(sorted(held));
    }
  });

  it('spelled out: Admin all but three; Finance and Content their group plus member details; Member Admin members and communication; leaders ELDER’s three', () => {
    expect(defaultPermissions('ADMIN')).not.toContain('manage_admins');
    expect(defaultPermissions('ADMIN')).not.toContain('system_settings');
    // The pastor's and the prayer team's permission is given by name, never by a role (issue 31).
    expect(defaultPermissions('ADMIN')).not.toContain('view_private_prayer_requests');
    expect(defaultPermissions('ADMIN')).toHaveLength(allPermissions.length - 3);
    for (const role of ['MINISTRY_LEADER', 'DEPARTMENT_HEAD', 'ELDER'] as const) {
      expect(defaultPermissions(role), role).toEqual(['view_member_details', 'manage_prayer_requests', 'send_communications']);
    }
    expect(sorted(defaultPermissions('FINANCE_ADMIN'))).toEqual(
      sorted(['manage_finances', 'view_financial_reports', 'manage_donations', 'manage_budget', 'view_member_details']),
    );
    expect(sorted(defaultPermissions('CONTENT_ADMIN'))).toEqual(
      sorted(['manage_content', 'manage_sermons', 'manage_events', 'manage_announcements', 'view_member_details']),
    );
    expect(sorted(defaultPermissions('MEMBER_ADMIN'))).toEqual(
      sorted([
        'manage_members',
        'view_member_details',
        'manage_attendance',
        'send_communications',
        'manage_communications',
        'send_sms',
        'send_emails',
      ]),
    );
  });

  it('what an account holds: all for a Super Admin, its own list when set, else the defaults', () => {
    expect(effectivePermissions({ role: 'SUPER_ADMIN', permissions: ['manage_sermons'] })).toEqual([...allPermissions]);
    expect(effectivePermissions({ role: 'ADMIN', permissions: ['manage_sermons', 'bogus', 'manage_users'] })).toEqual(['manage_users', 'manage_sermons']);
    expect(effectivePermissions({ role: 'CONTENT_ADMIN', permissions: null })).toEqual(defaultPermissions('CONTENT_ADMIN'));
    expect(effectivePermissions({ role: 'MEMBER', permissions: null })).toEqual([]);
    expect(ordered(['send_sms', 'manage_users', 'send_sms'])).toEqual(['manage_users', 'send_sms']);
  });
});

const filled: AdminFormValues = {
  email: 'grace@church.example',
  full_name: 'Grace Achieng',
  password: 'secret-1',
  confirm: 'secret-1',
  role: 'FINANCE_ADMIN',
  permissions: defaultPermissions('FINANCE_ADMIN'),
  ministries: [],
  departments: [],
};

describe('validateAdminForm (§5, §8)', () => {
  const asNew = { isNew: true, minLength: 6 };

  it('a new admin needs e-mail, full name and the password twice', () => {
    expect(validateAdminForm(emptyAdminForm(), asNew)).toEqual({
      email: adminTexts.emailRequired,
      full_name: adminTexts.nameRequired,
      password: adminTexts.passwordRequired,
      confirm: adminTexts.confirmRequired,
    });
    expect(validateAdminForm(filled, asNew)).toEqual({});
  });

  it('the e-mail must be one, with examples', () => {
    expect(validateAdminForm({ ...filled, email: 'grace@church' }, asNew).email).toBe(adminTexts.invalidEmail);
    expect(adminTexts.invalidEmail).toMatch(/^Please use a valid email address, for example \S+@\S+ or \S+@\S+\.$/);
  });

  it('the passwords must match; the minimum length is the configured one', () => {
    expect(validateAdminForm({ ...filled, confirm: 'secret-2' }, asNew)).toEqual({ confirm: 'Passwords do not match' });
    expect(validateAdminForm({ ...filled, password: 'abc12', confirm: 'abc12' }, asNew)).toEqual({
      password: 'Password must be at least 6 characters long.',
    });
    expect(validateAdminForm(filled, { isNew: true, minLength: 10 })).toEqual({ password: 'Password must be at least 10 characters long.' });
    // Counted in characters as the server counts them: six letters of any script pass.
    expect(validateAdminForm({ ...filled, password: 'ñandú😀', confirm: 'ñandú😀' }, { isNew: true, minLength: 6 })).toEqual({});
  });

  it('an existing admin: the e-mail is not checked (it cannot change) and a password is optional, but typed twice when given', () => {
    const asEdit = { isNew: false, minLength: 8 };
    expect(validateAdminForm({ ...filled, email: 'not checked', password: '', confirm: '' }, asEdit)).toEqual({});
    expect(validateAdminForm({ ...filled, password: 'long-enough', confirm: '' }, asEdit)).toEqual({ confirm: adminTexts.confirmRequired });
    expect(validateAdminForm({ ...filled, password: 'short', confirm: 'short' }, asEdit)).toEqual({ password: adminTexts.passwordTooShort(8) });
    expect(validateAdminForm({ ...filled, full_name: '  ', password: '', confirm: '' }, asEdit)).toEqual({ full_name: adminTexts.nameRequired });
  });
});

describe('what is sent', () => {
  it('create: the account with its profile, active, the role; defaults stored as no own list', () => {
    expect(createBody({ ...filled, email: ' Grace@Church.Example ', full_name: ' Grace Achieng ' })).toEqual({
      email: 'grace@church.example',
      password: 'secret-1',
      email_confirm: true,
      user_metadata: { full_name: 'Grace Achieng' },
      app_metadata: { role: 'FINANCE_ADMIN', permissions: null, is_active: true },
    });
    const adjusted = createBody({ ...filled, permissions: [...filled.permissions, 'view_reports'] });
    expect(adjusted.app_metadata.permissions).toEqual(ordered([...defaultPermissions('FINANCE_ADMIN'), 'view_reports']));
  });

  it('permissionsToStore: null for the defaults (any order) and for a Super Admin, else the list', () => {
    expect(permissionsToStore('CONTENT_ADMIN', [...defaultPermissions('CONTENT_ADMIN')].reverse())).toBeNull();
    expect(permissionsToStore('SUPER_ADMIN', [])).toBeNull();
    expect(permissionsToStore('CONTENT_ADMIN', ['manage_sermons'])).toEqual(['manage_sermons']);
    expect(permissionsToStore('MEMBER_ADMIN', [])).toEqual([]);
  });

  const grace: AdminUser = {
    id: 'u1',
    email: 'grace@church.example',
    full_name: 'Grace Achieng',
    role: 'FINANCE_ADMIN',
    permissions: null,
    is_active: true,
    last_sign_in_at: null,
    created_at: '2026-01-01T00:00:00Z',
  };

  it('update: only what changed; never the e-mail', () => {
    const form = adminToForm(grace);
    expect(form).toMatchObject({ email: grace.email, password: '', confirm: '', role: 'FINANCE_ADMIN', permissions: defaultPermissions('FINANCE_ADMIN') });
    expect(updateBody(grace, form)).toEqual({});
    expect(updateBody(grace, { ...form, full_name: 'Grace A. Achieng' })).toEqual({ user_metadata: { full_name: 'Grace A. Achieng' } });
    expect(updateBody(grace, { ...form, permissions: ['manage_donations'] })).toEqual({ app_metadata: { permissions: ['manage_donations'] } });
    expect(updateBody(grace, { ...form, role: 'CONTENT_ADMIN', permissions: defaultPermissions('CONTENT_ADMIN') })).toEqual({
      app_metadata: { role: 'CONTENT_ADMIN', permissions: null },
    });
    expect(updateBody(grace, { ...form, password: 'new-secret', confirm: 'new-secret' })).toEqual({ password: 'new-secret' });
  });

  it('update: an own list back to the defaults clears it', () => {
    const own = { ...grace, permissions: ['manage_donations'] };
    expect(updateBody(own, { ...adminToForm(own), permissions: defaultPermissions('FINANCE_ADMIN') })).toEqual({
      app_metadata: { permissions: null },
    });
  });
});

describe('texts', () => {
  it('the minimum password length setting: a number or numeric text, 6 to 128, default 6', () => {
    expect(readMinPasswordLength(8)).toBe(8);
    expect(readMinPasswordLength('10')).toBe(10);
    expect(readMinPasswordLength(3)).toBe(6);
    expect(readMinPasswordLength(500)).toBe(128);
    expect(readMinPasswordLength(null)).toBe(6);
    expect(readMinPasswordLength('eight')).toBe(6);
  });

  const failure = (code: string, message: string, status: number) => new KanisaError({ code, message, status });

  it('save errors per §8', () => {
    const asNew = { isNew: true, minLength: 8 };
    expect(saveErrorText(failure('email_exists', 'This email address is already registered. Please use a different email.', 422), asNew)).toBe(
      'This email address is already registered. Please use a different email.',
    );
    expect(saveErrorText(failure('weak_password', 'Password must be at least 9 characters long.', 422), asNew)).toBe(
      'Password must be at least 9 characters long.',
    );
    expect(saveErrorText(failure('weak_password', 'Password must be at least long.', 422), asNew)).toBe('Password must be at least 8 characters long.');
    expect(
      saveErrorText(failure('validation_failed', 'Unable to validate email address: "x@y" is not an e-mail address', 400), asNew),
    ).toBe(adminTexts.invalidEmail);
    expect(saveErrorText(failure('unexpected_failure', 'Unexpected failure; the error has been logged', 500), asNew)).toBe(
      'Failed to create user profile: Unexpected failure; the error has been logged',
    );
    // Otherwise the raw message.
    expect(saveErrorText(failure('not_admin', 'You can only give permissions you hold yourself', 403), asNew)).toBe(
      'You can only give permissions you hold yourself',
    );
    expect(saveErrorText(failure('unexpected_failure', 'Unexpected failure; the error has been logged', 500), { isNew: false, minLength: 6 })).toBe(
      'Unexpected failure; the error has been logged',
    );
    expect(saveErrorText('??', asNew)).toBe(adminTexts.unexpected);
  });

  it('activate/deactivate: the question and the failure per §8, with the server reason of a refusal', () => {
    expect(adminTexts.confirmToggle(false)).toBe('Are you sure you want to deactivate this admin user?');
    expect(adminTexts.confirmToggle(true)).toBe('Are you sure you want to activate this admin user?');
    expect(toggleErrorText(failure('unexpected_failure', 'Unexpected failure', 500), true)).toBe('Error activating admin. Please try again.');
    expect(toggleErrorText(failure('not_admin', 'You cannot change your own role, permissions or active state', 403), false)).toBe(
      'Error deactivating admin. Please try again. You cannot change your own role, permissions or active state',
    );
  });

  it('role overview counts and the last sign-in', () => {
    const counts = countByRole([
      { role: 'ADMIN', is_active: true },
      { role: 'ADMIN', is_active: false },
      { role: 'SUPER_ADMIN', is_active: true },
      { role: 'MEMBER', is_active: true },
    ]);
    expect(counts.map((c) => [c.label, c.active, c.inactive])).toEqual([
      ['Super Admin', 1, 0],
      ['General Admin', 1, 1],
      ['Finance Admin', 0, 0],
      ['Content Admin', 0, 0],
      ['Member Admin', 0, 0],
      ['Ministry Leader', 0, 0],
      ['Department Head', 0, 0],
      ['Elder', 0, 0],
      ['Member', 1, 0],
      ['Visitor', 0, 0],
    ]);
    expect(lastSignInText('2026-11-22T11:05:00Z')).toBe('22 Nov 2026, 14:05');
    expect(lastSignInText(null)).toBe('Never');
  });
});

describe('what a leader leads (issue 31)', () => {
  it('links are grouped per account', () => {
    const byUser = scopesByUser({
      ministries: [
        { user_id: 'u1', ministry_id: 'm1' },
        { user_id: 'u1', ministry_id: 'm2' },
        { user_id: 'u2', ministry_id: 'm1' },
      ],
      departments: [{ user_id: 'u2', department_id: 'd1' }],
    });
    expect(byUser.get('u1')).toEqual({ ministries: ['m1', 'm2'], departments: [] });
    expect(byUser.get('u2')).toEqual({ ministries: ['m1'], departments: ['d1'] });
    expect(byUser.get('u3')).toBeUndefined();
  });

  it('a scoped role leads what is ticked: the new links added, the dropped ones removed', () => {
    const before = { ministries: ['m1', 'm2'], departments: ['d1'] };
    expect(scopeChange('MINISTRY_LEADER', before, { ministries: ['m2', 'm3', 'm3'], departments: ['d1'] })).toEqual({
      addMinistries: ['m3'],
      removeMinistries: ['m1'],
      addDepartments: [],
      removeDepartments: [],
    });
    expect(isNoChange(scopeChange('DEPARTMENT_HEAD', before, before))).toBe(true);
    expect(isNoChange(scopeChange('DEPARTMENT_HEAD', noScope, { ministries: [], departments: [] }))).toBe(true);
  });

  it('any other role leads nothing: a leader made an admin keeps no links behind', () => {
    const before = { ministries: ['m1'], departments: ['d1'] };
    expect(scopeChange('FINANCE_ADMIN', before, { ministries: ['m1', 'm2'], departments: ['d1'] })).toEqual({
      addMinistries: [],
      removeMinistries: ['m1'],
      addDepartments: [],
      removeDepartments: ['d1'],
    });
    expect(isNoChange(scopeChange('ELDER', noScope, { ministries: ['m1'], departments: [] }))).toBe(true);
  });

  it('the list names what a leader leads; departments sharing a name show their category', () => {
    const departments = departmentOptions([
      { id: 'd1', name: 'Communication', category: 'administrative' },
      { id: 'd2', name: 'Communication', category: 'ministry' },
      { id: 'd3', name: 'Stewardship', category: 'ministry' },
    ]);
    expect(departments.map((d) => d.label)).toEqual(['Communication (Administrative)', 'Communication (Ministry)', 'Stewardship']);
    const ministries = [
      { id: 'm1', label: 'Music Ministry' },
      { id: 'm2', label: 'Youth Ministry' },
    ];
    expect(scopeNames({ ministries: ['m2', 'gone'], departments: ['d3'] }, { ministries, departments })).toEqual(['Youth Ministry', 'Stewardship']);
    expect(adminTexts.leads(['Youth Ministry', 'Stewardship'])).toBe('Leads Youth Ministry, Stewardship');
    expect(adminTexts.leads([])).toBe('Leads nothing yet');
  });

  it('an account saved whose links were not says so, with the reason', () => {
    const refused = new ScopeSaveError(new KanisaError({ code: '42501', message: 'new row violates row-level security policy', status: 403 }));
    expect(saveErrorText(refused, { isNew: true, minLength: 6 })).toBe(
      'The account was saved, but its ministries and departments could not be: new row violates row-level security policy',
    );
  });
});
