import type { KanisaClient } from '@kanisa/client';
import { invalidateTables, useKanisa } from '@kanisa/client/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Deletes an announcement for good (the activity-log entry is written by the server). */
export async function deleteAnnouncement(client: KanisaClient, id: string): Promise<void> {
  const { error } = await client.from('announcements').delete().eq('id', id).select('id').single();
  if (error) throw error;
}

export function useDeleteAnnouncement() {
  const client = useKanisa();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteAnnouncement(client, id),
    onSettled: () => invalidateTables(queryClient, ['announcements']),
  });
}
