import type { KanisaClient } from '@kanisa/client';
import { invalidateTables, useKanisa } from '@kanisa/client/react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerReader } from '../../../lib/answer-reader';
import { settingsKeys } from './settings-keys';

/**
 * The backup key's recovery sheet (`GET /functions/v1/backup-recovery-sheet`, a Super Admin
 * only; issue 42): the key, its fingerprint, the destination and the restore command, to print
 * and store away from the server. Read only when the Super Admin opens it, never kept in the
 * cache once the dialog closes; `confirm_backup_key` records that it is stored.
 */
export interface RecoverySheet {
  key: string;
  fingerprint: string;
  generated: boolean;
  destination: string;
  restoreCommand: string;
}

export function readRecoverySheet(data: unknown): RecoverySheet {
  const read = answerReader('recovery sheet');
  const answer = read.record(data, 'the answer');
  return {
    key: read.text(answer.key, 'key'),
    fingerprint: read.text(answer.fingerprint, 'fingerprint'),
    generated: answer.generated === true,
    destination: read.text(answer.destination, 'destination'),
    restoreCommand: read.text(answer.restoreCommand, 'restoreCommand'),
  };
}

export async function getRecoverySheet(client: KanisaClient, signal?: AbortSignal): Promise<RecoverySheet> {
  const { data, error } = await client.functions.invoke<unknown>('backup-recovery-sheet', { method: 'GET', signal });
  if (error) throw error;
  return readRecoverySheet(data);
}

/** Dropped from the cache as soon as nobody shows it, and read afresh each time it is opened. */
export const recoverySheetQuery = (client: KanisaClient) =>
  queryOptions({
    queryKey: settingsKeys.recoverySheet(),
    queryFn: ({ signal }) => getRecoverySheet(client, signal),
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });

/** The sheet while `open`. */
export function useRecoverySheet(open: boolean) {
  return useQuery({ ...recoverySheetQuery(useKanisa()), enabled: open });
}

/** `confirm_backup_key(fingerprint)`: the sheet of that key is stored away from the server. */
export async function confirmBackupKey(client: KanisaClient, fingerprint: string): Promise<void> {
  const { error } = await client.rpc('confirm_backup_key', { fingerprint });
  if (error) throw error;
}

export function useConfirmBackupKey() {
  const client = useKanisa();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fingerprint: string) => confirmBackupKey(client, fingerprint),
    onSuccess: () => invalidateTables(queryClient, ['backups']),
  });
}
