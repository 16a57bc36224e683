import type { KanisaClient } from '@kanisa/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { kanisa } from '../../../lib/kanisa';
import type { EventInput } from '../event-form';
import { eventKeys } from './event-keys';

export interface SaveEvent {
  /** Absent for a new event. */
  id?: string | undefined;
  values: EventInput;
}

/**
 * Creates or updates an event. `created_by` and the activity-log entry are the server's work.
 * Asking for the row back makes a write the server refused silently (no matching row) an error.
 */
export async function saveEvent(client: KanisaClient, { id, values }: SaveEvent): Promise<string> {
  const { data, error } = id
    ? await client.from('events').update(values).eq('id', id).select('id').single()
    : await client.from('events').insert(values).select('id').single();
  if (error) throw error;
  return data.id;
}

export function useSaveEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveEvent) => saveEvent(kanisa, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  });
}
