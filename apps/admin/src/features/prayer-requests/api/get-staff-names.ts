import type { KanisaClient } from '@kanisa/client';

/**
 * The display names of the given profiles, by id, from staff_names (id and full name only:
 * staff read names, never other staff's profiles — issue 31, policies/staff_names.sql).
 */
export async function getStaffNames(client: KanisaClient, ids: readonly string[], signal?: AbortSignal): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  let request = client.from('staff_names').select('id, full_name').in('id', wanted);
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return new Map(data.flatMap((row) => (row.id && row.full_name ? [[row.id, row.full_name] as const] : [])));
}
