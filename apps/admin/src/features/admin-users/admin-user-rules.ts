import { KanisaError, type Database } from '@kanisa/client';
import { isEmailAddress } from '../../components/ui/form-values';
import { roleLabel } from '../../lib/access';
import { CHURCH_TIME_ZONE } from '../../lib/church-time';
import { permissionGroups, type PermissionGroup } from '../../lib/permissions';

/**
 * The rules of Admin Users (back-office.md §2.14, §3 users, §5, §6.3, §7.6, §8): the staff
 * roles and their labels, the permission vocabulary in its groups, each role's default
 * permissions, the form's checks and texts, what is sent to `/auth/v1/admin/users`, and the
 * ministries and departments a leader's account is linked to (issue 31: the scopes of
 * MINISTRY_LEADER and DEPARTMENT_HEAD, policies/README.md "Scopes").
 * Pure functions; the server applies the same rules again (kanisa-auth `admin.rs`, the policies).
 */

type UserRow = Database['public']['Tables']['users']['Row'];
export type UserRole = UserRow['role'];

/**
 * Every role the system has (kanisa.roles, migration 0006), highest first: §6.3's five admin
 * roles (ADMIN shown as 'General Admin'), then the leaders' (§6.1, §6.2) — MINISTRY_LEADER,
 * DEPARTMENT_HEAD and ELDER — whose ministries and departments (issue 31) and prayer-team
 * permission are set on this screen, then MEMBER and VISITOR (issue 32: their accounts were made
 * only from the command line). The server still refuses what the caller may not give.
 */
export const adminRoles = [
  { value: 'SUPER_ADMIN', label: 'Super Admin' },
  { value: 'ADMIN', label: 'General Admin' },
  { value: 'FINANCE_ADMIN', label: 'Finance Admin' },
  { value: 'CONTENT_ADMIN', label: 'Content Admin' },
  { value: 'MEMBER_ADMIN', label: 'Member Admin' },
  { value: 'MINISTRY_LEADER', label: 'Ministry Leader' },
  { value: 'DEPARTMENT_HEAD', label: 'Department Head' },
  { value: 'ELDER', label: 'Elder' },
  { value: 'MEMBER', label: 'Member' },
  { value: 'VISITOR', label: 'Visitor' },
] as const satisfies readonly { value: UserRole; label: string }[];

export type AdminRole = (typeof adminRoles)[number]['value'];

export const adminRoleValues: readonly AdminRole[] = adminRoles.map((role) => role.value);

export function isAdminRole(role: string | null | undefined): role is AdminRole {
  return adminRoleValues.includes(role as AdminRole);
}

/**
 * The scoped roles (migration 0028, `kanisa.roles.scoped`): they hold their permissions within the
 * ministries and departments their account is linked to only — members of those ministries,
 * events and messages of those ministries and departments, no church budget.
 */
export const scopedRoles: readonly AdminRole[] = ['MINISTRY_LEADER', 'DEPARTMENT_HEAD'];

export function isScopedRole(role: string | null | undefined): boolean {
  return scopedRoles.includes(role as AdminRole);
}

/** 'FINANCE_ADMIN' → 'Finance Admin', 'ADMIN' → 'General Admin'; any other role in title case. */
export function adminRoleLabel(role: string | null | undefined): string {
  const known = adminRoles.find((r) => r.value === role);
  if (known) return known.label;
  if (!role) return '';
  return roleLabel(role);
}

// The permission vocabulary and its words live with the access rules (lib/permissions.ts): the
// refusal pages name permissions with the same labels as this form.
export { permissionGroups, type PermissionChoice, type PermissionGroup } from '../../lib/permissions';

/** Every permission, in the form's order. */
export const allPermissions: readonly string[] = permissionGroups.flatMap((group) => group.permissions.map((p) => p.value));

const inGroups = (...ids: PermissionGroup['id'][]) =>
  permissionGroups.filter((group) => ids.includes(group.id)).flatMap((group) => group.permissions.map((p) => p.value));

/** The permission of the pastor and the prayer team (issue 31): nobody's default but a Super Admin's. */
export const PRAYER_TEAM_PERMISSION = 'view_private_prayer_requests';

/**
 * §6.3: the permissions ticked when a role is chosen — Super Admin all; Admin all except
 * manage_admins and system_settings (and the prayer team's, which is given by name); Finance
 * Admin the Financial ones plus view_member_details; Content Admin the Content ones plus
 * view_member_details; Member Admin the Members and Communication ones; the leaders ELDER's
 * three (prayer requests, communications, member details; ranks inherit defaults, migration
 * 0011); a Member and a Visitor none. The same sets as the database's role defaults
 * (kanisa.role_permissions).
 */
export function defaultPermissions(role: AdminRole): string[] {
  switch (role) {
    case 'SUPER_ADMIN':
      return [...allPermissions];
    case 'ADMIN':
      return allPermissions.filter((p) => p !== 'manage_admins' && p !== 'system_settings' && p !== PRAYER_TEAM_PERMISSION);
    case 'FINANCE_ADMIN':
      return ordered([...inGroups('financial'), 'view_member_details']);
    case 'CONTENT_ADMIN':
      return ordered([...inGroups('content'), 'view_member_details']);
    case 'MEMBER_ADMIN':
      return inGroups('members', 'communication');
    case 'MINISTRY_LEADER':
    case 'DEPARTMENT_HEAD':
    case 'ELDER':
      return ordered(['manage_prayer_requests', 'send_communications', 'view_member_details']);
    case 'MEMBER':
    case 'VISITOR':
      return [];
  }
}

/** The permissions in the form's order, unknown names and repeats dropped. */
export function ordered(permissions: Iterable<string>): string[] {
  const chosen = new Set(permissions);
  return allPermissions.filter((p) => chosen.has(p));
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const left = ordered(a);
  const right = ordered(b);
  return left.length === right.length && left.every((p, i) => p === right[i]);
}

/** A staff account as the list reads it (`users`, §3). */
export type AdminUser = Pick<UserRow, 'id' | 'email' | 'full_name' | 'role' | 'permissions' | 'is_active' | 'last_sign_in_at' | 'created_at'>;

/**
 * What an account holds (the rule of auth.effective_permissions): a Super Admin everything; a
 * profile's own list when it has one; otherwise its role's defaults.
 */
export function effectivePermissions(user: Pick<AdminUser, 'role' | 'permissions'>): string[] {
  if (user.role === 'SUPER_ADMIN') return [...allPermissions];
  if (user.permissions) return ordered(user.permissions);
  return isAdminRole(user.role) ? defaultPermissions(user.role) : [];
}

/** Texts of the screen. Marked ones are the spec's words (back-office.md §8). */
export const adminTexts = {
  /** §8 */
  created: 'Admin user created successfully!',
  /** §8 */
  updated: 'Admin user updated successfully!',
  /** §8 */
  mismatch: 'Passwords do not match',
  /** §8, with examples. */
  invalidEmail: 'Please use a valid email address, for example name@gmail.com or pastor@yourchurch.org.',
  /** §8 */
  emailTaken: 'This email address is already registered. Please use a different email.',
  /** §8, with the configured minimum (Security settings). */
  passwordTooShort: (min: number) => `Password must be at least ${String(min)} characters long.`,
  /** §8 */
  profileFailed: 'Failed to create user profile',
  /** §8 */
  confirmToggle: (activate: boolean) => `Are you sure you want to ${activate ? 'activate' : 'deactivate'} this admin user?`,
  /** §8 */
  toggleFailed: (activate: boolean) => `Error ${activate ? 'activating' : 'deactivating'} admin. Please try again.`,
  toggled: (name: string, activate: boolean) =>
    activate ? `${name} was activated and can sign in again.` : `${name} was deactivated and signed out everywhere.`,
  emailRequired: 'Please enter the email address.',
  nameRequired: 'Please enter the full name.',
  passwordRequired: 'Please enter a password.',
  confirmRequired: 'Please type the password again.',
  unexpected: 'An unexpected error occurred. Please try again.',
  self: 'This is you',
  empty: 'No admin users yet.',
  scopeLegend: 'Leads',
  scopeHint:
    'A Ministry Leader or Department Head sees the members of these ministries, and the events and messages of these ministries and departments — nothing else of the church’s personal data.',
  scopeNone: 'No ministry or department yet: this leader sees no members, events or messages.',
  noMinistries: 'No ministries have been added yet.',
  noDepartments: 'No departments have been added yet.',
  scopeFailed: 'The account was saved, but its ministries and departments could not be:',
  leads: (names: readonly string[]) => (names.length > 0 ? `Leads ${names.join(', ')}` : 'Leads nothing yet'),
} as const;

/** The add/edit form as typed. */
export interface AdminFormValues {
  email: string;
  full_name: string;
  password: string;
  confirm: string;
  role: AdminRole;
  permissions: string[];
  /** The ministries (ids) a scoped role leads. */
  ministries: string[];
  /** The departments (ids) a scoped role leads. */
  departments: string[];
}

export type AdminFormErrors = Partial<Record<keyof AdminFormValues, string>>;

/** The ministries and departments (ids) one account is linked to. */
export interface StaffScope {
  ministries: readonly string[];
  departments: readonly string[];
}

export const noScope: StaffScope = { ministries: [], departments: [] };

/** A link row as `user_ministries` / `user_departments` hold it. */
export interface ScopeLinks {
  ministries: readonly { user_id: string; ministry_id: string }[];
  departments: readonly { user_id: string; department_id: string }[];
}

/** Each account's links, by user id. */
export function scopesByUser(links: ScopeLinks): Map<string, StaffScope> {
  const scopes = new Map<string, { ministries: string[]; departments: string[] }>();
  const of = (id: string) => {
    let scope = scopes.get(id);
    if (!scope) {
      scope = { ministries: [], departments: [] };
      scopes.set(id, scope);
    }
    return scope;
  };
  for (const link of links.ministries) of(link.user_id).ministries.push(link.ministry_id);
  for (const link of links.departments) of(link.user_id).departments.push(link.department_id);
  return scopes;
}

/** A new admin: General Admin with its defaults, nothing typed, no links. */
export function emptyAdminForm(): AdminFormValues {
  return {
    email: '',
    full_name: '',
    password: '',
    confirm: '',
    role: 'ADMIN',
    permissions: defaultPermissions('ADMIN'),
    ministries: [],
    departments: [],
  };
}

/** An existing admin's form: their name, role, what they hold now and what they lead; no password. */
export function adminToForm(user: AdminUser, scope: StaffScope = noScope): AdminFormValues {
  return {
    email: user.email ?? '',
    full_name: user.full_name,
    password: '',
    confirm: '',
    role: isAdminRole(user.role) ? user.role : 'ADMIN',
    permissions: effectivePermissions(user),
    ministries: [...scope.ministries],
    departments: [...scope.departments],
  };
}

/** What to add and remove so that an account leads exactly `wanted`. */
export interface ScopeChange {
  addMinistries: string[];
  removeMinistries: string[];
  addDepartments: string[];
  removeDepartments: string[];
}

/**
 * The links to write after saving an account: a scoped role leads the ticked ministries and
 * departments; any other role leads none (a leader made Finance Admin keeps no links behind).
 */
export function scopeChange(role: AdminRole, before: StaffScope, values: Pick<AdminFormValues, 'ministries' | 'departments'>): ScopeChange {
  const wanted = isScopedRole(role) ? values : noScope;
  const added = (now: readonly string[], was: readonly string[]) => [...new Set(now)].filter((id) => !was.includes(id));
  return {
    addMinistries: added(wanted.ministries, before.ministries),
    removeMinistries: added(before.ministries, wanted.ministries),
    addDepartments: added(wanted.departments, before.departments),
    removeDepartments: added(before.departments, wanted.departments),
  };
}

export function isNoChange(change: ScopeChange): boolean {
  return Object.values(change).every((ids: string[]) => ids.length === 0);
}

/** A ministry or department to tick: its id and how it is shown. */
export interface ScopeOption {
  id: string;
  label: string;
}

/**
 * The names a leader's links show in the list: ministries, then departments, in the options'
 * order (unknown ids, e.g. a ministry deleted meanwhile, are left out).
 */
export function scopeNames(scope: StaffScope, options: { ministries: readonly ScopeOption[]; departments: readonly ScopeOption[] }): string[] {
  return [
    ...options.ministries.filter((o) => scope.ministries.includes(o.id)),
    ...options.departments.filter((o) => scope.departments.includes(o.id)),
  ].map((o) => o.label);
}

/**
 * Departments as the form shows them: by name, with the category when two share one (the church
 * has Communication, Education and Prayer both as an administrative and a ministry department).
 */
export function departmentOptions(rows: readonly { id: string; name: string; category: string }[]): ScopeOption[] {
  const count = new Map<string, number>();
  for (const row of rows) count.set(row.name, (count.get(row.name) ?? 0) + 1);
  const categoryLabel = (category: string) => (category === 'administrative' ? 'Administrative' : category === 'ministry' ? 'Ministry' : category);
  return rows.map((row) => ({
    id: row.id,
    label: (count.get(row.name) ?? 0) > 1 ? `${row.name} (${categoryLabel(row.category)})` : row.name,
  }));
}

/** A password's length as the server counts it: Unicode code points (Rust's `chars()`), not UTF-16 units. */
const lengthOf = (text: string) => Array.from(text).length;

/**
 * §5: e-mail and full name required (the e-mail must be one); a new admin needs the password
 * twice, at least `minLength` long and the same both times. On an existing admin the e-mail
 * cannot change and a password is optional (a new one, typed twice).
 */
export function validateAdminForm(values: AdminFormValues, { isNew, minLength }: { isNew: boolean; minLength: number }): AdminFormErrors {
  const errors: AdminFormErrors = {};
  if (isNew) {
    const email = values.email.trim();
    if (email === '') errors.email = adminTexts.emailRequired;
    else if (!isEmailAddress(email)) errors.email = adminTexts.invalidEmail;
  }
  if (values.full_name.trim() === '') errors.full_name = adminTexts.nameRequired;
  const wantsPassword = isNew || values.password !== '' || values.confirm !== '';
  if (wantsPassword) {
    if (values.password === '') errors.password = adminTexts.passwordRequired;
    else if (lengthOf(values.password) < minLength) errors.password = adminTexts.passwordTooShort(minLength);
    if (values.confirm === '') errors.confirm = adminTexts.confirmRequired;
    else if (values.password !== '' && values.password !== values.confirm) errors.confirm = adminTexts.mismatch;
  }
  return errors;
}

/**
 * The own list to store: null when the choice is the role's defaults (the role's set then
 * applies, as the database intends) and for a Super Admin (who holds everything whatever is
 * stored); otherwise the ticked ones.
 */
export function permissionsToStore(role: AdminRole, chosen: readonly string[]): string[] | null {
  if (role === 'SUPER_ADMIN' || sameSet(chosen, defaultPermissions(role))) return null;
  return ordered(chosen);
}

/** `POST /auth/v1/admin/users`: the account and its profile, active from the start (§4). */
export interface CreateAdminBody {
  email: string;
  password: string;
  email_confirm: true;
  user_metadata: { full_name: string };
  app_metadata: { role: AdminRole; permissions: string[] | null; is_active: true };
}

export function createBody(values: AdminFormValues): CreateAdminBody {
  return {
    email: values.email.trim().toLowerCase(),
    password: values.password,
    email_confirm: true,
    user_metadata: { full_name: values.full_name.trim() },
    app_metadata: { role: values.role, permissions: permissionsToStore(values.role, values.permissions), is_active: true },
  };
}

/** `PUT /auth/v1/admin/users/{id}`: each part only when it changes. */
export interface UpdateAdminBody {
  password?: string;
  user_metadata?: { full_name: string };
  app_metadata?: { role?: AdminRole; permissions?: string[] | null };
}

/**
 * The change to send for an existing admin: the name when it changed, the role when it
 * changed, the permissions when the role or the ticked set changed, a new password when one
 * was typed. The e-mail is never sent (it cannot change).
 */
export function updateBody(user: AdminUser, values: AdminFormValues): UpdateAdminBody {
  const body: UpdateAdminBody = {};
  const name = values.full_name.trim();
  if (name !== user.full_name) body.user_metadata = { full_name: name };
  const app: NonNullable<UpdateAdminBody['app_metadata']> = {};
  const roleChanged = values.role !== user.role;
  if (roleChanged) app.role = values.role;
  if (roleChanged || !sameSet(values.permissions, effectivePermissions(user))) {
    app.permissions = permissionsToStore(values.role, values.permissions);
  }
  if (Object.keys(app).length > 0) body.app_metadata = app;
  if (values.password !== '') body.password = values.password;
  return body;
}

/** A length in the settings (a JSON number or a numeric text), as the server reads it: 6 to 128, default 6. */
export function readMinPasswordLength(value: unknown): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(number)) return 6;
  return Math.min(128, Math.max(6, number));
}

const PASSWORD_SHORT = /^Password must be at least \d+ characters long\.$/;

/**
 * The account was saved but what it leads was not (the links are a second request, after the
 * account's): the dialog says so, with the server's reason.
 */
export class ScopeSaveError extends Error {
  readonly reason: unknown;

  constructor(reason: unknown) {
    super(reason instanceof Error && reason.message ? reason.message : 'The links could not be saved.');
    this.name = 'ScopeSaveError';
    this.reason = reason;
  }
}

/**
 * The alert when saving failed (§8): an e-mail the server cannot take, one already registered,
 * a password too short (with the server's configured length); a server failure while creating
 * is the profile's; links that could not be written after the account was; anything else the
 * server's own words.
 */
export function saveErrorText(error: unknown, { isNew, minLength }: { isNew: boolean; minLength: number }): string {
  if (error instanceof ScopeSaveError) return `${adminTexts.scopeFailed} ${error.message}`;
  if (!(error instanceof KanisaError)) return error instanceof Error && error.message ? error.message : adminTexts.unexpected;
  if (error.code === 'email_exists') return adminTexts.emailTaken;
  if (error.code === 'weak_password' && error.message.startsWith('Password must be at least')) {
    return PASSWORD_SHORT.test(error.message) ? error.message : adminTexts.passwordTooShort(minLength);
  }
  if (error.code === 'validation_failed' && /validate email address/i.test(error.message)) return adminTexts.invalidEmail;
  if (isNew && error.status >= 500) return `${adminTexts.profileFailed}: ${error.message}`;
  return error.message || adminTexts.unexpected;
}

/**
 * The confirmation's alert when activating or deactivating failed (§8), with the server's reason
 * when it refused (e.g. an account holding more than you).
 */
export function toggleErrorText(error: unknown, activate: boolean): string {
  const text = adminTexts.toggleFailed(activate);
  if (error instanceof KanisaError && error.status >= 400 && error.status < 500 && error.message) return `${text} ${error.message}`;
  return text;
}

/** How many admins of each role, active and not (§2.14 role overview). */
export interface RoleCount {
  role: AdminRole;
  label: string;
  active: number;
  inactive: number;
}

export function countByRole(rows: readonly Pick<AdminUser, 'role' | 'is_active'>[]): RoleCount[] {
  return adminRoles.map(({ value, label }) => {
    const ofRole = rows.filter((row) => row.role === value);
    const active = ofRole.filter((row) => row.is_active).length;
    return { role: value, label, active, inactive: ofRole.length - active };
  });
}

const signInFormat = new Intl.DateTimeFormat('en-KE', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZone: CHURCH_TIME_ZONE,
});

/** The last sign-in in the church's time ('22 Nov 2026, 14:05'), or 'Never'. */
export function lastSignInText(at: string | null | undefined): string {
  if (!at) return 'Never';
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return 'Never';
  return signInFormat.format(date);
}
