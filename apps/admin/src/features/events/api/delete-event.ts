import type { KanisaClient } from '@kanisa/client';
import { invalidateTables, useKanisa } from '@kanisa/client/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Deletes an event for good (the activity-log entry is written by the server). */
export async function deleteEvent(client: KanisaClient, id: string): Promise<void> {
  const { error } = await client.from('events').delete().eq('id', id).select('id').single();
  if (error) throw error;
}

export function useDeleteEvent() {
  const client = useKanisa();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteEvent(client, id),
    onSettled: () => invalidateTables(queryClient, ['events']),
  });
}
