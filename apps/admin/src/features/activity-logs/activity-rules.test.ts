import { KanisaError } from '@kanisa/client';
import { describe, expect, it } from 'vitest';
import {
  actionIcon,
  actionLabel,
  actionsOf,
  actorName,
  addDays,
  categories,
  categoryFrom,
  categoryLabel,
  categoryOf,
  categoryOptions,
  dayHeading,
  defaultRange,
  detailItems,
  detailsJson,
  entriesText,
  formatBytes,
  formatMoment,
  formatTime,
  groupByDay,
  problemText,
  rangeBounds,
  rangeFrom,
  rangeText,
  shortMoment,
  summaryOf,
} from './activity-rules';

/** Money is written with a no-break space after 'Ksh'. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('the category of an action (§9)', () => {
  it.each([
    ['admin_login', 'authentication'],
    ['admin_logout', 'authentication'],
    ['password_changed', 'authentication'],
    ['admin_created', 'admin_management'],
    ['admin_updated', 'admin_management'],
    ['admin_activated', 'admin_management'],
    ['admin_deactivated', 'admin_management'],
    ['admin_deleted', 'admin_management'],
    ['admin_lockout_lifted', 'admin_management'],
    ['sermon_created', 'content'],
    ['event_updated', 'content'],
    ['announcement_deleted', 'content'],
    ['leader_updated', 'content'],
    ['leader_removed', 'content'],
    ['member_created', 'members'],
    ['attendance_updated', 'members'],
    ['prayer_request_deleted', 'members'],
    ['donation_created', 'financial'],
    ['budget_created', 'financial'],
    ['budget_updated', 'financial'],
    ['expense_recorded', 'financial'],
    ['expense_approved', 'financial'],
    ['expense_rejected', 'financial'],
    ['settings_updated', 'system'],
    ['backup_created', 'system'],
    ['system_maintenance', 'system'],
  ])('%s → %s', (action, category) => {
    expect(categoryOf(action)).toBe(category);
  });

  it('puts an action it does not know under Other, reachable under All only', () => {
    expect(categoryOf('report_exported')).toBe('other');
    expect(categoryOf('')).toBe('other');
    expect(categoryLabel('other')).toBe('Other');
    expect(categories.flatMap((c) => c.actions)).not.toContain('report_exported');
  });

  it('lists every action of §9 under exactly one category', () => {
    const spec = [
      'admin_login', 'admin_logout', 'password_changed', 'admin_created', 'admin_updated', 'admin_activated', 'admin_deactivated',
      'sermon_created', 'sermon_updated', 'sermon_deleted', 'event_created', 'event_updated', 'event_deleted',
      'announcement_created', 'announcement_updated', 'announcement_deleted', 'member_created', 'member_updated', 'member_deleted',
      'donation_created', 'donation_updated', 'donation_deleted', 'budget_created', 'budget_updated', 'expense_recorded',
      'settings_updated', 'backup_created', 'system_maintenance',
    ];
    const all = categories.flatMap((c) => c.actions);
    for (const action of spec) expect(all.filter((a) => a === action)).toHaveLength(1);
    expect(new Set(all).size).toBe(all.length);
  });

  it('offers All and the six categories in the order of §9', () => {
    expect(categoryOptions.map((o) => o.label)).toEqual([
      'All', 'Authentication', 'Admin Management', 'Content', 'Members', 'Financial', 'System',
    ]);
  });

  it('asks the server for the actions of the chosen category, and for every action under All', () => {
    expect(actionsOf('all')).toBeNull();
    expect(actionsOf('authentication')).toEqual(['admin_login', 'admin_logout', 'password_changed']);
    expect(actionsOf('system')).toEqual(['settings_updated', 'backup_created', 'system_maintenance']);
    for (const category of categories) {
      for (const action of actionsOf(category.id) ?? []) expect(categoryOf(action)).toBe(category.id);
    }
  });

  it('reads the category of the address, All when it is missing or unknown', () => {
    expect(categoryFrom('financial')).toBe('financial');
    expect(categoryFrom(null)).toBe('all');
    expect(categoryFrom('everything')).toBe('all');
  });
});

describe('labels and icons', () => {
  it.each([
    ['admin_login', 'Signed in', 'login'],
    ['admin_logout', 'Signed out', 'logout'],
    ['password_changed', 'Password changed', 'key'],
    ['admin_created', 'Admin created', 'user-plus'],
    ['admin_deactivated', 'Admin deactivated', 'user-x'],
    ['sermon_created', 'Sermon created', 'plus'],
    ['prayer_request_updated', 'Prayer request updated', 'edit'],
    ['donation_deleted', 'Donation deleted', 'trash'],
    ['donation_reassigned', 'Donation re-assigned', 'edit'],
    ['leader_removed', 'Leader removed', 'trash'],
    ['expense_recorded', 'Expense recorded', 'plus'],
    ['expense_approved', 'Expense approved', 'check'],
    ['expense_rejected', 'Expense rejected', 'cross'],
    ['settings_updated', 'Settings updated', 'settings'],
    ['backup_created', 'Backup created', 'archive'],
    ['system_maintenance', 'System maintenance', 'tool'],
    ['report_exported', 'Report exported', 'dot'],
  ])('%s is "%s" with the %s icon', (action, label, icon) => {
    expect(actionLabel(action)).toBe(label);
    expect(actionIcon(action)).toBe(icon);
  });
});

describe('who acted', () => {
  it("names the admin, falls back to the e-mail, and says 'System' when no admin is recorded", () => {
    expect(actorName({ admin_id: 'u1', admin: { full_name: 'Sarah Super', email: 'super@x.org' } })).toBe('Sarah Super');
    expect(actorName({ admin_id: 'u1', admin: { full_name: ' ', email: 'super@x.org' } })).toBe('super@x.org');
    expect(actorName({ admin_id: null, admin: null })).toBe('System');
    expect(actorName({ admin_id: 'u1', admin: null })).toBe('Unknown account');
  });
});

describe('the one-line summary of an entry', () => {
  it.each([
    ['sermon_updated', { id: 's1', title: 'Grace', changed: ['speaker', 'title'] }, 'Sermon "Grace" updated (speaker, title)'],
    ['sermon_created', { id: 's1', title: 'Grace' }, 'Sermon "Grace" created'],
    ['event_deleted', { id: 'e1', title: 'Camp' }, 'Event "Camp" deleted'],
    ['announcement_updated', { id: 'a1', title: 'Notice', changed: ['is_published'], published: true }, 'Announcement "Notice" updated (is_published)'],
    ['leader_removed', { id: 'l1', name: 'Pr. Otieno', changed: ['is_active'] }, 'Leader "Pr. Otieno" removed'],
    ['member_created', { id: 'm1', full_name: 'Mary Wanjiru' }, 'Member "Mary Wanjiru" created'],
    ['attendance_updated', { id: 'x', attendance_date: '2026-11-21', changed: ['divine_adults_count'] }, 'Attendance for 21 Nov 2026 updated (divine_adults_count)'],
    ['prayer_request_updated', { id: 'p', title: 'Healing', changed: ['status'] }, 'Prayer request "Healing" updated (status)'],
    ['donation_created', { id: 'g', giving_type: 'tithe', amount: 1500 }, 'Donation of Ksh 1,500 (Tithes) created'],
    ['donation_updated', { id: 'g', giving_type: 'offering', amount: '250.50', changed: ['is_verified'], verified: true }, 'Donation of Ksh 250.50 (Offerings) updated (is_verified)'],
    ['budget_created', { id: 'b', category: 'youth_ministry' }, 'Budget "Youth ministry" created'],
    ['expense_recorded', { id: 'e', description: 'Sound system', amount: 5000 }, 'Expense "Sound system" (Ksh 5,000) recorded'],
    ['expense_approved', { id: 'e', description: 'Sound system', amount: 5000, changed: ['status'] }, 'Expense "Sound system" (Ksh 5,000) approved'],
    ['settings_updated', { keys: ['church_name', 'session_timeout_minutes'] }, 'Settings updated: church_name, session_timeout_minutes'],
    ['settings_updated', { tab: 'security' }, 'Settings updated'],
    ['admin_login', { method: 'password' }, 'Signed in'],
    ['admin_logout', { scope: 'local', sessions_ended: 1 }, 'Signed out'],
    ['password_changed', {}, 'Password changed'],
    ['password_changed', { email: 'cc@x.org', password_changed: true }, 'Password changed for cc@x.org'],
    ['admin_created', { user_id: 'u', email: 'cc@x.org', role: 'CONTENT_ADMIN' }, 'Admin account cc@x.org created (Content Admin)'],
    ['admin_updated', { email: 'cc@x.org', role: 'FINANCE_ADMIN', permissions_changed: true, password_changed: false }, 'Admin account cc@x.org updated (role Finance Admin, permissions)'],
    ['admin_updated', { email: 'cc@x.org', role: null, permissions_changed: false, password_changed: false }, 'Admin account cc@x.org updated'],
    ['admin_activated', { email: 'cc@x.org' }, 'Admin account cc@x.org activated'],
    ['admin_deactivated', { email: 'cc@x.org' }, 'Admin account cc@x.org deactivated'],
    ['admin_lockout_lifted', { email: 'cc@x.org', was_locked: true }, 'Sign-in lockout lifted for cc@x.org'],
    ['backup_created', { file: 'kanisa-2026-11-25.dump' }, 'Backup created: kanisa-2026-11-25.dump'],
    ['backup_created', { kind: 'scheduled', frequency: 'daily', size_bytes: 13008896 }, 'Backup created (scheduled, daily, 12.4 MB)'],
    ['backup_created', {}, 'Backup created'],
    ['system_maintenance', { task: 'payment reconciliation', rows_checked: 1 }, 'System maintenance: payment reconciliation'],
    ['system_maintenance', {}, 'System maintenance'],
    ['report_exported', { id: 1 }, 'Report exported'],
  ])('%s %j → %s', (action, details, summary) => {
    expect(plain(summaryOf({ action, details }))).toBe(summary);
  });

  it('leaves out what the details lack, and survives details that are not an object', () => {
    expect(summaryOf({ action: 'sermon_updated', details: {} })).toBe('Sermon updated');
    expect(summaryOf({ action: 'sermon_updated', details: null })).toBe('Sermon updated');
    expect(summaryOf({ action: 'donation_deleted', details: ['x'] })).toBe('Donation deleted');
    expect(summaryOf({ action: 'admin_created', details: 'x' })).toBe('An admin account created');
  });
});

describe('the details, readably', () => {
  it('labels the known keys and writes values for a reader, in the stored order', () => {
    const items = detailItems({
      id: 'g1',
      giving_type: 'tithe',
      amount: 1500,
      changed: ['amount', 'is_verified'],
      verified: true,
      role: 'CONTENT_ADMIN',
      note: null,
      extra_field: 'x',
    });
    expect(items.map((i) => [i.label, plain(i.value)])).toEqual([
      ['Record id', 'g1'],
      ['Giving type', 'Tithes'],
      ['Amount', 'Ksh 1,500'],
      ['Changed fields', 'amount, is_verified'],
      ['Verified', 'Yes'],
      ['Role', 'Content Admin'],
      ['Note', '—'],
      ['Extra field', 'x'],
    ]);
    expect(items.every((i) => !i.json)).toBe(true);
  });

  it('writes a backup size in bytes readably', () => {
    expect(detailItems({ size_bytes: 13008896 })[0]?.value).toBe('12.4 MB (13,008,896 bytes)');
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.0 GB');
  });

  it('shows nested objects as JSON', () => {
    const [item] = detailItems({ before: { a: 1 } });
    expect(item).toEqual({ key: 'before', label: 'Before', value: '{\n  "a": 1\n}', json: true });
    expect(detailItems({ keys: [] })[0]?.value).toBe('None');
  });

  it('has nothing to list for empty or missing details', () => {
    expect(detailItems({})).toEqual([]);
    expect(detailItems(null)).toEqual([]);
    expect(detailsJson({})).toBeNull();
    expect(detailsJson(null)).toBeNull();
    expect(detailsJson({ keys: ['a'] })).toBe('{\n  "keys": [\n    "a"\n  ]\n}');
  });
});

describe('the date range in Nairobi time (§7.6, §9)', () => {
  it('defaults to the last 7 days, today included', () => {
    expect(defaultRange('2026-11-25')).toEqual({ from: '2026-11-19', to: '2026-11-25' });
    expect(defaultRange('2026-03-03')).toEqual({ from: '2026-02-25', to: '2026-03-03' });
    expect(defaultRange('2028-03-03')).toEqual({ from: '2028-02-26', to: '2028-03-03' });
    expect(defaultRange('2027-01-02')).toEqual({ from: '2026-12-27', to: '2027-01-02' });
  });

  it('runs from the first day 00:00:00 to the last day 23:59:59, with the church offset', () => {
    const { start, end } = rangeBounds({ from: '2026-11-19', to: '2026-11-25' });
    expect(start).toBe('2026-11-19T00:00:00+03:00');
    expect(end).toBe('2026-11-25T23:59:59.999999+03:00');
    expect(new Date(start).toISOString()).toBe('2026-11-18T21:00:00.000Z');
    expect(new Date(end).toISOString()).toBe('2026-11-25T20:59:59.999Z');
  });

  it('reads the range of the address, the default when it is missing or wrong', () => {
    expect(rangeFrom('2026-10-01', '2026-10-31', '2026-11-25')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(rangeFrom(null, null, '2026-11-25')).toEqual({ from: '2026-11-19', to: '2026-11-25' });
    expect(rangeFrom('2026-10-31', '2026-10-01', '2026-11-25')).toEqual({ from: '2026-11-19', to: '2026-11-25' });
    expect(rangeFrom('2026-10-01', null, '2026-11-25')).toEqual({ from: '2026-11-19', to: '2026-11-25' });
  });

  it('adds days across months and years', () => {    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('writes times in Nairobi, whatever the device zone', () => {
    // 21:30 UTC is 00:30 the next day in Nairobi.
    expect(formatTime('2026-11-24T21:30:00Z')).toBe('00:30');
    expect(formatMoment('2026-11-24T21:30:05.123Z')).toBe('25 Nov 2026, 00:30:05');
    expect(shortMoment('2026-11-24T21:30:00Z', '2026-11-25')).toBe('Today, 00:30');
    expect(shortMoment('2026-11-24T20:30:00Z', '2026-11-25')).toBe('Yesterday, 23:30');
    expect(shortMoment('2026-11-20T08:00:00Z', '2026-11-25')).toBe('20 Nov 2026, 11:00');
    expect(rangeText({ from: '2026-11-19', to: '2026-11-25' })).toBe('19 Nov 2026 to 25 Nov 2026');
    expect(rangeText({ from: '2026-11-25', to: '2026-11-25' })).toBe('25 Nov 2026');
  });

  it('groups the timeline by Nairobi day, newest first, and names the days', () => {
    const groups = groupByDay([
      { id: 'a', created_at: '2026-11-24T21:30:00Z' },
      { id: 'b', created_at: '2026-11-24T20:59:59Z' },
      { id: 'c', created_at: '2026-11-24T06:00:00Z' },
      { id: 'd', created_at: '2026-11-22T06:00:00Z' },
    ]);
    expect(groups.map((g) => [g.day, g.entries.map((e) => e.id)])).toEqual([
      ['2026-11-25', ['a']],
      ['2026-11-24', ['b', 'c']],
      ['2026-11-22', ['d']],
    ]);
    expect(dayHeading('2026-11-25', '2026-11-25')).toBe('Today');
    expect(dayHeading('2026-11-24', '2026-11-25')).toBe('Yesterday');
    expect(dayHeading('2026-11-22', '2026-11-25')).toBe('Sunday, 22 Nov 2026');
  });
});

describe('counts and problems', () => {
  it('counts entries', () => {
    expect(entriesText(1)).toBe('1 entry');
    expect(entriesText(1204)).toBe('1,204 entries');
  });

  it('explains a refusal and a lost connection', () => {
    expect(problemText(new KanisaError({ code: '42501', message: 'denied', status: 403 }))).toMatch(/view_audit_logs/);
    expect(problemText(new KanisaError({ code: 'NETWORK_ERROR', message: 'No connection to the server.', status: 0 }))).toBe('No connection to the server.');
    expect(problemText('x')).toBeUndefined();
  });
});
