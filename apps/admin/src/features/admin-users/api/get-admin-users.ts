import type { KanisaClient } from '@kanisa/client';
import { useKanisa } from '@kanisa/client/react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { readPage, type PageOf } from '../../../components/ui/paged-list';
import { adminRoleValues, type AdminUser } from '../admin-user-rules';
import { adminUserKeys } from './admin-user-keys';

/** Staff accounts per page. */
export const ADMIN_USERS_PAGE_SIZE = 50;

/** The columns of a staff account on this screen (§3 users). */
export const adminUserColumns = 'id, email, full_name, role, permissions, is_active, last_sign_in_at, created_at';

/**
 * One page of the staff accounts (§7.6: users whose role is an admin role, newest first) with
 * the true total. Readable only with SUPER_ADMIN rank and manage_admins (policies/users.sql).
 */
export async function getAdminUsers(client: KanisaClient, page: number, signal?: AbortSignal): Promise<PageOf<AdminUser>> {
  let request = client
    .from('users')
    .select(adminUserColumns, { count: 'exact' })
    .in('role', [...adminRoleValues])
    .order('created_at', { ascending: false })
    .order('id', { ascending: true });
  if (signal) request = request.abortSignal(signal);
  return readPage(request, page, ADMIN_USERS_PAGE_SIZE);
}

export const adminUsersQuery = (client: KanisaClient, page: number) =>
  queryOptions({
    queryKey: adminUserKeys.list(page),
    queryFn: ({ signal }) => getAdminUsers(client, page, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminUsers(page: number) {
  const client = useKanisa();
  return useQuery(adminUsersQuery(client, page));
}
