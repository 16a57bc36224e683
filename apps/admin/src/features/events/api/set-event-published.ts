import type { KanisaClient } from '@kanisa/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { kanisa } from '../../../lib/kanisa';
import { eventKeys } from './event-keys';

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetEventPublished) => setEventPublished(kanisa, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  });
}
