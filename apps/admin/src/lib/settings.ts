import type { KanisaClient } from '@kanisa/client';
import { tableKeys, useKanisa } from '@kanisa/client/react';
import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * Public System Settings the back office shows (spec README point 16): read, never hard-coded.
 * Under the client's `['kanisa', 'system_settings']` prefix, so a settings save
 * (`invalidateTables(…, ['system_settings'])`) refreshes the header's church name and the letterhead.
 */
export const settingsKeys = {
  all: tableKeys('system_settings').all,
  public: (key: string) => [...settingsKeys.all, 'public', key] as const,
  churchIdentity: () => [...settingsKeys.all, 'church-identity'] as const,
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

/** The church as a receipt's or statement's letterhead names it (public System Settings → General). */
export interface ChurchIdentity {
  name: string | null;
  branch: string | null;
  address: string | null;
  postalAddress: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
}

const identityKeys = {
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

/** Reads the settings' rows (key, value) into the letterhead; missing or empty ones are null. */
export function toChurchIdentity(rows: readonly { key: string; value: unknown }[]): ChurchIdentity {
  const byKey = new Map(rows.map((row) => [row.key, row.value]));
  return Object.fromEntries(
    Object.entries(identityKeys).map(([field, key]) => [field, textValue(byKey.get(key))]),
  ) as unknown as ChurchIdentity;
}

/** The letterhead's public settings, in one request. */
export async function getChurchIdentity(client: KanisaClient, signal?: AbortSignal): Promise<ChurchIdentity> {
  let request = client.from('system_settings').select('key, value').eq('is_public', true).in('key', Object.values(identityKeys));
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return toChurchIdentity(data);
}

export const churchIdentityQuery = (client: KanisaClient) =>
  queryOptions({
    queryKey: settingsKeys.churchIdentity(),
    queryFn: ({ signal }) => getChurchIdentity(client, signal),
    staleTime: 30 * 60_000,
  });

/** The church's identity for a printed document (a receipt, a statement, the remittance). */
export function useChurchIdentity() {
  const client = useKanisa();
  return useQuery(churchIdentityQuery(client));
}

/** What the back office is called where the church's name is not known (yet). */
export const systemName = 'Church Management System';
