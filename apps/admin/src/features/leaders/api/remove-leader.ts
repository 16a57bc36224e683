import type { KanisaClient } from '@kanisa/client';
import { invalidateTables, useKanisa } from '@kanisa/client/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Removes a leader from the lists: soft, is_active false (§4); the row stays for the records. */
export async function removeLeader(client: KanisaClient, id: string): Promise<void> {
  const { error } = await client.from('church_leaders').update({ is_active: false }).eq('id', id).select('id').single();
  if (error) throw error;
}

export function useRemoveLeader() {
  const client = useKanisa();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => removeLeader(client, id),
    onSettled: () => invalidateTables(queryClient, ['church_leaders']),
  });
}
