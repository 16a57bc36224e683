import type { KanisaClient } from '@kanisa/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useKanisa } from '@kanisa/client/react';
import type { SettingRow } from '../settings-form';
import { settingsKeys } from './settings-keys';

/**
 * Every setting's row (back-office §7.6: select all). The policies give a Super Admin with
 * system_settings every row; secrets arrive as their marker, never their value.
 */
export async function getSettings(client: KanisaClient, signal?: AbortSignal): Promise<SettingRow[]> {
  let request = client.from('system_settings').select('key, value, is_secret').order('key');
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return data;
}

export const settingsQuery = (client: KanisaClient) =>
  queryOptions({
    queryKey: settingsKeys.rows(),
    queryFn: ({ signal }) => getSettings(client, signal),
    // The form is built from one reading; a background refetch would not change what is shown.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export function useSettings() {
  return useQuery(settingsQuery(useKanisa()));
}
