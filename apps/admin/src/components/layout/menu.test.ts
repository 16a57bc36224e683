import { describe, expect, it } from 'vitest';
import { menu, screens, type MenuEntry, type MenuGroup } from '../../config/navigation';
import { canAccess } from '../../lib/access';
import { serverAnswers } from '../../test/roles';
import { isGroupExpanded, isPathInside, visibleMenu } from './menu';

/** The menu as labels: links by name, groups as "Group: item, item". */
function labels(entries: MenuEntry[]): string[] {
  return entries.map((e) => (e.kind === 'link' ? e.label : `${e.label}: ${e.items.map((i) => i.label).join(', ')}`));
}

/**
 * §2.4 per role, with each role's default permissions as the server answers them. The same
 * table drives the browser test (apps/e2e/admin-access.test.mjs).
 */
const expectedMenus: Record<keyof typeof serverAnswers, string[]> = {
  SUPER_ADMIN: [
    'Dashboard',
    'Members',
    'Attendance',
    'Content: Sermons, Events, Announcements, Leaders, Site Content',
    'Prayer Requests',
    'Financial: Dashboard, Donations, Budget, Statements, Remittance',
    'Communication',
    'Reports',
    'System: Admin Users, Activity Logs, Settings',
  ],
  ADMIN: [
    'Dashboard',
    'Members',
    'Attendance',
    'Content: Sermons, Events, Announcements, Leaders, Site Content',
    'Prayer Requests',
    'Financial: Dashboard, Donations, Budget, Statements, Remittance',
    'Communication',
    'Reports',
  ],
  CONTENT_ADMIN: ['Dashboard', 'Members', 'Content: Sermons, Events, Announcements, Leaders, Site Content'],
  // Issue 32: Reports opens to view_financial_reports too (the Financial tab).
  FINANCE_ADMIN: ['Dashboard', 'Members', 'Financial: Dashboard, Donations, Budget, Statements, Remittance', 'Reports'],
  MEMBER_ADMIN: ['Dashboard', 'Members', 'Attendance', 'Communication'],
  MINISTRY_LEADER: ['Dashboard', 'Prayer Requests', 'Communication'],
  DEPARTMENT_HEAD: ['Dashboard', 'Prayer Requests', 'Communication'],
  ELDER: ['Dashboard', 'Prayer Requests', 'Communication'],
  MEMBER: ['Dashboard'],
};

describe('visibleMenu (§2.4)', () => {
  it.each(Object.keys(expectedMenus) as (keyof typeof serverAnswers)[])('%s', (role) => {
    expect(labels(visibleMenu(serverAnswers[role]))).toEqual(expectedMenus[role]);
  });

  it('shows nothing when nobody is signed in', () => {
    expect(visibleMenu(null)).toEqual([]);
  });

  it('uses the profile’s own list: an ADMIN without content permissions loses the Content group', () => {
    const admin = { role: 'ADMIN', rank: 5, permissions: ['manage_members', 'view_reports'] };
    expect(labels(visibleMenu(admin))).toEqual(['Dashboard', 'Members', 'Reports']);
  });

  it('shows the System screens only at SUPER_ADMIN rank, whatever permissions a lower role holds', () => {
    const admin = { ...serverAnswers.ADMIN, permissions: [...serverAnswers.SUPER_ADMIN.permissions] };
    expect(labels(visibleMenu(admin)).some((entry) => entry.startsWith('System'))).toBe(false);
  });

  it('keeps only the items of a group the user may open', () => {
    const user = { role: 'CONTENT_ADMIN', rank: 4, permissions: ['manage_sermons'] };
    expect(labels(visibleMenu(user))).toEqual(['Dashboard', 'Content: Sermons']);
  });

  it('hides a group below its level even with its permissions (ELDER with manage_sermons)', () => {
    const user = { role: 'ELDER', rank: 2, permissions: ['manage_sermons', 'manage_prayer_requests'] };
    expect(labels(visibleMenu(user))).toEqual(['Dashboard', 'Prayer Requests']);
  });

  it('never shows an entry whose route the guard would refuse', () => {
    for (const user of Object.values(serverAnswers)) {
      for (const entry of visibleMenu(user)) {
        for (const item of entry.kind === 'link' ? [entry] : entry.items) {
          const screen = Object.values(screens).find((s) => s.path === item.path);
          expect(screen && canAccess(user, screen.requirement), `${user.role} → ${item.path}`).toBe(true);
        }
      }
    }
  });
});

describe('group expansion', () => {
  const content = menu.find((e): e is MenuGroup => e.kind === 'group' && e.id === 'content')!;

  it('is open when the current path lies inside the group, closed otherwise', () => {
    expect(isGroupExpanded(content, '/sermons')).toBe(true);
    expect(isGroupExpanded(content, '/leaders')).toBe(true);
    expect(isGroupExpanded(content, '/dashboard')).toBe(false);
  });

  it('opens and closes on click', () => {
    expect(isGroupExpanded(content, '/dashboard', { open: true, at: '/dashboard' })).toBe(true);
    expect(isGroupExpanded(content, '/dashboard', { open: false, at: '/dashboard' })).toBe(false);
    expect(isGroupExpanded(content, '/sermons', { open: false, at: '/sermons' })).toBe(false);
  });

  it('opens again when the user arrives on a page inside it', () => {
    expect(isGroupExpanded(content, '/events', { open: false, at: '/sermons' })).toBe(true);
    expect(isGroupExpanded(content, '/members', { open: true, at: '/dashboard' })).toBe(true);
  });

  it('counts sub-paths as inside, and not mere prefixes', () => {
    expect(isPathInside('/attendance/2026-11-21', '/attendance')).toBe(true);
    expect(isPathInside('/attendance', '/attendance')).toBe(true);
    expect(isPathInside('/attendances', '/attendance')).toBe(false);
  });
});
