import type { KanisaClient } from '@kanisa/client';
import { useKanisa } from '@kanisa/client/react';
import { keepPreviousData, queryOptions, useQueries } from '@tanstack/react-query';
import { categories, type CategoryId, type DateRange } from '../activity-rules';
import { activityKeys } from './activity-keys';
import { activityRequest, type ActivityPage } from './get-activity-timeline';

/** §9: each summary card shows its 3 most recent entries. */
export const SUMMARY_RECENT = 3;

/**
 * One summary card: the category's entries in the range counted by the server (count=exact over
 * the whole filter) and its 3 latest, in one request.
 */
export async function getCategorySummary(
  client: KanisaClient,
  category: CategoryId,
  range: DateRange,
  signal?: AbortSignal,
): Promise<ActivityPage> {
  let request = activityRequest(client, category, range, SUMMARY_RECENT);
  if (signal) request = request.abortSignal(signal);
  const { data, error, count } = await request;
  if (error) throw error;
  if (count === null) throw new Error('The server did not count the entries.');
  return { entries: data, total: count };
}

export const categorySummaryQuery = (client: KanisaClient, category: CategoryId, range: DateRange) =>
  queryOptions({
    queryKey: activityKeys.summary(category, range),
    queryFn: ({ signal }) => getCategorySummary(client, category, range, signal),
    placeholderData: keepPreviousData,
  });

/** The six cards' reads, in the categories' order. */
export function useCategorySummaries(range: DateRange) {
  const client = useKanisa();
  return useQueries({ queries: categories.map((category) => categorySummaryQuery(client, category.id, range)) });
}
