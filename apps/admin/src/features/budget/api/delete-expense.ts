import type { KanisaClient } from '@kanisa/client';
import { invalidateTables, useKanisa } from '@kanisa/client/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Deletes an expense (the activity log entry is the server's). */
export async function deleteExpense(client: KanisaClient, id: string): Promise<void> {
  const { error } = await client.from('expenses').delete().eq('id', id).select('id').single();
  if (error) throw error;
}

export function useDeleteExpense() {
  const client = useKanisa();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteExpense(client, id),
    onSettled: () => invalidateTables(queryClient, ['expenses']),
  });
}
