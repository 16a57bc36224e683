import type { KanisaClient } from '@kanisa/client';
import { useKanisa } from '@kanisa/client/react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pageBounds, readKeyedPage, searchWords, withSearch, type PageOf, type PageParams } from '../../../components/ui/paged-list';
import type { Member } from '../member-form';
import { memberKeys } from './member-keys';

/** Members per page: 5,000 members stay quick to page and search. */
export const MEMBERS_PAGE_SIZE = 50;

/** The columns of a member everywhere on this screen (list, form, export). */
export const memberColumns =
  'id, membership_number, first_name, last_name, full_name, date_of_birth, address, phone, email, marital_status, baptism_date, membership_date, emergency_contact, is_active';

/** What the search looks in (§2.8, case-insensitive, on the server). */
export const memberSearchColumns = ['first_name', 'last_name', 'full_name', 'membership_number', 'email', 'phone'] as const;

/** The searched columns holding phone numbers, stored as +254… (a typed "0711" is found there too). */
export const memberPhoneColumns = ['phone'] as const;

/** A member row with its ministry links embedded. */
export type MemberRow = Omit<Member, 'ministry_ids'> & { member_ministries: { ministry_id: string }[] | null };

export function toMember({ member_ministries, ...member }: MemberRow): Member {
  return { ...member, ministry_ids: (member_ministries ?? []).map((link) => link.ministry_id) };
}

/** The list's order, which is also the key its long pages are read by (index 0034). */
export const memberSortColumns = ['last_name', 'first_name', 'id'] as const;

/** A member's sort key in the list's order. */
export function memberSortKey(member: Pick<Member, 'last_name' | 'first_name' | 'id'>): readonly string[] {
  return [member.last_name, member.first_name, member.id];
}

/**
 * The request of the members list in its order (last name, first name, id; `desc` reversed, for
 * the pages read from the end), with the search. Counted, it asks `count: 'estimated'`: exact
 * up to 1,000 members, the planner's estimate beyond, so a broad search ("0712", "gmail") over a
 * conference's register does not count every match.
 */
export function membersRequest(client: KanisaClient, search: string, order: 'asc' | 'desc' = 'asc', counted = true) {
  const ascending = order === 'asc';
  return memberSortColumns.reduce(
    (request, column) => request.order(column, { ascending }),
    withSearch(
      client
        .from('members')
        .select(`${memberColumns}, member_ministries(ministry_id)`, counted ? { count: 'estimated' } : {})
        .returns<MemberRow[]>(),
      search,
      memberSearchColumns,
      memberPhoneColumns,
    ),
  );
}

/** How many members a search finds: exact up to 1,000, the planner's estimate beyond. */
export interface SearchCount {
  count: number;
  estimated: boolean;
}

/** `search_members`' arguments beyond the search (migration 0036). */
interface SearchPageArgs {
  active_only?: boolean;
  after?: string[];
  before?: string[];
  from_end?: boolean;
  skip?: number;
  take: number;
}

/**
 * One page of a member search, chosen on the server where the indexes serve it (the RPC
 * `search_members`: by offset, after or before a row's key, or from the end, in the list's order)
 * with its count (`count_member_search`) on the first pages, so a search over a conference's
 * register costs what it costs over a church's.
 */
export async function searchMembersPage(
  client: KanisaClient,
  params: PageParams,
  size: number,
  { activeOnly = false, signal }: { activeOnly?: boolean; signal?: AbortSignal } = {},
): Promise<PageOf<MemberRow>> {
  const read = async (args: SearchPageArgs) => {
    let request = client
      .rpc('search_members', { search: params.search, active_only: activeOnly, ...args })
      .select(`${memberColumns}, member_ministries(ministry_id)`)
      .returns<MemberRow[]>();
    if (signal) request = request.abortSignal(signal);
    const { data, error } = await request;
    if (error) throw error;
    return data;
  };
  const { at } = params;
  if (!at) {
    const { from } = pageBounds(params.page, size);
    let counting = client.rpc('count_member_search', { search: params.search, active_only: activeOnly }).returns<SearchCount>();
    if (signal) counting = counting.abortSignal(signal);
    const [rows, counted] = await Promise.all([read({ skip: from, take: size }), counting]);
    if (counted.error) throw counted.error;
    const { count, estimated } = counted.data;
    return { rows, total: Math.max(count, from + rows.length), ...(estimated ? { estimated } : {}) };
  }
  const key: SearchPageArgs =
    'after' in at ? { after: [...at.after], take: size + 1 } : 'before' in at ? { before: [...at.before], take: size + 1 } : { from_end: true, take: size + 1 };
  const data = await read(key);
  const more = data.length > size;
  const rows = data.slice(0, size);
  if ('after' in at) return { rows, total: 0, uncounted: true, hasNext: more, hasPrevious: true };
  return { rows: rows.reverse(), total: 0, uncounted: true, hasNext: 'before' in at, hasPrevious: more };
}

/**
 * One page of members, ordered by last name (§7.3), with the total (an estimate above 1,000);
 * deep pages and the last are read by key, so they cost what the first does. A search is
 * answered by `search_members` (on its trigram index, migration 0038), the unsearched list by the table.
 */
export async function getMembers(client: KanisaClient, params: PageParams, signal?: AbortSignal): Promise<PageOf<Member>> {
  if (searchWords(params.search).length > 0) {
    const found = await searchMembersPage(client, params, MEMBERS_PAGE_SIZE, { signal });
    return { ...found, rows: found.rows.map(toMember) };
  }
  const page = await readKeyedPage(
    (order, counted) => {
      const request = membersRequest(client, params.search, order, counted);
      return signal ? request.abortSignal(signal) : request;
    },
    params,
    memberSortColumns,
    MEMBERS_PAGE_SIZE,
  );
  return { ...page, rows: page.rows.map(toMember) };
}

export const membersQuery = (client: KanisaClient, params: PageParams) =>
  queryOptions({
    queryKey: memberKeys.adminList(params),
    queryFn: ({ signal }) => getMembers(client, params, signal),
    placeholderData: keepPreviousData,
  });

export function useMembers(params: PageParams) {
  const client = useKanisa();
  return useQuery(membersQuery(client, params));
}
