import type { KanisaClient } from '@kanisa/client';
import { useKanisa } from '@kanisa/client/react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberKeys } from './member-keys';

/**
 * How many members are on the register (`all`) or active: an exact count with no rows
 * (`count=exact`, HEAD), as the Dashboard counts them.
 */
export async function countMembers(client: KanisaClient, which: 'all' | 'active', signal?: AbortSignal): Promise<number> {
  let request = client.from('members').select('*', { count: 'exact', head: true });
  if (which === 'active') request = request.eq('is_active', true);
  if (signal) request = request.abortSignal(signal);
  const { error, count } = await request;
  if (error) throw error;
  return count ?? 0;
}

/**
 * The register's figures above the list (issue 41). They count the whole register whatever the
 * search, and as reads under `['kanisa', 'members']` every write here (add, import, activate,
 * delete) makes them stale.
 */
export const memberCountQuery = (client: KanisaClient, which: 'all' | 'active') =>
  queryOptions({ queryKey: memberKeys.count(which), queryFn: ({ signal }) => countMembers(client, which, signal) });

export function useRegisterCount() {
  return useQuery(memberCountQuery(useKanisa(), 'all'));
}

export function useActiveMemberCount() {
  return useQuery(memberCountQuery(useKanisa(), 'active'));
}
