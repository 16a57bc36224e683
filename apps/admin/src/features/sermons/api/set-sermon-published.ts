import type { KanisaClient } from '@kanisa/client';
import { invalidateTables, useKanisa } from '@kanisa/client/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export interface SetSermonPublished {
  id: string;
  published: boolean;
}

/** Publishes or unpublishes a sermon (§4: the toggle flips both ways). */
export async function setSermonPublished(client: KanisaClient, { id, published }: SetSermonPublished): Promise<void> {
  const { error } = await client.from('sermons').update({ is_published: published }).eq('id', id).select('id').single();
  if (error) throw error;
}

export function useSetSermonPublished() {
  const client = useKanisa();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetSermonPublished) => setSermonPublished(client, input),
    onSettled: () => invalidateTables(queryClient, ['sermons']),
  });
}
