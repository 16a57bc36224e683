import type { KanisaClient } from '@kanisa/client';
import { useKanisa } from '@kanisa/client/react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { departmentOptions, scopesByUser, type ScopeOption, type StaffScope } from '../admin-user-rules';
import { adminUserKeys } from './admin-user-keys';

/** Every account's links and what can be ticked. */
export interface StaffScopes {
  /** The ministries and departments each account leads, by user id. */
  byUser: Map<string, StaffScope>;
  /** Every ministry, by name (inactive ones too: a leader may lead one being prepared). */
  ministries: ScopeOption[];
  /** Every department, by name (the category where two share a name). */
  departments: ScopeOption[];
}

/** More rows than a church has links, ministries or departments: one request each. */
const MAX_ROWS = 1000;

/**
 * The ministries and departments staff accounts lead (`user_ministries`, `user_departments`;
 * issue 31) and the lists to choose from. The links are readable only with SUPER_ADMIN rank and
 * manage_admins, like the rest of this screen (policies/user_ministries.sql).
 */
export async function getStaffScopes(client: KanisaClient, signal?: AbortSignal): Promise<StaffScopes> {
  const withSignal = <T extends { abortSignal: (signal: AbortSignal) => T }>(request: T) => (signal ? request.abortSignal(signal) : request);
  const [ministryLinks, departmentLinks, ministries, departments] = await Promise.all([
    withSignal(client.from('user_ministries').select('user_id, ministry_id').range(0, MAX_ROWS - 1)),
    withSignal(client.from('user_departments').select('user_id, department_id').range(0, MAX_ROWS - 1)),
    withSignal(client.from('ministries').select('id, name').order('name').range(0, MAX_ROWS - 1)),
    withSignal(client.from('departments').select('id, name, category').order('name').order('category').range(0, MAX_ROWS - 1)),
  ]);
  for (const answer of [ministryLinks, departmentLinks, ministries, departments]) {
    if (answer.error) throw answer.error;
  }
  return {
    byUser: scopesByUser({ ministries: ministryLinks.data ?? [], departments: departmentLinks.data ?? [] }),
    ministries: (ministries.data ?? []).map((row) => ({ id: row.id, label: row.name })),
    departments: departmentOptions(departments.data ?? []),
  };
}

export const staffScopesQuery = (client: KanisaClient) =>
  queryOptions({
    queryKey: adminUserKeys.scopes(),
    queryFn: ({ signal }) => getStaffScopes(client, signal),
    // A change to any of the four tables elsewhere makes this stale (invalidateTables).
    meta: { tables: ['user_departments', 'ministries', 'departments'] },
  });

export function useStaffScopes() {
  const client = useKanisa();
  return useQuery(staffScopesQuery(client));
}
