import type { KanisaClient } from '@kanisa/client';
import { invalidateTables, useKanisa } from '@kanisa/client/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PrayerStatus } from '../prayer-rules';

export interface SetPrayerStatus {
  id: string;
  status: PrayerStatus;
}

/**
 * Sets a request's status (§4: any status may be set directly; §7.4 sends updated_at too, which
 * the server's trigger sets anyway). Asking for the row back makes a refusal by the server's
 * policies (a user without manage_prayer_requests matches no row) an error, not a silent no-op.
 */
export async function setPrayerStatus(client: KanisaClient, { id, status }: SetPrayerStatus): Promise<void> {
  const { error } = await client
    .from('prayer_requests')
    .update({ status, updated_at: new Date().toISOString() })
    .eq('id', id)
    .select('id')
    .single();
  if (error) throw error;
}

export interface AssignPrayerRequest {
  id: string;
  /** The signed-in user's id. */
  userId: string;
}

/**
 * Assign to Me (§4): assigned_to = the current user and status in_progress, only while the
 * request is still open — if someone else took it up meanwhile, no row matches and it fails.
 */
export async function assignPrayerRequest(client: KanisaClient, { id, userId }: AssignPrayerRequest): Promise<void> {
  const { error } = await client
    .from('prayer_requests')
    .update({ assigned_to: userId, status: 'in_progress', updated_at: new Date().toISOString() })
    .eq('id', id)
    .eq('status', 'open')
    .select('id')
    .single();
  if (error) throw error;
}

export function useSetPrayerStatus() {
  const client = useKanisa();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetPrayerStatus) => setPrayerStatus(client, input),
    onSettled: () => invalidateTables(queryClient, ['prayer_requests']),
  });
}

export function useAssignPrayerRequest() {
  const client = useKanisa();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AssignPrayerRequest) => assignPrayerRequest(client, input),
    onSettled: () => invalidateTables(queryClient, ['prayer_requests']),
  });
}
