import type { KanisaClient } from '@kanisa/client';
import { useKanisa } from '@kanisa/client/react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminRoleValues, countByRole, type AdminUser, type RoleCount } from '../admin-user-rules';
import { adminUserKeys } from './admin-user-keys';

/** Rows per request: the server's cap, so no request is cut short unnoticed. */
const CHUNK = 1000;

/**
 * Every staff account's role and whether it is active (two small columns), read 1,000 at a
 * time until the server's total is reached, then counted per role (§2.14 role overview).
 */
export async function getRoleOverview(client: KanisaClient, signal?: AbortSignal): Promise<RoleCount[]> {
  const rows: Pick<AdminUser, 'role' | 'is_active'>[] = [];
  for (;;) {
    let request = client
      .from('users')
      .select('role, is_active', { count: 'exact' })
      .in('role', [...adminRoleValues])
      .order('id', { ascending: true })
      .range(rows.length, rows.length + CHUNK - 1);
    if (signal) request = request.abortSignal(signal);
    const { data, error, count } = await request;
    if (error) throw error;
    rows.push(...data);
    const done = count === null ? data.length < CHUNK : rows.length >= count;
    if (data.length === 0 || done) return countByRole(rows);
  }
}

export const roleOverviewQuery = (client: KanisaClient) =>
  queryOptions({ queryKey: adminUserKeys.overview(), queryFn: ({ signal }) => getRoleOverview(client, signal) });

export function useRoleOverview() {
  const client = useKanisa();
  return useQuery(roleOverviewQuery(client));
}
