import type { KanisaClient } from '@kanisa/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { kanisa } from '../../../lib/kanisa';
import { sermonKeys } from './sermon-keys';

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetSermonPublished) => setSermonPublished(kanisa, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sermonKeys.all }),
  });
}
