import type { KanisaClient } from '@kanisa/client';
import { useKanisa } from '@kanisa/client/react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { statementKeys } from './statement-keys';

/** The church as a document's letterhead names it (public System Settings → General). */
export interface ChurchIdentity {
  name: string | null;
  branch: string | null;
  address: string | null;
  postalAddress: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
}

const settingKeys = {
  name: 'church_name',
  branch: 'branch_name',
  address: 'church_address',
  postalAddress: 'postal_address',
  phone: 'church_phone',
  email: 'church_email',
  website: 'website',
} as const satisfies Record<keyof ChurchIdentity, string>;

/** A setting's value when it is non-empty text. */
function textValue(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Reads the settings' rows (key, value) into the letterhead; missing ones are null. */
export function toChurchIdentity(rows: readonly { key: string; value: unknown }[]): ChurchIdentity {
  const byKey = new Map(rows.map((row) => [row.key, row.value]));
  return Object.fromEntries(
    Object.entries(settingKeys).map(([field, key]) => [field, textValue(byKey.get(key))]),
  ) as unknown as ChurchIdentity;
}

/** One request for the letterhead's public settings. */
export async function getChurchIdentity(client: KanisaClient, signal?: AbortSignal): Promise<ChurchIdentity> {
  let request = client.from('system_settings').select('key, value').eq('is_public', true).in('key', Object.values(settingKeys));
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return toChurchIdentity(data);
}

export const churchIdentityQuery = (client: KanisaClient) =>
  queryOptions({
    queryKey: statementKeys.churchIdentity(),
    queryFn: ({ signal }) => getChurchIdentity(client, signal),
    staleTime: 30 * 60_000,
  });

export function useChurchIdentity() {
  const client = useKanisa();
  return useQuery(churchIdentityQuery(client));
}
