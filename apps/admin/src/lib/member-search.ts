import type { KanisaClient } from '@kanisa/client';
import { tableKeys } from '@kanisa/client/react';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { withSearch } from '../components/ui/paged-list';

/**
 * Finding a member on the server by name or membership number (any case, every word), for the
 * member combobox (Donations, Send Message) and the giving statements: the register can hold
 * thousands, so it is never read whole — the first `MEMBER_MATCHES` by name, and how many
 * match in all.
 */

/** Members offered per search. */
export const MEMBER_MATCHES = 20;

/** What a search looks in (case-insensitive `ilike`, on the server). */
export const memberSearchColumns = ['first_name', 'last_name', 'full_name', 'membership_number'] as const;

export interface MemberMatch {
  id: string;
  first_name: string;
  last_name: string;
  membership_number: string | null;
  is_active: boolean;
}

export interface MemberMatches {
  members: MemberMatch[];
  /** How many members match in all (more than are offered when the search is short). */
  total: number;
}

/** The first matches of `search`, by last name; `activeOnly` leaves out deactivated members. */
export async function searchMembers(
  client: KanisaClient,
  search: string,
  { activeOnly }: { activeOnly: boolean },
  signal?: AbortSignal,
): Promise<MemberMatches> {
  let request = withSearch(
    client.from('members').select('id, first_name, last_name, membership_number, is_active', { count: 'exact' }),
    search,
    memberSearchColumns,
  );
  if (activeOnly) request = request.eq('is_active', true);
  request = request
    .order('last_name', { ascending: true })
    .order('first_name', { ascending: true })
    .order('id', { ascending: true })
    .limit(MEMBER_MATCHES);
  if (signal) request = request.abortSignal(signal);
  const { data, error, count } = await request;
  if (error) throw error;
  return { members: data, total: count ?? data.length };
}

/** The query of a search (cached per search and filter, the previous answer kept while typing). */
export const memberSearchQuery = (client: KanisaClient, search: string, activeOnly: boolean) =>
  queryOptions({
    queryKey: [...tableKeys('members').all, 'search', activeOnly ? 'active' : 'all', search] as const,
    queryFn: ({ signal }) => searchMembers(client, search, { activeOnly }, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
