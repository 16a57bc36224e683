import type { KanisaClient } from '@kanisa/client';
import { useKanisa } from '@kanisa/client/react';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Public System Settings the back office shows (spec README point 16): read, never hard-coded. */
export const settingsKeys = {
  all: ['settings'] as const,
  public: (key: string) => [...settingsKeys.all, 'public', key] as const,
};

/** One public setting's value (`system_settings.value` is JSON); null when unset. */
export async function fetchPublicSetting(client: KanisaClient, key: string): Promise<unknown> {
  const { data, error } = await client
    .from('system_settings')
    .select('value')
    .eq('key', key)
    .eq('is_public', true)
    .maybeSingle();
  if (error) throw error;
  return data?.value ?? null;
}

export function publicSettingQuery(client: KanisaClient, key: string) {
  return queryOptions({
    queryKey: settingsKeys.public(key),
    queryFn: () => fetchPublicSetting(client, key),
    staleTime: 30 * 60_000,
  });
}

/** The church's name from System Settings; undefined while loading or when unset. */
export function useChurchName(): string | undefined {
  const client = useKanisa();
  const { data } = useQuery(publicSettingQuery(client, 'church_name'));
  return typeof data === 'string' && data.trim() !== '' ? data : undefined;
}

/** What the back office is called where the church's name is not known (yet). */
export const systemName = 'Church Management System';
