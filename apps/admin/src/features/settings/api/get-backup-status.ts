import type { KanisaClient } from '@kanisa/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useKanisa } from '@kanisa/client/react';
import { readBackupStatus, type BackupStatus } from '../backup-status';
import { backupTables, settingsKeys } from './settings-keys';

/** `get_backup_status()`: the schedule and the last backup. */
export async function getBackupStatus(client: KanisaClient, signal?: AbortSignal): Promise<BackupStatus> {
  const call = client.rpc('get_backup_status');
  const { data, error } = await (signal ? call.abortSignal(signal) : call);
  if (error) throw error;
  return readBackupStatus(data);
}

export const backupStatusQuery = (client: KanisaClient) =>
  queryOptions({
    queryKey: settingsKeys.backupStatus(),
    queryFn: ({ signal }) => getBackupStatus(client, signal),
    // Refreshed by a settings save (the frequency), a drill or a key confirmed; a refusal (4xx)
    // is not retried (the client's default).
    meta: { tables: backupTables },
  });

export function useBackupStatus() {
  return useQuery(backupStatusQuery(useKanisa()));
}
