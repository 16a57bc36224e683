import type { KanisaClient } from '@kanisa/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { settingsKeys } from '../../../lib/settings';
import { kanisa } from '../../../lib/kanisa';

/** The public System Settings a receipt is headed with (General tab, §9). */
export const identityKeys = ['church_name', 'branch_name', 'church_address', 'postal_address', 'church_phone', 'church_email', 'website'] as const;

export type ChurchIdentity = Partial<Record<(typeof identityKeys)[number], string>>;

/** Reads the settings' rows into texts: a value that is not a non-empty text is left out. */
export function readChurchIdentity(rows: readonly { key: string; value: unknown }[]): ChurchIdentity {
  const identity: ChurchIdentity = {};
  for (const { key, value } of rows) {
    if ((identityKeys as readonly string[]).includes(key) && typeof value === 'string' && value.trim() !== '') {
      identity[key as keyof ChurchIdentity] = value.trim();
    }
  }
  return identity;
}

/** The church's identity from the public settings, in one request. */
export async function getChurchIdentity(client: KanisaClient, signal?: AbortSignal): Promise<ChurchIdentity> {
  let request = client.from('system_settings').select('key, value').eq('is_public', true).in('key', [...identityKeys]);
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return readChurchIdentity(data);
}

export const churchIdentityQuery = () =>
  queryOptions({
    queryKey: [...settingsKeys.all, 'public', 'receipt-identity'] as const,
    queryFn: ({ signal }) => getChurchIdentity(kanisa, signal),
    staleTime: 30 * 60_000,
  });

export function useChurchIdentity() {
  return useQuery(churchIdentityQuery());
}
