import type { AccessUser } from '../lib/access';

/**
 * The server's answer (`app_metadata`: role, rank, effective permissions) for each role's
 * default permissions, as a dev server gives it for the e2e test accounts (migration 0006).
 */
export const serverAnswers = {
  SUPER_ADMIN: {
    role: 'SUPER_ADMIN',
    rank: 6,
    permissions: [
      'manage_admins', 'manage_announcements', 'manage_attendance', 'manage_budget', 'manage_communications',
      'manage_content', 'manage_donations', 'manage_events', 'manage_finances', 'manage_members',
      'manage_prayer_requests', 'manage_sermons', 'manage_users', 'send_communications', 'send_emails', 'send_sms',
      'system_settings', 'view_audit_logs', 'view_financial_reports', 'view_member_details', 'view_member_reports',
      'view_private_prayer_requests', 'view_reports',
    ],
  },
  ADMIN: {
    role: 'ADMIN',
    rank: 5,
    permissions: [
      'manage_announcements', 'manage_attendance', 'manage_budget', 'manage_communications', 'manage_content',
      'manage_donations', 'manage_events', 'manage_finances', 'manage_members', 'manage_prayer_requests',
      'manage_sermons', 'manage_users', 'send_communications', 'send_emails', 'send_sms', 'view_audit_logs',
      'view_financial_reports', 'view_member_details', 'view_member_reports', 'view_reports',
    ],
  },
  CONTENT_ADMIN: {
    role: 'CONTENT_ADMIN',
    rank: 4,
    permissions: ['manage_announcements', 'manage_content', 'manage_events', 'manage_sermons', 'view_member_details'],
  },
  FINANCE_ADMIN: {
    role: 'FINANCE_ADMIN',
    rank: 4,
    permissions: ['manage_budget', 'manage_donations', 'manage_finances', 'view_financial_reports', 'view_member_details'],
  },
  MEMBER_ADMIN: {
    role: 'MEMBER_ADMIN',
    rank: 4,
    permissions: [
      'manage_attendance', 'manage_communications', 'manage_members', 'send_communications', 'send_emails', 'send_sms',
      'view_member_details',
    ],
  },
  // Ranks inherit defaults (migration 0011): rank 3 holds at least ELDER's.
  MINISTRY_LEADER: {
    role: 'MINISTRY_LEADER',
    rank: 3,
    permissions: ['manage_prayer_requests', 'send_communications', 'view_member_details'],
  },
  DEPARTMENT_HEAD: {
    role: 'DEPARTMENT_HEAD',
    rank: 3,
    permissions: ['manage_prayer_requests', 'send_communications', 'view_member_details'],
  },
  ELDER: {
    role: 'ELDER',
    rank: 2,
    permissions: ['manage_prayer_requests', 'send_communications', 'view_member_details'],
  },
  MEMBER: { role: 'MEMBER', rank: 1, permissions: [] },
} satisfies Record<string, AccessUser>;
