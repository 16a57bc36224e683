import type { KanisaClient } from '@kanisa/client';
import { invalidateTables, useKanisa } from '@kanisa/client/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** `request_backup_drill()`: queues a drill now; false when one is already waiting. */
export async function requestBackupDrill(client: KanisaClient): Promise<boolean> {
  const { data, error } = await client.rpc('request_backup_drill');
  if (error) throw error;
  return typeof data === 'object' && data !== null && 'queued' in data && data.queued === true;
}

export function useRequestBackupDrill() {
  const client = useKanisa();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestBackupDrill(client),
    onSuccess: () => invalidateTables(queryClient, ['backups']),
  });
}
