import type { KanisaClient } from '@kanisa/client';
import { invalidateTables, useKanisa } from '@kanisa/client/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderChange } from '../leader-form';

/** Writes new display_order values (a move up or down changes two leaders). */
export async function reorderLeaders(client: KanisaClient, changes: readonly OrderChange[]): Promise<void> {
  for (const change of changes) {
    const { error } = await client
      .from('church_leaders')
      .update({ display_order: change.display_order })
      .eq('id', change.id)
      .select('id')
      .single();
    if (error) throw error;
  }
}

export function useReorderLeaders() {
  const client = useKanisa();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: readonly OrderChange[]) => reorderLeaders(client, changes),
    onSettled: () => invalidateTables(queryClient, ['church_leaders']),
  });
}
