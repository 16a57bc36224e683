import type { KanisaClient } from '@kanisa/client';
import { withSearch } from '../../../components/ui/paged-list';
import type { Member } from '../member-form';
import { memberColumns, memberSearchColumns, toMember } from './get-members';

/** Rows per request of an export: the server's cap, so no request is cut short unnoticed. */
export const EXPORT_CHUNK = 1000;

/**
 * Every member matching `search` (all pages), in the list's order, read 1,000 at a time until the
 * server's total is reached — never silently cut. Each request continues where the rows so far
 * end, so a server with a lower cap only means more requests.
 */
export async function exportMembers(client: KanisaClient, search: string, signal?: AbortSignal): Promise<Member[]> {
  const members: Member[] = [];
  for (;;) {
    let request = withSearch(client.from('members').select(memberColumns, { count: 'exact' }), search, memberSearchColumns)
      .order('last_name', { ascending: true })
      .order('first_name', { ascending: true })
      .order('id', { ascending: true })
      .range(members.length, members.length + EXPORT_CHUNK - 1);
    if (signal) request = request.abortSignal(signal);
    const { data, error, count } = await request;
    if (error) throw error;
    members.push(...data.map((row) => toMember({ ...row, member_ministries: null })));
    const done = count === null ? data.length < EXPORT_CHUNK : members.length >= count;
    if (data.length === 0 || done) return members;
  }
}
