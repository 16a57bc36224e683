import type { KanisaClient } from '@kanisa/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { kanisa } from '../../../lib/kanisa';
import { announcementKeys } from './announcement-keys';

/** Deletes an announcement for good (the activity-log entry is written by the server). */
export async function deleteAnnouncement(client: KanisaClient, id: string): Promise<void> {
  const { error } = await client.from('announcements').delete().eq('id', id).select('id').single();
  if (error) throw error;
}

export function useDeleteAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteAnnouncement(kanisa, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}
