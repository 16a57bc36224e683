/**
 * The permission vocabulary of the back office (back-office.md §6.3, spec README point 10) and
 * the words staff read for each permission: the Admin Users form's checkboxes and every refusal
 * ("Insufficient Permissions: Required permission Record attendance") use this one table, so a
 * permission key (`manage_attendance`) never reaches a screen.
 */

export interface PermissionChoice {
  value: string;
  label: string;
}

export interface PermissionGroup {
  id: 'system' | 'content' | 'members' | 'financial' | 'ministry' | 'communication' | 'reports';
  label: string;
  permissions: readonly PermissionChoice[];
}

/**
 * §6.3's vocabulary by group, in the database's grouping (kanisa.permissions, migration 0006).
 * The one vocabulary (spec README point 10) also holds the menu's communication names and the
 * Reports entry's two (§2.4), so Communication has four and a seventh group, Reports, follows.
 */
export const permissionGroups: readonly PermissionGroup[] = [
  {
    id: 'system',
    label: 'System',
    permissions: [
      { value: 'manage_users', label: 'Manage users' },
      { value: 'manage_admins', label: 'Manage admin users' },
      { value: 'view_audit_logs', label: 'View activity logs' },
      { value: 'system_settings', label: 'System settings' },
    ],
  },
  {
    id: 'content',
    label: 'Content',
    permissions: [
      { value: 'manage_content', label: 'Manage content and leaders' },
      { value: 'manage_sermons', label: 'Manage sermons' },
      { value: 'manage_events', label: 'Manage events' },
      { value: 'manage_announcements', label: 'Manage announcements' },
    ],
  },
  {
    id: 'members',
    label: 'Members',
    permissions: [
      { value: 'manage_members', label: 'Manage members' },
      { value: 'view_member_details', label: 'View member details' },
      { value: 'manage_attendance', label: 'Record attendance' },
    ],
  },
  {
    id: 'financial',
    label: 'Financial',
    permissions: [
      { value: 'manage_finances', label: 'Manage finances' },
      { value: 'view_financial_reports', label: 'View financial reports' },
      { value: 'manage_donations', label: 'Manage donations' },
      { value: 'manage_budget', label: 'Manage budget' },
    ],
  },
  {
    id: 'ministry',
    label: 'Ministry',
    permissions: [
      { value: 'manage_prayer_requests', label: 'Manage prayer requests' },
      { value: 'view_private_prayer_requests', label: 'Read private prayer requests (pastor and prayer team)' },
    ],
  },
  {
    id: 'communication',
    label: 'Communication',
    permissions: [
      { value: 'send_communications', label: 'Send communications' },
      { value: 'manage_communications', label: 'Manage communications' },
      { value: 'send_sms', label: 'Send text messages' },
      { value: 'send_emails', label: 'Send e-mails' },
    ],
  },
  {
    id: 'reports',
    label: 'Reports',
    permissions: [
      { value: 'view_reports', label: 'View reports' },
      { value: 'view_member_reports', label: 'View member reports' },
    ],
  },
];

/** The words for a permission: its label, or for a name outside the vocabulary the key in words. */
export function permissionLabel(permission: string): string {
  for (const group of permissionGroups) {
    const known = group.permissions.find((p) => p.value === permission);
    if (known) return known.label;
  }
  const words = permission.split('_').filter(Boolean).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Whether the vocabulary has words for this permission. */
export function hasPermissionLabel(permission: string): boolean {
  return permissionGroups.some((group) => group.permissions.some((p) => p.value === permission));
}

/**
 * The permission of the pastor and the prayer team (migration 0028): with it a holder of
 * manage_prayer_requests reads every prayer request; without it, every one but the private ones.
 */
export const PRAYER_TEAM_PERMISSION = 'view_private_prayer_requests';
