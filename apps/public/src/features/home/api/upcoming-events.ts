import { queryOptions, useQuery } from '@tanstack/react-query';
import { kanisa } from '../../../lib/kanisa';
import { queryClient } from '../../../lib/query-client';
import { homeKeys } from './keys';

export interface UpcomingEvent {
  id: string;
  title: string;
  description: string | null;
  /** Kiswahili title and description (optional; `localized()` falls back to the English ones). */
  title_sw?: string | null;
  description_sw?: string | null;
  start_date: string;
  end_date: string | null;
  location: string | null;
  location_sw?: string | null;
  event_type: string | null;
}

/** Published events from now on, soonest first, three (spec §7); refreshed hourly. */
async function fetchUpcomingEvents(): Promise<UpcomingEvent[]> {
  const { data, error } = await kanisa
    .from('events')
    .select('id, title, description, title_sw, description_sw, start_date, end_date, location, location_sw, event_type, is_published')
    .eq('is_published', true)
    .gte('start_date', new Date().toISOString())
    .order('start_date', { ascending: true })
    .limit(3);
  if (error) throw error;
  return data;
}

export const upcomingEventsQuery = queryOptions({
  queryKey: homeKeys.upcomingEvents(),
  queryFn: fetchUpcomingEvents,
  refetchInterval: 60 * 60_000,
  staleTime: 60 * 60_000,
});

export function useUpcomingEvents() {
  return useQuery(upcomingEventsQuery, queryClient);
}
