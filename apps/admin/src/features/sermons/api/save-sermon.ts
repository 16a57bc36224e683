import type { KanisaClient } from '@kanisa/client';
import { invalidateTables, useKanisa } from '@kanisa/client/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SermonInput } from '../sermon-form';

export interface SaveSermon {
  /** Absent for a new sermon. */
  id?: string | undefined;
  values: SermonInput;
}

/**
 * Creates or updates a sermon. `created_by` and the activity-log entry are the server's work.
 * Asking for the row back makes a write the server refused silently (no matching row) an error.
 */
export async function saveSermon(client: KanisaClient, { id, values }: SaveSermon): Promise<string> {
  const { data, error } = id
    ? await client.from('sermons').update(values).eq('id', id).select('id').single()
    : await client.from('sermons').insert(values).select('id').single();
  if (error) throw error;
  return data.id;
}

export function useSaveSermon() {
  const client = useKanisa();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveSermon) => saveSermon(client, input),
    onSettled: () => invalidateTables(queryClient, ['sermons']),
  });
}
