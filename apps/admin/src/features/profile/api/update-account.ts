import type { KanisaClient, KanisaError } from '@kanisa/client';
import { invalidateTables, useKanisa } from '@kanisa/client/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** The account's own name (`PUT /auth/v1/user`, user_metadata.full_name); the server copies it to the profile. */
export async function saveOwnName(client: KanisaClient, fullName: string): Promise<void> {
  const { error } = await client.auth.updateUser({ data: { full_name: fullName } });
  if (error) throw error;
}

/** A new name: every read of profiles (the header's name, the staff list) is read again. */
export function useSaveOwnName() {
  const client = useKanisa();
  const queryClient = useQueryClient();
  return useMutation<unknown, KanisaError, string>({
    mutationFn: (fullName) => saveOwnName(client, fullName),
    onSuccess: () => invalidateTables(queryClient, ['users']),
  });
}

export interface PasswordChange {
  current: string;
  next: string;
}

/** A new password, given the current one (the server checks it and the minimum length). */
export async function changeOwnPassword(client: KanisaClient, { current, next }: PasswordChange): Promise<void> {
  const { error } = await client.auth.updateUser({ password: next, current_password: current });
  if (error) throw error;
}

export function useChangeOwnPassword() {
  const client = useKanisa();
  return useMutation<unknown, KanisaError, PasswordChange>({ mutationFn: (change) => changeOwnPassword(client, change) });
}
