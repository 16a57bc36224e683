import { screens } from '../../config/navigation';
import { canAccess, levelRanks, type AccessUser } from '../../lib/access';

/** §2.5: the dashboard's title, first rule that applies. */
export function dashboardTitle(user: AccessUser): string {
  const has = (permission: string) => user.permissions.includes(permission);
  if (user.role === 'SUPER_ADMIN') return 'Super Admin Dashboard';
  if (has('manage_finances') && has('manage_donations')) return 'Financial Management Dashboard';
  if (has('manage_sermons') && has('manage_events')) return 'Content Management Dashboard';
  if (has('manage_members')) return 'Member Management Dashboard';
  return 'Admin Dashboard';
}

const anyOf = (user: AccessUser, permissions: string[]) => permissions.some((p) => user.permissions.includes(p));

/**
 * §2.5: which cards (and lines of cards) show. Each needs a permission under which the server
 * lets the user read those rows (policies/README.md), so a card never shows a figure the
 * policies would silently narrow (e.g. only the published sermons).
 */
export function dashboardSections(user: AccessUser) {
  const content = {
    sermons: anyOf(user, ['manage_sermons', 'manage_content']),
    events: anyOf(user, ['manage_events', 'manage_content']),
    announcements: anyOf(user, ['manage_announcements', 'manage_content']),
  };
  const finances = {
    giving: anyOf(user, ['manage_donations', 'view_financial_reports']),
    budget: anyOf(user, ['manage_budget', 'view_financial_reports']),
  };
  return {
    members: anyOf(user, ['manage_members', 'view_member_details']),
    content: content.sermons || content.events || content.announcements ? content : null,
    finances: finances.giving || finances.budget ? finances : null,
    prayerRequests: anyOf(user, ['manage_prayer_requests']),
    // Deliveries that failed: for whoever reaches the Communication screen (its permissions are
    // the ones get_failed_deliveries answers to).
    failedDeliveries: canAccess(user, screens.communication.requirement),
    // The periodic tasks: the rule of get_scheduled_tasks (and of the backup status), a Super
    // Admin with system_settings.
    scheduledTasks: user.rank >= levelRanks.SUPER_ADMIN && user.permissions.includes('system_settings'),
    // Members' phone sign-in codes: the rule of get_sign_in_code_stats.
    signInCodes: anyOf(user, ['system_settings', 'view_audit_logs']),
  };
}

/** §2.5: Quick Actions (sermons, events, donations, members, admins), each only where the user may go. */
export function quickActions(user: AccessUser): { label: string; path: string }[] {
  return [
    { label: 'Manage Sermons', screen: screens.sermons },
    { label: 'Manage Events', screen: screens.events },
    { label: 'Record Donations', screen: screens.donations },
    { label: 'Manage Members', screen: screens.members },
    { label: 'Manage Admins', screen: screens.adminUsers },
  ]
    .filter(({ screen }) => canAccess(user, screen.requirement))
    .map(({ label, screen }) => ({ label, path: screen.path }));
}
