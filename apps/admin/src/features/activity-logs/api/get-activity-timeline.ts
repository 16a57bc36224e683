import type { KanisaClient } from '@kanisa/client';
import { useKanisa } from '@kanisa/client/react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { actionsOf, rangeBounds, type CategoryFilter, type DateRange, type LogEntry } from '../activity-rules';
import { activityKeys } from './activity-keys';

/** §9: the timeline shows the latest 100 entries. */
export const TIMELINE_LIMIT = 100;

/**
 * A log line with the admin who acted (the foreign key admin_id → users). The admin's profile is
 * readable to whoever reads the log (policies/users.sql); admin_id is null for the server's own
 * work and for an account deleted since.
 */
export const logColumns = 'id, admin_id, action, details, ip_address, user_agent, created_at, admin:users(full_name, email)';

/**
 * §7.6: entries of the range — created_at from the first day's 00:00:00 to the last day's
 * 23:59:59, Nairobi time — and, under a category, of its actions (`action=in.(…)`), newest first
 * (then by id, so equal times keep one order). `limit` rows come back; `count` is every entry
 * the filter matches (count=exact), never the length of a capped list.
 */
export function activityRequest(client: KanisaClient, category: CategoryFilter, range: DateRange, limit: number) {
  const { start, end } = rangeBounds(range);
  let request = client
    .from('admin_activity_logs')
    .select(logColumns, { count: 'exact' })
    .returns<LogEntry[]>()
    .gte('created_at', start)
    .lte('created_at', end);
  const actions = actionsOf(category);
  if (actions) request = request.in('action', actions);
  return request.order('created_at', { ascending: false }).order('id', { ascending: false }).limit(limit);
}

export interface ActivityPage {
  entries: LogEntry[];
  /** Every entry of the filter, beyond the ones read. */
  total: number;
}

export async function getActivityTimeline(
  client: KanisaClient,
  category: CategoryFilter,
  range: DateRange,
  signal?: AbortSignal,
): Promise<ActivityPage> {
  let request = activityRequest(client, category, range, TIMELINE_LIMIT);
  if (signal) request = request.abortSignal(signal);
  const { data, error, count } = await request;
  if (error) throw error;
  return { entries: data, total: count ?? data.length };
}

export const activityTimelineQuery = (client: KanisaClient, category: CategoryFilter, range: DateRange) =>
  queryOptions({
    queryKey: activityKeys.timeline(category, range),
    queryFn: ({ signal }) => getActivityTimeline(client, category, range, signal),
    placeholderData: keepPreviousData,
  });

export function useActivityTimeline(category: CategoryFilter, range: DateRange) {
  const client = useKanisa();
  return useQuery(activityTimelineQuery(client, category, range));
}
