import type { KanisaClient } from '@kanisa/client';
import { invalidateTables, useKanisa } from '@kanisa/client/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LeaderInput } from '../leader-form';

export interface SaveLeader {
  /** Absent for a new leader. */
  id?: string | undefined;
  values: LeaderInput;
}

/** Adds or updates a leader; asking for the row back turns a silently refused write into an error. */
export async function saveLeader(client: KanisaClient, { id, values }: SaveLeader): Promise<string> {
  const { data, error } = id
    ? await client.from('church_leaders').update(values).eq('id', id).select('id').single()
    : await client.from('church_leaders').insert(values).select('id').single();
  if (error) throw error;
  return data.id;
}

export function useSaveLeader() {
  const client = useKanisa();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveLeader) => saveLeader(client, input),
    onSettled: () => invalidateTables(queryClient, ['church_leaders']),
  });
}
