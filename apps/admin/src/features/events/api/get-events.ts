import type { KanisaClient } from '@kanisa/client';
import { useKanisa } from '@kanisa/client/react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { quoteFilterValue, readPage, withSearch, type PageOf, type PageParams } from '../../../components/ui/paged-list';
import type { ChurchEvent, EventTiming } from '../event-form';
import { eventKeys } from './event-keys';

const columns = 'id, title, description, title_sw, description_sw, start_date, end_date, location, location_sw, event_type, max_attendees, cost, requires_registration, is_published';

/** What the search looks in. */
export const eventSearchColumns = ['title', 'location'] as const;

export type EventListParams = PageParams<{ timing: EventTiming }>;

/**
 * The Show filter on the server, as `isUpcoming` reads an event: upcoming while its end (or its
 * start, when it has no end) has not passed.
 */
export function timingCondition(timing: EventTiming, now: Date): string | null {
  if (timing === 'all') return null;
  const at = quoteFilterValue(now.toISOString());
  const op = timing === 'upcoming' ? 'gte' : 'lt';
  return `end_date.${op}.${at},and(end_date.is.null,start_date.${op}.${at})`;
}

/** One page of events, drafts included, latest start first (§7.2), with the true total. */
export async function getEvents(
  client: KanisaClient,
  { page, search, timing }: EventListParams,
  signal?: AbortSignal,
  now: Date = new Date(),
): Promise<PageOf<ChurchEvent>> {
  let request = withSearch(client.from('events').select(columns, { count: 'exact' }), search, eventSearchColumns);
  const when = timingCondition(timing, now);
  if (when) request = request.or(when);
  request = request.order('start_date', { ascending: false }).order('created_at', { ascending: false }).order('id', { ascending: true });
  if (signal) request = request.abortSignal(signal);
  return readPage(request, page);
}

export const eventsQuery = (client: KanisaClient, params: EventListParams) =>
  queryOptions({
    queryKey: eventKeys.adminList(params),
    queryFn: ({ signal }) => getEvents(client, params, signal),
    placeholderData: keepPreviousData,
  });

export function useEvents(params: EventListParams) {
  const client = useKanisa();
  return useQuery(eventsQuery(client, params));
}
