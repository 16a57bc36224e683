import type { KanisaClient } from '@kanisa/client';
import { invalidateTables, useKanisa } from '@kanisa/client/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export interface SetMemberActive {
  id: string;
  active: boolean;
}

/** Activate or Deactivate (§4: is_active toggles). */
export async function setMemberActive(client: KanisaClient, { id, active }: SetMemberActive): Promise<void> {
  const { error } = await client.from('members').update({ is_active: active }).eq('id', id).select('id').single();
  if (error) throw error;
}

export function useSetMemberActive() {
  const client = useKanisa();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetMemberActive) => setMemberActive(client, input),
    onSettled: () => invalidateTables(queryClient, ['members']),
  });
}
