import type { KanisaClient } from '@kanisa/client';
import { invalidateTable } from '@kanisa/client/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { kanisa } from '../../../lib/kanisa';
import type { CreateAdminBody, UpdateAdminBody } from '../admin-user-rules';

/** `/auth/v1/admin/users`: staff accounts, for a Super Admin's session (never a service key). */
export const ADMIN_USERS_PATH = '/auth/v1/admin/users';

export type SaveAdminUser = { kind: 'create'; body: CreateAdminBody } | { kind: 'update'; id: string; body: UpdateAdminBody };

/**
 * Creates an account with its profile in one step (`POST`), or changes one (`PUT /{id}`). The
 * server refuses changing your own role, permissions or active state, a Super Admin unless you
 * are one, and permissions you lack; its words come back as the error. An edit that changes
 * nothing sends nothing.
 */
export async function saveAdminUser(client: KanisaClient, input: SaveAdminUser): Promise<void> {
  // Nothing changed: nothing to send (and no empty change in the activity log).
  if (input.kind === 'update' && Object.keys(input.body).length === 0) return;
  const { error } =
    input.kind === 'create'
      ? await client.request(ADMIN_USERS_PATH, { method: 'POST', json: input.body })
      : await client.request(`${ADMIN_USERS_PATH}/${encodeURIComponent(input.id)}`, { method: 'PUT', json: input.body });
  if (error) throw error;
}

export function useSaveAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveAdminUser) => saveAdminUser(kanisa, input),
    onSettled: () => invalidateTable(queryClient, 'users'),
  });
}
