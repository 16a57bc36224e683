import type { KanisaClient } from '@kanisa/client';
import { invalidateTables, useKanisa } from '@kanisa/client/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnnouncementInput } from '../announcement-form';

export interface SaveAnnouncement {
  /** Absent for a new announcement. */
  id?: string | undefined;
  values: AnnouncementInput;
}

/**
 * Creates or updates an announcement. `created_by` and the activity-log entry are the server's work.
 * Asking for the row back makes a write the server refused silently (no matching row) an error.
 */
export async function saveAnnouncement(client: KanisaClient, { id, values }: SaveAnnouncement): Promise<string> {
  const { data, error } = id
    ? await client.from('announcements').update(values).eq('id', id).select('id').single()
    : await client.from('announcements').insert(values).select('id').single();
  if (error) throw error;
  return data.id;
}

export function useSaveAnnouncement() {
  const client = useKanisa();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveAnnouncement) => saveAnnouncement(client, input),
    onSettled: () => invalidateTables(queryClient, ['announcements']),
  });
}
