import type { KanisaClient } from '@kanisa/client';
import { invalidateTables, useKanisa } from '@kanisa/client/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Deletes a gift (§7.5); the activity-log entry is the server's. */
export async function deleteDonation(client: KanisaClient, id: string): Promise<void> {
  const { error } = await client.from('giving_records').delete().eq('id', id).select('id').single();
  if (error) throw error;
}

export function useDeleteDonation() {
  const client = useKanisa();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteDonation(client, id),
    onSettled: () => invalidateTables(queryClient, ['giving_records']),
  });
}
