import type { KanisaClient } from '@kanisa/client';
import { useKanisa } from '@kanisa/client/react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readMinPasswordLength } from '../admin-user-rules';
import { adminUserKeys } from './admin-user-keys';

/**
 * The Security setting min_password_length (spec README point 17). `/auth/v1/settings` does not
 * carry it, so it is read from system_settings, which a Super Admin (system_settings) reads in
 * full. Missing or unreadable: 6, the product's floor; the server checks again on save.
 */
export async function getMinPasswordLength(client: KanisaClient, signal?: AbortSignal): Promise<number> {
  let request = client.from('system_settings').select('value').eq('key', 'min_password_length');
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request.maybeSingle();
  if (error) throw error;
  return readMinPasswordLength(data?.value);
}

export const minPasswordLengthQuery = (client: KanisaClient) =>
  queryOptions({
    queryKey: adminUserKeys.minPasswordLength(),
    queryFn: ({ signal }) => getMinPasswordLength(client, signal),
    staleTime: 5 * 60_000,
  });

/** The minimum length to check against: the setting once read, 6 until then or when it cannot be read. */
export function useMinPasswordLength(): number {
  const client = useKanisa();
  const { data } = useQuery(minPasswordLengthQuery(client));
  return data ?? 6;
}
