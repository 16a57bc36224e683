import type { Database, KanisaClient } from '@kanisa/client';
import { queryOptions } from '@tanstack/react-query';
import { authKeys } from './auth-keys';

export type Profile = Database['public']['Tables']['users']['Row'];

/** The signed-in user's row in `users` (§7.1); null when there is none. */
export async function fetchProfile(client: KanisaClient, userId: string, signal?: AbortSignal): Promise<Profile | null> {
  let request = client.from('users').select('*').eq('id', userId);
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request.maybeSingle();
  if (error) throw error;
  return data;
}

export function profileQuery(client: KanisaClient, userId: string) {
  return queryOptions({
    queryKey: authKeys.profile(userId),
    queryFn: ({ signal }) => fetchProfile(client, userId, signal),
    staleTime: 5 * 60_000,
  });
}
