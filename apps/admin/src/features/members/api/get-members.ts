import type { KanisaClient } from '@kanisa/client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { readPage, withSearch, type PageOf, type PageParams } from '../../../components/ui/paged-list';
import { kanisa } from '../../../lib/kanisa';
import type { Member } from '../member-form';
import { memberKeys } from './member-keys';

/** Members per page: 5,000 members stay quick to page and search. */
export const MEMBERS_PAGE_SIZE = 50;

/** The columns of a member everywhere on this screen (list, form, export). */
export const memberColumns =
  'id, membership_number, first_name, last_name, full_name, date_of_birth, address, phone, email, marital_status, baptism_date, membership_date, emergency_contact, is_active';

/** What the search looks in (§2.8, case-insensitive, on the server). */
export const memberSearchColumns = ['first_name', 'last_name', 'full_name', 'membership_number', 'email', 'phone'] as const;

/** A member row with its ministry links embedded. */
export type MemberRow = Omit<Member, 'ministry_ids'> & { member_ministries: { ministry_id: string }[] | null };

export function toMember({ member_ministries, ...member }: MemberRow): Member {
  return { ...member, ministry_ids: (member_ministries ?? []).map((link) => link.ministry_id) };
}

/** The request of the members list in its order (last name, first name), with the search. */
export function membersRequest(client: KanisaClient, search: string) {
  return withSearch(
    client.from('members').select(`${memberColumns}, member_ministries(ministry_id)`, { count: 'exact' }).returns<MemberRow[]>(),
    search,
    memberSearchColumns,
  )
    .order('last_name', { ascending: true })
    .order('first_name', { ascending: true })
    .order('id', { ascending: true });
}

/** One page of members, ordered by last name (§7.3), with the true total. */
export async function getMembers(client: KanisaClient, { page, search }: PageParams, signal?: AbortSignal): Promise<PageOf<Member>> {
  let request = membersRequest(client, search);
  if (signal) request = request.abortSignal(signal);
  const { rows, total } = await readPage(request, page, MEMBERS_PAGE_SIZE);
  return { rows: rows.map(toMember), total };
}

export const membersQuery = (params: PageParams) =>
  queryOptions({
    queryKey: memberKeys.adminList(params),
    queryFn: ({ signal }) => getMembers(kanisa, params, signal),
    placeholderData: keepPreviousData,
  });

export function useMembers(params: PageParams) {
  return useQuery(membersQuery(params));
}
