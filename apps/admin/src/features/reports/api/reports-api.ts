import type { KanisaClient } from '@kanisa/client';
import { useKanisa } from '@kanisa/client/react';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { readReport, type ReportByTab, type ReportPeriod, type ReportTab } from '../report-answers';

/**
 * `get_report(p_tab, p_period)` (issue 20): one tab of Reports and Analytics for one period,
 * aggregated by the server and read by GET (it only reads). Cached per tab and period under
 * `['kanisa', 'reports', tab, period]` with §7.7's lifetimes, and made stale by any write to
 * what the tab counts: its `meta.tables` (`reportSources`) name the tables, and every write in
 * the back office invalidates the tables it changed (`invalidateTables`).
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
 * What each tab counts: the tables (and, for our own sends, `broadcasts`, which a send through
 * the Communication Hub invalidates) whose changes make it stale.
 */
export const reportSources: Record<ReportTab, readonly string[]> = {
  overview: ['giving_records', 'expenses', 'members', 'attendance_aggregates', 'messages', 'broadcasts'],
  financial: ['giving_records', 'expenses'],
  membership: ['members', 'ministries', 'member_ministries'],
  attendance: ['attendance_aggregates'],
  communication: ['messages', 'broadcasts'],
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
    // A write to one of these (invalidateTables) makes the tab stale, shown or cached.
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
