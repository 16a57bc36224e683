import type { KanisaClient } from '@kanisa/client';
import { useKanisa } from '@kanisa/client/react';
import { useMutation } from '@tanstack/react-query';
import { keyCondition, withSearch } from '../../../components/ui/paged-list';
import type { Member } from '../member-form';
import { memberColumns, memberPhoneColumns, memberSearchColumns, memberSortColumns, memberSortKey, toMember } from './get-members';

/** Rows per request of an export: the server's cap, so no request is cut short unnoticed. */
export const EXPORT_CHUNK = 1000;

/**
 * Every member matching `search` (all pages), in the list's order, read 1,000 at a time until the
 * server's total is reached — never silently cut. The first request counts exactly (an export
 * reads every row anyway); each next one continues by key after the last row so far (the list's
 * order, index 0034), so the 50th chunk of a conference's register costs what the first does,
 * and a server with a lower cap only means more requests.
 */
export async function exportMembers(client: KanisaClient, search: string, signal?: AbortSignal): Promise<Member[]> {
  const members: Member[] = [];
  let total: number | null = null;
  for (;;) {
    const after = members.at(-1);
    let request = withSearch(client.from('members').select(memberColumns, after ? {} : { count: 'exact' }), search, memberSearchColumns, memberPhoneColumns);
    if (after) {
      request = request.gte('last_name', after.last_name).or(keyCondition(memberSortColumns, memberSortKey(after), 'after'));
    }
    request = memberSortColumns.reduce((built, column) => built.order(column, { ascending: true }), request).limit(EXPORT_CHUNK);
    if (signal) request = request.abortSignal(signal);
    const { data, error, count } = await request;
    if (error) throw error;
    if (!after) total = count;
    members.push(...data.map((row) => toMember({ ...row, member_ministries: null })));
    const done = total === null ? data.length < EXPORT_CHUNK : members.length >= total;
    if (data.length === 0 || done) return members;
  }
}

/** The CSV export of a search as a mutation (a one-off read the page starts): its pending state and error. */
export function useExportMembers() {
  const client = useKanisa();
  return useMutation({ mutationFn: (search: string) => exportMembers(client, search) });
}
