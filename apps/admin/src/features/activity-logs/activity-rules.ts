import { KanisaError } from '@kanisa/client';
import { roleLabel } from '../../lib/access';
import { CHURCH_TIME_ZONE, isDay, rangeProblem } from '../../lib/church-time';
import { formatKes, givingTypeLabel } from '../../lib/giving';

/**
 * The Activity Logs screen's rules (back-office §2.15, §7.6, §9 "Activity logs") as plain
 * functions: the six categories and the actions of each, an action's label, icon and one-line
 * summary, the details shown as a list, the date range in the church's time, and the texts of
 * the screen. No React, no requests.
 */

// ---- categories ------------------------------------------------------------------------------

export type CategoryId = 'authentication' | 'admin_management' | 'content' | 'members' | 'financial' | 'system';
/** An action the server does not write today falls under 'other' (listed under All only). */
export type EntryCategory = CategoryId | 'other';
export type CategoryFilter = CategoryId | 'all';

/** `<entity>_created`, `<entity>_updated`, `<entity>_deleted` (the content triggers, migrations 0010, 0016, 0018). */
const changesOf = (...entities: string[]) => entities.flatMap((e) => [`${e}_created`, `${e}_updated`, `${e}_deleted`]);

/**
 * §9's categories in their order, each with every action the server writes for it: sign-ins and
 * account changes (crates/kanisa-auth), the tables' triggers (content, members, finance) and the
 * server's own jobs. The server filters by these lists (`action=in.(…)`).
 */
export const categories: readonly { id: CategoryId; label: string; actions: readonly string[] }[] = [
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
  { id: 'content', label: 'Content', actions: [...changesOf('sermon', 'event', 'announcement', 'leader'), 'leader_removed'] },
  { id: 'members', label: 'Members', actions: changesOf('member', 'attendance', 'prayer_request') },
  {
    id: 'financial',
    label: 'Financial',
    actions: [
      ...changesOf('donation', 'budget'),
      'donation_reassigned',
      'expense_recorded',
      'expense_updated',
      'expense_deleted',
      'expense_approved',
      'expense_rejected',
    ],
  },
  { id: 'system', label: 'System', actions: ['settings_updated', 'backup_created', 'system_maintenance'] },
];

const categoryByAction = new Map(categories.flatMap((c) => c.actions.map((action) => [action, c.id] as const)));

/** The category an action belongs to; an action this screen does not know is 'other'. */
export function categoryOf(action: string): EntryCategory {
  return categoryByAction.get(action) ?? 'other';
}

export function categoryLabel(category: EntryCategory | 'all'): string {
  if (category === 'all') return 'All';
  if (category === 'other') return 'Other';
  return categories.find((c) => c.id === category)?.label ?? 'Other';
}

/** The actions the server is asked for under a filter; null = every action (All). */
export function actionsOf(filter: CategoryFilter): readonly string[] | null {
  if (filter === 'all') return null;
  return categories.find((c) => c.id === filter)?.actions ?? null;
}

/** The filter's choices, All first (§2.15 "a category filter"). */
export const categoryOptions: readonly { value: CategoryFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  ...categories.map((c) => ({ value: c.id, label: c.label })),
];

/** A category from the address (`?category=`), All when missing or unknown. */
export function categoryFrom(value: string | null | undefined): CategoryFilter {
  return categories.some((c) => c.id === value) ? (value as CategoryId) : 'all';
}

// ---- actions ---------------------------------------------------------------------------------

/** The things the tables' triggers log, as a reader names them. */
const entityNames: Record<string, string> = {
  sermon: 'Sermon',
  event: 'Event',
  announcement: 'Announcement',
  leader: 'Leader',
  member: 'Member',
  attendance: 'Attendance',
  prayer_request: 'Prayer request',
  donation: 'Donation',
  budget: 'Budget',
  expense: 'Expense',
};

const verbs: Record<string, string> = {
  created: 'created',
  updated: 'updated',
  deleted: 'deleted',
  removed: 'removed',
  recorded: 'recorded',
  approved: 'approved',
  rejected: 'rejected',
};

const fixedLabels: Record<string, string> = {
  admin_login: 'Signed in',
  admin_logout: 'Signed out',
  password_changed: 'Password changed',
  admin_created: 'Admin created',
  admin_updated: 'Admin updated',
  admin_activated: 'Admin activated',
  admin_deactivated: 'Admin deactivated',
  admin_deleted: 'Admin deleted',
  admin_lockout_lifted: 'Sign-in lockout lifted',
  staff_ministry_linked: 'Linked to a ministry',
  staff_ministry_unlinked: 'Unlinked from a ministry',
  staff_department_linked: 'Linked to a department',
  staff_department_unlinked: 'Unlinked from a department',
  donation_reassigned: 'Donation re-assigned',
  settings_updated: 'Settings updated',
  backup_created: 'Backup created',
  system_maintenance: 'System maintenance',
};

/** 'prayer_request_updated' → { entity: 'prayer_request', verb: 'updated' } for the triggers' actions. */
function splitChange(action: string): { entity: string; verb: string } | null {
  const match = /^(.+)_(created|updated|deleted|removed|recorded|approved|rejected)$/.exec(action);
  if (!match?.[1] || !match[2] || !(match[1] in entityNames)) return null;
  return { entity: match[1], verb: match[2] };
}

/** 'some_new_action' → 'Some new action'. */
export function humanise(text: string): string {
  const words = text.replace(/_+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : text;
}

/** An action as the timeline names it: 'Signed in', 'Sermon updated', 'Expense recorded'. */
export function actionLabel(action: string): string {
  const fixed = fixedLabels[action];
  if (fixed) return fixed;
  const change = splitChange(action);
  if (change) return `${entityNames[change.entity] ?? humanise(change.entity)} ${verbs[change.verb] ?? change.verb}`;
  return humanise(action);
}

export type IconName =
  | 'login'
  | 'logout'
  | 'key'
  | 'user-plus'
  | 'user'
  | 'user-check'
  | 'user-x'
  | 'unlock'
  | 'plus'
  | 'edit'
  | 'trash'
  | 'check'
  | 'cross'
  | 'settings'
  | 'archive'
  | 'tool'
  | 'dot';

const fixedIcons: Record<string, IconName> = {
  admin_login: 'login',
  admin_logout: 'logout',
  password_changed: 'key',
  admin_created: 'user-plus',
  admin_updated: 'user',
  admin_activated: 'user-check',
  admin_deactivated: 'user-x',
  admin_deleted: 'trash',
  admin_lockout_lifted: 'unlock',
  staff_ministry_linked: 'user',
  staff_ministry_unlinked: 'user',
  staff_department_linked: 'user',
  staff_department_unlinked: 'user',
  donation_reassigned: 'edit',
  settings_updated: 'settings',
  backup_created: 'archive',
  system_maintenance: 'tool',
};

const verbIcons: Record<string, IconName> = {
  created: 'plus',
  recorded: 'plus',
  updated: 'edit',
  deleted: 'trash',
  removed: 'trash',
  approved: 'check',
  rejected: 'cross',
};

/** The icon drawn beside an action (its category gives the colour). */
export function actionIcon(action: string): IconName {
  const fixed = fixedIcons[action];
  if (fixed) return fixed;
  const change = splitChange(action);
  return (change && verbIcons[change.verb]) ?? 'dot';
}

// ---- entries ---------------------------------------------------------------------------------

/** A log line as the screen reads it: the row with its admin embedded (§3). */
export interface LogEntry {
  id: string;
  admin_id: string | null;
  action: string;
  details: unknown;
  ip_address: string | null;
  user_agent: string | null;
  created_at: string;
  admin: { full_name: string | null; email: string | null } | null;
}

/** Who did it: the admin's name (or e-mail); 'System' for the server's own work (no admin). */
export function actorName(entry: Pick<LogEntry, 'admin_id' | 'admin'>): string {
  if (entry.admin_id === null) return 'System';
  const name = entry.admin?.full_name?.trim();
  if (name) return name;
  const email = entry.admin?.email?.trim();
  if (email) return email;
  return 'Unknown account';
}

type Details = Record<string, unknown>;

function detailsObject(details: unknown): Details {
  return details !== null && typeof details === 'object' && !Array.isArray(details) ? (details as Details) : {};
}

function text(details: Details, key: string): string | null {
  const value = details[key];
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (typeof value === 'number') return String(value);
  return null;
}

function names(details: Details, key: string): string[] {
  const value = details[key];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v !== '') : [];
}

function amountOf(details: Details): number | null {
  const value = details.amount;
  const amount = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(amount) ? amount : null;
}

const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];

/** 13008896 → '12.4 MB' (binary multiples, one decimal above bytes). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : 1;
  return `${new Intl.NumberFormat('en-KE', { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(value)} ${units[unit] ?? ''}`;
}

const quoted = (value: string | null) => (value ? ` "${value}"` : '');

/** What the object of a content change is called, for its summary. */
function objectName(entity: string, details: Details): string {
  switch (entity) {
    case 'attendance': {
      const day = text(details, 'attendance_date');
      return day ? ` for ${formatDayText(day)}` : '';
    }
    case 'donation': {
      const amount = amountOf(details);
      const type = text(details, 'giving_type');
      return `${amount === null ? '' : ` of ${formatKes(amount)}`}${type ? ` (${givingTypeLabel(type)})` : ''}`;
    }
    case 'budget': {
      const category = text(details, 'category');
      return quoted(category ? humanise(category) : null);
    }
    case 'expense': {
      const amount = amountOf(details);
      return `${quoted(text(details, 'description'))}${amount === null ? '' : ` (${formatKes(amount)})`}`;
    }
    case 'leader':
      return quoted(text(details, 'name'));
    case 'member':
      return quoted(text(details, 'full_name') ?? text(details, 'name'));
    default:
      return quoted(text(details, 'title') ?? text(details, 'name'));
  }
}

function accountSummary(action: string, details: Details): string {
  const who = text(details, 'email');
  const account = who ? `Admin account ${who}` : 'An admin account';
  switch (action) {
    case 'admin_created': {
      const role = text(details, 'role');
      return `${account} created${role ? ` (${roleLabel(role)})` : ''}`;
    }
    case 'admin_updated': {
      const parts: string[] = [];
      const role = text(details, 'role');
      if (role) parts.push(`role ${roleLabel(role)}`);
      if (details.permissions_changed === true) parts.push('permissions');
      if (details.password_changed === true) parts.push('password reset');
      return `${account} updated${parts.length ? ` (${parts.join(', ')})` : ''}`;
    }
    case 'admin_activated':
      return `${account} activated`;
    case 'admin_deactivated':
      return `${account} deactivated`;
    case 'admin_deleted':
      return `${account} deleted`;
    case 'admin_lockout_lifted':
      return `Sign-in lockout lifted for ${who ?? 'an admin account'}`;
    default:
      return actionLabel(action);
  }
}

/**
 * One readable line from an entry's details: 'Sermon "Grace" updated (title, speaker)',
 * 'Settings updated: church_name, session_timeout_minutes', 'Admin account x created (Content
 * Admin)'. Whatever is missing is left out; the details dialog shows everything.
 */
export function summaryOf(entry: Pick<LogEntry, 'action' | 'details'>): string {
  const details = detailsObject(entry.details);
  const { action } = entry;
  switch (action) {
    case 'admin_login':
      return 'Signed in';
    case 'admin_logout':
      return 'Signed out';
    case 'password_changed': {
      const who = text(details, 'email');
      return who ? `Password changed for ${who}` : 'Password changed';
    }
    case 'settings_updated': {
      const keys = names(details, 'keys');
      return keys.length ? `Settings updated: ${keys.join(', ')}` : 'Settings updated';
    }
    case 'backup_created': {
      const what = text(details, 'file') ?? text(details, 'name') ?? text(details, 'path');
      const size = typeof details.size_bytes === 'number' ? formatBytes(details.size_bytes) : null;
      const about = [text(details, 'kind'), text(details, 'frequency'), size].filter((part) => part !== null);
      return `Backup created${what ? `: ${what}` : ''}${about.length ? ` (${about.join(', ')})` : ''}`;
    }
    case 'system_maintenance': {
      const what = text(details, 'task') ?? text(details, 'job') ?? text(details, 'description') ?? text(details, 'message');
      return what ? `System maintenance: ${what}` : 'System maintenance';
    }
  }
  if (action.startsWith('admin_')) return accountSummary(action, details);
  const change = splitChange(action);
  if (!change) return actionLabel(action);
  const entity = entityNames[change.entity] ?? humanise(change.entity);
  const changed = names(details, 'changed');
  const fields = change.verb === 'updated' && changed.length ? ` (${changed.join(', ')})` : '';
  return `${entity}${objectName(change.entity, details)} ${verbs[change.verb] ?? change.verb}${fields}`;
}

// ---- the details, readably -------------------------------------------------------------------

const detailLabels: Record<string, string> = {
  id: 'Record id',
  user_id: 'Account id',
  email: 'E-mail',
  role: 'Role',
  title: 'Title',
  name: 'Name',
  full_name: 'Name',
  description: 'Description',
  category: 'Category',
  attendance_date: 'Date',
  giving_type: 'Giving type',
  amount: 'Amount',
  changed: 'Changed fields',
  keys: 'Changed settings',
  published: 'Published',
  verified: 'Verified',
  permissions_changed: 'Permissions changed',
  password_changed: 'Password changed',
  method: 'Sign-in method',
  scope: 'Sessions signed out',
  sessions_ended: 'Sessions ended',
  was_locked: 'Was locked',
  size_bytes: 'Size',
  kind: 'Kind',
  frequency: 'Frequency',
  task: 'Task',
};

export interface DetailItem {
  key: string;
  label: string;
  value: string;
  /** True when the value is JSON (an object or a list of objects), shown preformatted. */
  json: boolean;
}

function valueText(key: string, value: unknown): { value: string; json: boolean } {
  if (value === null || value === undefined) return { value: '—', json: false };
  if (typeof value === 'boolean') return { value: value ? 'Yes' : 'No', json: false };
  if (key === 'amount' && (typeof value === 'number' || (typeof value === 'string' && Number.isFinite(Number(value))))) {
    return { value: formatKes(Number(value)), json: false };
  }
  if (key === 'size_bytes' && typeof value === 'number') {
    return { value: `${formatBytes(value)} (${new Intl.NumberFormat('en-KE').format(value)} bytes)`, json: false };
  }
  if (key === 'role' && typeof value === 'string') return { value: roleLabel(value), json: false };
  if (key === 'giving_type' && typeof value === 'string') return { value: givingTypeLabel(value), json: false };
  if (typeof value === 'string') return { value: value === '' ? '—' : value, json: false };
  if (typeof value === 'number') return { value: String(value), json: false };
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')) {
    return { value: value.length ? value.map(String).join(', ') : 'None', json: false };
  }
  return { value: JSON.stringify(value, null, 2), json: true };
}

/** The details object as label/value pairs, in the order the server wrote them. */
export function detailItems(details: unknown): DetailItem[] {
  return Object.entries(detailsObject(details)).map(([key, raw]) => ({
    key,
    label: detailLabels[key] ?? humanise(key),
    ...valueText(key, raw),
  }));
}

/** The details as the server stored them, for the dialog's JSON view; null when there are none. */
export function detailsJson(details: unknown): string | null {
  if (details === null || details === undefined) return null;
  if (typeof details === 'object' && !Array.isArray(details) && Object.keys(details).length === 0) return null;
  return JSON.stringify(details, null, 2);
}

// ---- dates in the church's time --------------------------------------------------------------

/** Nairobi keeps East Africa Time all year (no daylight saving). */
export const CHURCH_OFFSET = '+03:00';

/** §9: the default range is the last 7 days, today included. */
export const DEFAULT_DAYS = 7;

export interface DateRange {
  /** YYYY-MM-DD, the first day (Nairobi). */
  from: string;
  /** YYYY-MM-DD, the last day (Nairobi), included. */
  to: string;
}



/** The day `days` after (or before, when negative) `day`. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The last 7 days ending today (Nairobi), both ends included. */
export function defaultRange(today: string): DateRange {
  return { from: addDays(today, -(DEFAULT_DAYS - 1)), to: today };
}

/**
 * §7.6: created_at between the first day at 00:00:00 and the last day at 23:59:59 in Nairobi,
 * as timestamps with the church's offset (the last second is taken whole, to the microsecond
 * PostgreSQL keeps).
 */
export function rangeBounds({ from, to }: DateRange): { start: string; end: string } {
  return { start: `${from}T00:00:00${CHURCH_OFFSET}`, end: `${to}T23:59:59.999999${CHURCH_OFFSET}` };
}

/** The range from the address (`?from=&to=`), the default when it is missing or not a range. */
export function rangeFrom(from: string | null, to: string | null, today: string): DateRange {
  if (from !== null && to !== null && rangeProblem(from, to) === undefined) return { from, to };
  return defaultRange(today);
}

/** 'YYYY-MM-DD' → '22 Nov 2026'. */
export function formatDayText(day: string): string {
  if (!isDay(day)) return day;
  return new Intl.DateTimeFormat('en-KE', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** '19 Nov 2026 to 25 Nov 2026', or one day. */
export function rangeText({ from, to }: DateRange): string {
  return from === to ? formatDayText(from) : `${formatDayText(from)} to ${formatDayText(to)}`;
}

/** The Nairobi day (YYYY-MM-DD) of a moment. */
export function churchDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-CA', { timeZone: CHURCH_TIME_ZONE }).format(date);
}

/** '14:05' in Nairobi. */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: CHURCH_TIME_ZONE }).format(date);
}

/** '25 Nov 2026, 14:05:09' in Nairobi (the details dialog). */
export function formatMoment(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const day = new Intl.DateTimeFormat('en-KE', { day: 'numeric', month: 'short', year: 'numeric', timeZone: CHURCH_TIME_ZONE }).format(date);
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZone: CHURCH_TIME_ZONE,
  }).format(date);
  return `${day}, ${time}`;
}

/** A moment for a summary card: 'Today, 14:05', 'Yesterday, 09:30', '20 Nov 2026, 16:00'. */
export function shortMoment(iso: string, today: string): string {
  const day = churchDay(iso);
  if (!day) return iso;
  const name = day === today ? 'Today' : day === addDays(today, -1) ? 'Yesterday' : formatDayText(day);
  return `${name}, ${formatTime(iso)}`;
}

/** A timeline day's heading: 'Today', 'Yesterday', or 'Monday, 23 Nov 2026'. */
export function dayHeading(day: string, today: string): string {
  if (day === today) return 'Today';
  if (day === addDays(today, -1)) return 'Yesterday';
  if (!isDay(day)) return day;
  const date = new Date(`${day}T00:00:00Z`);
  const weekday = new Intl.DateTimeFormat('en-KE', { weekday: 'long', timeZone: 'UTC' }).format(date);
  return `${weekday}, ${formatDayText(day)}`;
}

/** The timeline's entries (newest first) grouped by their Nairobi day, in the same order. */
export function groupByDay<T extends Pick<LogEntry, 'created_at'>>(entries: readonly T[]): { day: string; entries: T[] }[] {
  const groups: { day: string; entries: T[] }[] = [];
  for (const entry of entries) {
    const day = churchDay(entry.created_at);
    const last = groups[groups.length - 1];
    if (last?.day === day) last.entries.push(entry);
    else groups.push({ day, entries: [entry] });
  }
  return groups;
}

// ---- counts and problems ---------------------------------------------------------------------

const counts = new Intl.NumberFormat('en-KE');

/** '1 entry', '1,204 entries'. */
export function entriesText(count: number): string {
  return `${counts.format(count)} ${count === 1 ? 'entry' : 'entries'}`;
}

export function formatCount(count: number): string {
  return counts.format(count);
}

/** The second line of a failed read: no connection, or why the server refused. */
export function problemText(error: unknown): string | undefined {
  if (error instanceof KanisaError) {
    if (error.status === 0) return error.message;
    if (error.status === 401 || error.status === 403) {
      return 'Your account may not read the activity log (Super Admin with view_audit_logs). Ask a Super Admin if it should.';
    }
    return error.message || undefined;
  }
  if (error instanceof Error && error.message) return error.message;
  return undefined;
}
