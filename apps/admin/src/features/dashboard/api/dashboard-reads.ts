import { useTable } from '@kanisa/client/react';

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

/** Verified giving, every record's amount and date (summed all-time and this month); demo-mode gifts are never counted. */
export function useVerifiedGiving(enabled: boolean) {
  return useTable('giving_records', (q) => q.select('amount, giving_date').eq('is_verified', true).eq('is_simulated', false), {
    enabled,
  });
}

/** This year's budgets (allocated amounts). */
export function useBudgetsOfYear(year: number, enabled: boolean) {
  return useTable('budgets', (q) => q.select('allocated_amount').eq('year', year), { enabled });
}

/** Approved expenses since the start of the year. */
export function useApprovedExpensesSince(firstDay: string, enabled: boolean) {
  return useTable('expenses', (q) => q.select('amount').eq('is_approved', true).gte('expense_date', firstDay), { enabled });
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
