import type { Json, KanisaClient } from '@kanisa/client';
import { invalidateTables, tableKeys, useKanisa } from '@kanisa/client/react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** Requests shown at a time: the oldest first, and the count says how many more wait. */
export const CHANGES_SHOWN = 25;

/** A change a member asked for from the portal (issue 46), waiting for the clerk. */
export interface WaitingChange {
  id: string;
  created_at: string;
  note: string | null;
  changes: Record<string, Json>;
  previous: Record<string, Json>;
  member: { id: string; first_name: string; last_name: string; membership_number: string | null } | null;
}

const objectOf = (value: Json): Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, Json>) : {};

interface ChangeRow {
  id: string;
  created_at: string;
  note: string | null;
  changes: Json;
  previous: Json;
  members: WaitingChange['member'];
}

export const changeRequestKeys = {
  waiting: () => [...tableKeys('member_change_requests').all, 'waiting'] as const,
};

export async function getWaitingChanges(client: KanisaClient, signal?: AbortSignal): Promise<{ rows: WaitingChange[]; total: number }> {
  let request = client
    .from('member_change_requests')
    .select('id, created_at, note, changes, previous, members(id, first_name, last_name, membership_number)', { count: 'exact' })
    .eq('status', 'pending')
    .order('created_at')
    .limit(CHANGES_SHOWN)
    .returns<ChangeRow[]>();
  if (signal) request = request.abortSignal(signal);
  const { data, error, count } = await request;
  if (error) throw error;
  const rows = data.map((row) => ({
    id: row.id,
    created_at: row.created_at,
    note: row.note,
    changes: objectOf(row.changes),
    previous: objectOf(row.previous),
    member: row.members,
  }));
  return { rows, total: count ?? rows.length };
}

export const waitingChangesQuery = (client: KanisaClient) =>
  queryOptions({ queryKey: changeRequestKeys.waiting(), queryFn: ({ signal }) => getWaitingChanges(client, signal) });

export function useWaitingChanges(enabled: boolean) {
  const client = useKanisa();
  return useQuery({ ...waitingChangesQuery(client), enabled });
}

export interface Decision {
  id: string;
  approve: boolean;
  note: string;
}

/** Approve (the register is changed and the change logged) or decline one request. */
export async function decideChange(client: KanisaClient, { id, approve, note }: Decision): Promise<void> {
  const { error } = await client.rpc('decide_details_change', { request_id: id, approve, note });
  if (error) throw error;
}

export function useDecideChange() {
  const client = useKanisa();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: Decision) => decideChange(client, decision),
    onSettled: () => invalidateTables(queryClient, ['member_change_requests', 'members']),
  });
}
