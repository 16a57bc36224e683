import type { KanisaClient } from '@kanisa/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { kanisa } from '../../../lib/kanisa';
import { sermonKeys } from './sermon-keys';

/** Deletes a sermon for good (the activity-log entry is written by the server). */
export async function deleteSermon(client: KanisaClient, id: string): Promise<void> {
  const { error } = await client.from('sermons').delete().eq('id', id).select('id').single();
  if (error) throw error;
}

export function useDeleteSermon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteSermon(kanisa, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sermonKeys.all }),
  });
}
