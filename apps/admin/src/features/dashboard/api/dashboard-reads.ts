import { useRpc, useTable } from '@kanisa/client/react';

/**
 * The dashboard's reads (§7.5), each a table read through `useTable`, so a write anywhere in the
 * back office (a new sermon, a verified donation) makes the matching figure stale. `enabled`
 * is false for a card the user may not see: nothing is asked for it.
 */

/** Members: the 5 newest (3 are shown) and, from the same answer, the total count. */
export function useRecentMembers(enabled: boolean) {
  return useTable(
    'members',
    (q) =>
      q
        .select('id, first_name, last_name, membership_number, created_at', { count: 'exact' })
        .order('created_at', { ascending: false })
        .limit(5),
    { enabled },
  );
}

/**
 * Active members (`count=exact`, HEAD): "Total members" means the active ones, as on Reports
 * (§2.18, §7.7: members where active), so the two screens agree (issue 32).
 */
export function useActiveMemberCount(enabled: boolean) {
  return useTable('members', (q) => q.select('*', { count: 'exact', head: true }).eq('is_active', true), { enabled });
}

/** Counts of sermons, events, announcements (`count=exact`, HEAD: no rows travel). */
export function useSermonCount(enabled: boolean) {
  return useTable('sermons', (q) => q.select('*', { count: 'exact', head: true }), { enabled });
}

export function useEventCount(enabled: boolean) {
  return useTable('events', (q) => q.select('*', { count: 'exact', head: true }), { enabled });
}

export function useAnnouncementCount(enabled: boolean) {
  return useTable('announcements', (q) => q.select('*', { count: 'exact', head: true }), { enabled });
}

/**
 * The money figures, from SQL aggregates (`get_finance_overview`): verified giving all time and
 * this month (demo gifts left out), this year's budgets and approved expenses — never summed in
 * the browser from rows the server caps at 1,000. `enabled` is false when the user may see
 * neither giving nor the budget.
 */
export function useFinanceOverview(enabled: boolean) {
  return useRpc('get_finance_overview', {}, { enabled, tables: ['giving_records', 'budgets', 'expenses'] });
}

/** Prayer requests: all, and those pending. */
export function usePrayerRequestCount(enabled: boolean) {
  return useTable('prayer_requests', (q) => q.select('*', { count: 'exact', head: true }), { enabled });
}

/**
 * §7.5 counts requests "with status pending"; the schema's statuses are open, in_progress,
 * answered and closed, so pending = open (nobody has taken it up yet).
 */
export function usePendingPrayerRequestCount(enabled: boolean) {
  return useTable('prayer_requests', (q) => q.select('*', { count: 'exact', head: true }).eq('status', 'open'), {
    enabled,
  });
}
