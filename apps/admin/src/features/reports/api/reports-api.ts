import type { KanisaClient } from '@kanisa/client';
import { useKanisa } from '@kanisa/client/react';
import { queryOptions, useQueries, useQuery, useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { readReport, type ReportByTab, type ReportPeriod, type ReportTab } from '../report-answers';

/**
 * `get_report(p_tab, p_period)` (issue 20): one tab of Reports and Analytics for one period,
 * aggregated by the server and read by GET (it only reads). Cached per tab and period under
 * `['kanisa', 'reports', tab, period]` with §7.7's lifetimes, and made stale by any write to
 * what the tab counts (see `followWrites`).
 */

export const reportKeys = {
  all: ['kanisa', 'reports'] as const,
  tab: (tab: ReportTab, period: ReportPeriod) => [...reportKeys.all, tab, period] as const,
};

const MINUTE = 60_000;

/** §7.7's per-kind lifetimes: the overview is dashboard-like (2 min), finance 5, members 10. */
export const reportStaleTimes: Record<ReportTab, number> = {
  overview: 2 * MINUTE,
  financial: 5 * MINUTE,
  membership: 10 * MINUTE,
  attendance: 5 * MINUTE,
  communication: 5 * MINUTE,
};

/**
 * What each tab counts: the tables (and, for our own sends, the `get_broadcasts` reads the
 * Communication Hub refreshes after a send) whose changes make it stale.
 */
export const reportSources: Record<ReportTab, readonly string[]> = {
  overview: ['giving_records', 'expenses', 'members', 'attendance_aggregates', 'messages', 'get_broadcasts'],
  financial: ['giving_records', 'expenses'],
  membership: ['members', 'ministries', 'member_ministries'],
  attendance: ['attendance_aggregates'],
  communication: ['messages', 'get_broadcasts'],
};

/** One tab of the report, its answer checked (`readReport`). */
export async function getReport<T extends ReportTab>(client: KanisaClient, tab: T, period: ReportPeriod, signal?: AbortSignal): Promise<ReportByTab[T]> {
  let request = client.rpc('get_report', { p_tab: tab, p_period: period }, { get: true });
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return readReport(tab, data);
}

export const reportQuery = <T extends ReportTab>(client: KanisaClient, tab: T, period: ReportPeriod) =>
  queryOptions({
    queryKey: reportKeys.tab(tab, period),
    queryFn: ({ signal }) => getReport(client, tab, period, signal),
    staleTime: reportStaleTimes[tab],
    // invalidateTable (a write through the client) refreshes every read naming the table here.
    meta: { tables: [...reportSources[tab]] },
  });

/** One tab; not read at all while `enabled` is false (a tab the caller's permissions close). */
export function useReport<T extends ReportTab>(tab: T, period: ReportPeriod, enabled = true) {
  const client = useKanisa();
  return useQuery({ ...reportQuery(client, tab, period), enabled });
}

/** The given tabs of one period, in that order (the print view: the tabs the reader may open). */
export function useAllReports(tabs: readonly ReportTab[], period: ReportPeriod) {
  const client = useKanisa();
  return useQueries({ queries: tabs.map((tab) => reportQuery(client, tab, period)) });
}

/**
 * What a query key reads, as a write names it: `['kanisa', 'members', …]` → 'members',
 * `['kanisa', 'rpc', 'get_broadcasts', …]` → 'get_broadcasts'; null for the reports' own keys
 * and anything not the client's.
 */
export function writeSource(queryKey: readonly unknown[]): string | null {
  if (queryKey[0] !== 'kanisa' || queryKey[1] === reportKeys.all[1]) return null;
  const source = queryKey[1] === 'rpc' ? queryKey[2] : queryKey[1];
  return typeof source === 'string' ? source : null;
}

const following = new WeakSet<QueryClient>();

/**
 * Makes the reports stale whenever a screen marks reads of what they count as changed. Writes
 * through the client's `useMutation` or `invalidateTable` reach the reports by `meta.tables`
 * already; several screens instead invalidate their own key prefix (`['kanisa', 'members']`,
 * `['kanisa', 'attendance_aggregates']`, `['kanisa', 'messages']`, the broadcasts), which this
 * follows: one listener per QueryClient for its lifetime, so a change made while the reports
 * are not on screen still makes their cached answers stale for the next visit.
 */
export function followWrites(queryClient: QueryClient): void {
  if (following.has(queryClient)) return;
  following.add(queryClient);
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'invalidate') return;
    const source = writeSource(event.query.queryKey as readonly unknown[]);
    if (!source) return;
    // Chosen first: once invalidated a query no longer passes `!isInvalidated`, and the refetch
    // of the active ones filters again. Already stale ones (a write through invalidateTable
    // reaches them by meta.tables too) are left alone, so nothing is read twice.
    const stale = new Set(
      queryClient
        .getQueryCache()
        .findAll({ queryKey: reportKeys.all })
        .filter((query) => !query.state.isInvalidated && ((query.meta?.tables as string[] | undefined)?.includes(source) ?? false)),
    );
    if (stale.size > 0) void queryClient.invalidateQueries({ predicate: (query: Query) => stale.has(query) });
  });
}

/** Starts `followWrites` for the app's QueryClient (once; it stays for the client's lifetime). */
export function useFollowWrites(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    followWrites(queryClient);
  }, [queryClient]);
}
