import type { KanisaClient } from '@kanisa/client';
import { invalidateTables, useKanisa } from '@kanisa/client/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_USERS_PATH } from './save-admin-user';

export interface SetAdminActive {
  id: string;
  active: boolean;
}

/**
 * Activates or deactivates a staff account (§4). Deactivating also ends every session of the
 * account at once (the server does it in the same transaction): its next request is refused.
 */
export async function setAdminActive(client: KanisaClient, { id, active }: SetAdminActive): Promise<void> {
  const { error } = await client.request(`${ADMIN_USERS_PATH}/${encodeURIComponent(id)}`, {
    method: 'PUT',
    json: { app_metadata: { is_active: active } },
  });
  if (error) throw error;
}

export function useSetAdminActive() {
  const client = useKanisa();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetAdminActive) => setAdminActive(client, input),
    onSettled: () => invalidateTables(queryClient, ['users']),
  });
}
