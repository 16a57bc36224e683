import type { KanisaClient } from '@kanisa/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { kanisa } from '../../../lib/kanisa';
import { memberKeys } from './member-keys';

/**
 * Deletes a member (their ministry links go with them; the activity-log entry is the server's).
 * A member with giving records is refused by the database (foreign key, 23503).
 */
export async function deleteMember(client: KanisaClient, id: string): Promise<void> {
  const { error } = await client.from('members').delete().eq('id', id).select('id').single();
  if (error) throw error;
}

export function useDeleteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteMember(kanisa, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.all }),
  });
}
