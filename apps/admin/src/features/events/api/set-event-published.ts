import type { KanisaClient } from '@kanisa/client';
import { invalidateTables, useKanisa } from '@kanisa/client/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export interface SetEventPublished {
  id: string;
  published: boolean;
}

/** Publishes or unpublishes an event (§4: the toggle flips both ways). */
export async function setEventPublished(client: KanisaClient, { id, published }: SetEventPublished): Promise<void> {
  const { error } = await client.from('events').update({ is_published: published }).eq('id', id).select('id').single();
  if (error) throw error;
}

export function useSetEventPublished() {
  const client = useKanisa();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetEventPublished) => setEventPublished(client, input),
    onSettled: () => invalidateTables(queryClient, ['events']),
  });
}
