import type { Requirement } from '../lib/access';

/**
 * The back office's screens: the sidebar of §2.4 and the route requirements of §2.1 and §6.4,
 * in one table so a visible menu entry never leads to a refusal.
 *
 * Readings of the spec (the route guard and the menu share them):
 * - Level ADMIN is reached by every admin role, rank 4 and up (see `levelRanks`).
 * - Where §6.4 names a route's permission, it is the route's; where it names none (attendance,
 *   leaders, communication, reports), the §2.4 entry's list is used.
 * - Members: §2.4 lists manage_members or view_member_details, §6.4 manage_members only. The
 *   server lets view_member_details read members (policies/members.sql), so the route takes the
 *   menu's list: a reader sees the list; changes need manage_members (the server refuses the rest).
 * - Communication: §2.4 lists manage_communications, send_sms, send_emails; the one vocabulary
 *   (spec README point 10, §6.3) calls the elders' permission send_communications, so it is
 *   listed too (§6.1: ELDER adds the communication hub).
 * - System (Admin Users, Activity Logs, Settings): level SUPER_ADMIN plus the screen's permission.
 *   The server holds their data to the same rule (data follows the screen, policies/README.md),
 *   so this table is the rule, not just the menu.
 */
export const screens = {
  dashboard: { path: '/dashboard', label: 'Dashboard', requirement: { level: 'MEMBER' } },
  profile: { path: '/profile', label: 'Your Profile', requirement: { level: 'MEMBER' } },
  members: {
    path: '/members',
    label: 'Members',
    requirement: { level: 'ADMIN', anyOf: ['manage_members', 'view_member_details'] },
  },
  attendance: { path: '/attendance', label: 'Attendance', requirement: { level: 'ADMIN', anyOf: ['manage_attendance'] } },
  sermons: { path: '/sermons', label: 'Sermons', requirement: { level: 'ADMIN', anyOf: ['manage_sermons'] } },
  events: { path: '/events', label: 'Events', requirement: { level: 'ADMIN', anyOf: ['manage_events'] } },
  announcements: {
    path: '/announcements',
    label: 'Announcements',
    requirement: { level: 'ADMIN', anyOf: ['manage_announcements'] },
  },
  leaders: { path: '/leaders', label: 'Leaders', requirement: { level: 'ADMIN', anyOf: ['manage_content'] } },
  // /admin/content is named in §2.1 without a screen: the website's ministries, departments,
  // sermon series and daily verses, in English and Kiswahili (issue 32).
  content: { path: '/content', label: 'Site Content', requirement: { level: 'ADMIN', anyOf: ['manage_content'] } },
  prayerRequests: {
    path: '/prayer-requests',
    label: 'Prayer Requests',
    requirement: { level: 'ELDER', anyOf: ['manage_prayer_requests'] },
  },
  financial: {
    path: '/financial',
    label: 'Dashboard',
    requirement: { level: 'ADMIN', anyOf: ['view_financial_reports'] },
  },
  statements: {
    path: '/financial/statements',
    label: 'Statements',
    requirement: { level: 'ADMIN', anyOf: ['view_financial_reports'] },
  },
  remittance: {
    path: '/financial/remittance',
    label: 'Remittance',
    requirement: { level: 'ADMIN', anyOf: ['view_financial_reports'] },
  },
  donations: { path: '/donations', label: 'Donations', requirement: { level: 'ADMIN', anyOf: ['manage_donations'] } },
  budget: { path: '/budget', label: 'Budget', requirement: { level: 'ADMIN', anyOf: ['manage_budget'] } },
  communication: {
    path: '/communication',
    label: 'Communication',
    requirement: {
      level: 'ELDER',
      anyOf: ['manage_communications', 'send_communications', 'send_sms', 'send_emails'],
    },
  },
  reports: {
    path: '/reports',
    label: 'Reports',
    // §2.4: any of the three opens Reports; each tab then needs its own (report-rules.ts).
    requirement: { level: 'ADMIN', anyOf: ['view_reports', 'view_financial_reports', 'view_member_reports'] },
  },
  adminUsers: {
    path: '/admin-users',
    label: 'Admin Users',
    requirement: {
      level: 'SUPER_ADMIN',
      anyOf: ['manage_admins'],
      deniedNote: 'You need Super Admin privileges to access this page.',
    },
  },
  activityLogs: {
    path: '/activity-logs',
    label: 'Activity Logs',
    requirement: {
      level: 'SUPER_ADMIN',
      anyOf: ['view_audit_logs'],
      deniedNote: 'You need Super Admin privileges to view the activity logs.',
    },
  },
  settings: {
    path: '/settings',
    label: 'Settings',
    requirement: {
      level: 'SUPER_ADMIN',
      anyOf: ['system_settings'],
      deniedNote: 'You need Super Admin privileges to access the system settings.',
    },
  },
} as const satisfies Record<string, { path: string; label: string; requirement: Requirement }>;

export type ScreenId = keyof typeof screens;

export interface MenuLink {
  kind: 'link';
  id: string;
  label: string;
  path: string;
  requirement: Requirement;
}

export interface MenuGroup {
  kind: 'group';
  id: string;
  label: string;
  /** The group's own minimum level; each item adds its permission. */
  requirement: Requirement;
  items: MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

function link(id: ScreenId, label?: string): MenuLink {
  const screen = screens[id];
  return { kind: 'link', id, label: label ?? screen.label, path: screen.path, requirement: screen.requirement };
}

/** §2.4, in order. */
export const menu: readonly MenuEntry[] = [
  link('dashboard'),
  link('members'),
  link('attendance'),
  {
    kind: 'group',
    id: 'content',
    label: 'Content',
    requirement: { level: 'ADMIN' },
    items: [link('sermons'), link('events'), link('announcements'), link('leaders'), link('content')],
  },
  link('prayerRequests'),
  {
    kind: 'group',
    id: 'financial',
    label: 'Financial',
    requirement: { level: 'ADMIN' },
    items: [link('financial'), link('donations'), link('budget'), link('statements'), link('remittance')],
  },
  link('communication'),
  link('reports'),
  {
    kind: 'group',
    id: 'system',
    label: 'System',
    requirement: { level: 'SUPER_ADMIN' },
    items: [link('adminUsers'), link('activityLogs'), link('settings')],
  },
];
