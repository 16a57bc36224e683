import type { KanisaClient } from '@kanisa/client';
import { invalidateTables, useKanisa } from '@kanisa/client/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventInput } from '../event-form';

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
  const client = useKanisa();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveEvent) => saveEvent(client, input),
    onSettled: () => invalidateTables(queryClient, ['events']),
  });
}
