import type { KanisaClient } from '@kanisa/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { kanisa } from '../../../lib/kanisa';
import type { ChurchEvent } from '../event-form';
import { eventKeys } from './event-keys';

const columns = 'id, title, description, start_date, end_date, location, event_type, max_attendees, cost, requires_registration, is_published';

/** Every event, drafts included, latest start first (§7.2). */
export async function getEvents(client: KanisaClient, signal?: AbortSignal): Promise<ChurchEvent[]> {
  let request = client.from('events').select(columns).order('start_date', { ascending: false }).order('created_at', { ascending: false });
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return data;
}

export const eventsQuery = () => queryOptions({ queryKey: eventKeys.adminList(), queryFn: ({ signal }) => getEvents(kanisa, signal) });

export function useEvents() {
  return useQuery(eventsQuery());
}
