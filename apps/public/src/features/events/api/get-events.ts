import { queryOptions, useQuery } from '@tanstack/react-query';
import { kanisa } from '../../../lib/kanisa';
import { queryClient } from '../../../lib/query-client';
import type { EventRow } from '../event-display';
import { eventKeys } from './keys';

/** Spec §7 "Events page": published events, start_date descending. */
export async function fetchEvents(): Promise<EventRow[]> {
  const { data, error } = await kanisa
    .from('events')
    .select('id, title, description, start_date, end_date, location, event_type, category, department, attendees')
    .eq('is_published', true)
    .order('start_date', { ascending: false });
  if (error) throw error;
  return data;
}

export const eventsQuery = queryOptions({ queryKey: eventKeys.published(), queryFn: fetchEvents });

export function useEvents() {
  return useQuery(eventsQuery, queryClient);
}
