import type { KanisaClient } from '@kanisa/client';
import { invalidateTables, useKanisa } from '@kanisa/client/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Deletes a sermon for good (the activity-log entry is written by the server). */
export async function deleteSermon(client: KanisaClient, id: string): Promise<void> {
  const { error } = await client.from('sermons').delete().eq('id', id).select('id').single();
  if (error) throw error;
}

export function useDeleteSermon() {
  const client = useKanisa();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteSermon(client, id),
    onSettled: () => invalidateTables(queryClient, ['sermons']),
  });
}
