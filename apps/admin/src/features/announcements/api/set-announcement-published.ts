import type { KanisaClient } from '@kanisa/client';
import { invalidateTables, useKanisa } from '@kanisa/client/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export interface SetAnnouncementPublished {
  id: string;
  published: boolean;
}

/** Publishes or unpublishes an announcement (§4: the toggle flips both ways). */
export async function setAnnouncementPublished(client: KanisaClient, { id, published }: SetAnnouncementPublished): Promise<void> {
  const { error } = await client.from('announcements').update({ is_published: published }).eq('id', id).select('id').single();
  if (error) throw error;
}

export function useSetAnnouncementPublished() {
  const client = useKanisa();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetAnnouncementPublished) => setAnnouncementPublished(client, input),
    onSettled: () => invalidateTables(queryClient, ['announcements']),
  });
}
