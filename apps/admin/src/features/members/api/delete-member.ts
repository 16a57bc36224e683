import type { KanisaClient } from '@kanisa/client';
import { invalidateTables, useKanisa } from '@kanisa/client/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * Deletes a member (their ministry links go with them; the activity-log entry is the server's).
 * A member with giving records is refused by the database (foreign key, 23503).
 */
export async function deleteMember(client: KanisaClient, id: string): Promise<void> {
  const { error } = await client.from('members').delete().eq('id', id).select('id').single();
  if (error) throw error;
}

export function useDeleteMember() {
  const client = useKanisa();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteMember(client, id),
    onSettled: () => invalidateTables(queryClient, ['members', 'member_ministries']),
  });
}
