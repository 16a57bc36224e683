import { queryOptions, useQuery } from '@tanstack/react-query';
import { kanisa } from '../../../lib/kanisa';
import { queryClient } from '../../../lib/query-client';
import type { EventRow } from '../event-display';
import { eventKeys } from './keys';

/**
 * Spec §7 "Events page": published events, start_date descending — of the one year the page's
 * quarter tabs show (in Nairobi time). Other years' events would only cost visitors data: the
 * demo calendar alone is 25 kB of JSON for all years, 4 kB for one.
 */
export async function fetchEvents(year: number): Promise<EventRow[]> {
  const { data, error } = await kanisa
    .from('events')
    .select('id, title, title_sw, description, description_sw, start_date, end_date, location, location_sw, event_type, category, department, attendees, attendees_sw')
    .eq('is_published', true)
    .gte('start_date', `${String(year)}-01-01T00:00:00+03:00`)
    .lt('start_date', `${String(year + 1)}-01-01T00:00:00+03:00`)
    .order('start_date', { ascending: false });
  if (error) throw error;
  return data;
}

export const eventsQuery = (year: number) =>
  queryOptions({ queryKey: eventKeys.published(year), queryFn: () => fetchEvents(year) });

export function useEvents(year: number) {
  return useQuery(eventsQuery(year), queryClient);
}
