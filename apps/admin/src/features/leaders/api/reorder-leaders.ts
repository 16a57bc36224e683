import type { KanisaClient } from '@kanisa/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { kanisa } from '../../../lib/kanisa';
import type { OrderChange } from '../leader-form';
import { leaderKeys } from './leader-keys';

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: readonly OrderChange[]) => reorderLeaders(kanisa, changes),
    onSettled: () => queryClient.invalidateQueries({ queryKey: leaderKeys.all }),
  });
}
