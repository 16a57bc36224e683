import type { KanisaClient } from '@kanisa/client';
import { useKanisa } from '@kanisa/client/react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { countedTables, dashboardKeys, financeTables, type Counted } from './dashboard-keys';

/**
 * The dashboard's reads (§7.5), each under its table's key (`dashboardKeys`), so a write anywhere
 * in the back office (a new sermon, a verified donation) makes the matching figure stale.
 * `enabled` is false for a card the user may not see: nothing is asked for it.
 */

export interface RecentMember {
  id: string;
  first_name: string;
  last_name: string;
  membership_number: string | null;
  created_at: string;
}

export interface RecentMembers {
  /** The 5 newest (3 are shown). */
  members: RecentMember[];
  /** All members on the register (§7.5 "total count"), from the same answer. */
  total: number;
}

export async function getRecentMembers(client: KanisaClient, signal?: AbortSignal): Promise<RecentMembers> {
  let request = client
    .from('members')
    .select('id, first_name, last_name, membership_number, created_at', { count: 'exact' })
    .order('created_at', { ascending: false })
    .limit(5);
  if (signal) request = request.abortSignal(signal);
  const { data, error, count } = await request;
  if (error) throw error;
  return { members: data, total: count ?? 0 };
}

export const recentMembersQuery = (client: KanisaClient) =>
  queryOptions({ queryKey: dashboardKeys.recentMembers(), queryFn: ({ signal }) => getRecentMembers(client, signal) });

/** Members: the 5 newest and all members on the register. */
export function useRecentMembers(enabled: boolean) {
  return useQuery({ ...recentMembersQuery(useKanisa()), enabled });
}

/**
 * A count with no rows. Active members as Reports count them (§2.18, §7.7: members where active;
 * the inactive ones are the register less these, issue 41, lib/member-figures.ts). §7.5 counts
 * prayer requests "with status pending"; the schema's statuses are open, in_progress, answered
 * and closed, so pending = open (nobody has taken it up yet).
 */
function countRequest(client: KanisaClient, what: Counted) {
  const head = { count: 'exact', head: true } as const;
  switch (what) {
    case 'active-members':
      return client.from('members').select('*', head).eq('is_active', true);
    case 'open-prayer-requests':
      return client.from('prayer_requests').select('*', head).eq('status', 'open');
    default:
      return client.from(countedTables[what]).select('*', head);
  }
}

export async function countRows(client: KanisaClient, what: Counted, signal?: AbortSignal): Promise<number> {
  const request = countRequest(client, what);
  const { error, count } = await (signal ? request.abortSignal(signal) : request);
  if (error) throw error;
  return count ?? 0;
}

export const countQuery = (client: KanisaClient, what: Counted) =>
  queryOptions({ queryKey: dashboardKeys.count(what), queryFn: ({ signal }) => countRows(client, what, signal) });

function useCount(what: Counted, enabled: boolean) {
  return useQuery({ ...countQuery(useKanisa(), what), enabled });
}

export const useActiveMemberCount = (enabled: boolean) => useCount('active-members', enabled);
export const useSermonCount = (enabled: boolean) => useCount('sermons', enabled);
export const useEventCount = (enabled: boolean) => useCount('events', enabled);
export const useAnnouncementCount = (enabled: boolean) => useCount('announcements', enabled);
/** Prayer requests: all, and those pending. */
export const usePrayerRequestCount = (enabled: boolean) => useCount('prayer-requests', enabled);
export const usePendingPrayerRequestCount = (enabled: boolean) => useCount('open-prayer-requests', enabled);

export interface FinanceOverview {
  allocated_this_year: number;
  anonymous_this_year: number;
  gifts_this_month: number;
  giving_all_time: number;
  giving_this_month: number;
  giving_this_year: number;
  spent_this_year: number;
}

/**
 * The money figures, from SQL aggregates (`get_finance_overview`): verified giving all time and
 * this month (demo gifts left out), this year's budgets and approved expenses — never summed in
 * the browser from rows the server caps at 1,000. Null when the server answers no row.
 */
export async function getFinanceOverview(client: KanisaClient, signal?: AbortSignal): Promise<FinanceOverview | null> {
  let request = client.rpc('get_finance_overview', {});
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return data[0] ?? null;
}

export const financeOverviewQuery = (client: KanisaClient) =>
  queryOptions({
    queryKey: dashboardKeys.financeOverview(),
    queryFn: ({ signal }) => getFinanceOverview(client, signal),
    meta: { tables: financeTables },
  });

/** `enabled` is false when the user may see neither giving nor the budget. */
export function useFinanceOverview(enabled: boolean) {
  return useQuery({ ...financeOverviewQuery(useKanisa()), enabled });
}
