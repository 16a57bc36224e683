import type { KanisaClient } from '@kanisa/client';
import { invalidateTables, useKanisa } from '@kanisa/client/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isNoChange, ScopeSaveError, type CreateAdminBody, type ScopeChange, type UpdateAdminBody } from '../admin-user-rules';
import { saveStaffScope } from './save-staff-scope';

/** `/auth/v1/admin/users`: staff accounts, for a Super Admin's session (never a service key). */
export const ADMIN_USERS_PATH = '/auth/v1/admin/users';

export type SaveAdminUser =
  | { kind: 'create'; body: CreateAdminBody; scope?: ScopeChange | undefined }
  | { kind: 'update'; id: string; body: UpdateAdminBody; scope?: ScopeChange | undefined };

/**
 * Creates an account with its profile in one step (`POST`), or changes one (`PUT /{id}`), then
 * writes the ministries and departments it leads (issue 31). The server refuses changing your
 * own role, permissions or active state, a Super Admin unless you are one, and permissions you
 * lack; its words come back as the error. An edit that changes nothing sends nothing.
 */
export async function saveAdminUser(client: KanisaClient, input: SaveAdminUser): Promise<void> {
  let id = input.kind === 'update' ? input.id : null;
  // Nothing changed: nothing to send (and no empty change in the activity log).
  if (input.kind === 'create' || Object.keys(input.body).length > 0) {
    const { data, error } =
      input.kind === 'create'
        ? await client.request<{ id?: string } | null>(ADMIN_USERS_PATH, { method: 'POST', json: input.body })
        : await client.request<{ id?: string } | null>(`${ADMIN_USERS_PATH}/${encodeURIComponent(input.id)}`, { method: 'PUT', json: input.body });
    if (error) throw error;
    if (input.kind === 'create') id = data?.id ?? null;
  }
  if (input.scope && !isNoChange(input.scope) && id) {
    try {
      await saveStaffScope(client, id, input.scope);
    } catch (cause) {
      throw new ScopeSaveError(cause);
    }
  }
}

export function useSaveAdminUser() {
  const client = useKanisa();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveAdminUser) => saveAdminUser(client, input),
    onSettled: () => invalidateTables(queryClient, ['users', 'user_ministries', 'user_departments']),
  });
}
