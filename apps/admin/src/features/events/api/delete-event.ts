import type { KanisaClient } from '@kanisa/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { kanisa } from '../../../lib/kanisa';
import { eventKeys } from './event-keys';

/** Deletes an event for good (the activity-log entry is written by the server). */
export async function deleteEvent(client: KanisaClient, id: string): Promise<void> {
  const { error } = await client.from('events').delete().eq('id', id).select('id').single();
  if (error) throw error;
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteEvent(kanisa, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  });
}
