import { queryOptions } from '@tanstack/react-query';
import { useSiteQuery, type SiteClient } from '../../../lib/site-data';
import type { EventRow } from '../event-display';

/** Query keys of the events page. */
export const eventKeys = {
  all: ['events'] as const,
  published: (year: number) => [...eventKeys.all, 'published', year] as const,
  samples: () => [...eventKeys.all, 'samples'] as const,
};

/**
 * Spec §7 "Events page": published events, start_date descending — of the one year the page's
 * quarter tabs show (in Nairobi time). Other years' events would only cost visitors data: the
 * demo calendar alone is 25 kB of JSON for all years, 4 kB for one.
 */
export async function fetchEvents(client: SiteClient, year: number): Promise<EventRow[]> {
  const { data, error } = await client
    .from('events')
    .select('id, title, title_sw, description, description_sw, start_date, end_date, location, location_sw, event_type, category, department, attendees, attendees_sw')
    .eq('is_published', true)
    .gte('start_date', `${String(year)}-01-01T00:00:00+03:00`)
    .lt('start_date', `${String(year + 1)}-01-01T00:00:00+03:00`)
    .order('start_date', { ascending: false });
  if (error) throw error;
  return data;
}

/** The events page's reads (lib/site-data.tsx). */
export const eventQueries = {
  published: (client: SiteClient, year: number) => queryOptions({ queryKey: eventKeys.published(year), queryFn: () => fetchEvents(client, year) }),
  /** The built-in sample events, downloaded only when they are needed (no request to the server). */
  samples: () =>
    queryOptions({
      queryKey: eventKeys.samples(),
      queryFn: () => import('../sample-events'),
      staleTime: Infinity,
      gcTime: Infinity,
    }),
};

export function useEvents(year: number) {
  return useSiteQuery((client) => eventQueries.published(client, year));
}

export function useEventSamples(needed: boolean) {
  return useSiteQuery(() => ({ ...eventQueries.samples(), enabled: needed }));
}
