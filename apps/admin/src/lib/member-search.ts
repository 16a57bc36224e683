import type { KanisaClient } from '@kanisa/client';
import { tableKeys } from '@kanisa/client/react';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';

/**
 * Finding a member on the server by name or membership number (any case, every word), for the
 * member combobox (Donations, Send Message) and the giving statements: the register can hold
 * thousands, so it is never read whole — the first `MEMBER_MATCHES` by name, and how many
 * match in all.
 */

/** Members offered per search. */
export const MEMBER_MATCHES = 20;

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

/**
 * The first matches of `search`, by last name; `activeOnly` leaves out deactivated members.
 * Answered by the RPCs `search_members` and `count_member_search` (migrations 0036 and 0038: on
 * one trigram index, so the picker stays quick over a conference's register); the count is the
 * planner's estimate past 1,000, exact below.
 */
export async function searchMembers(
  client: KanisaClient,
  search: string,
  { activeOnly }: { activeOnly: boolean },
  signal?: AbortSignal,
): Promise<MemberMatches> {
  let found = client
    .rpc('search_members', { search, active_only: activeOnly, take: MEMBER_MATCHES })
    .select('id, first_name, last_name, membership_number, is_active')
    .returns<MemberMatch[]>();
  let counted = client.rpc('count_member_search', { search, active_only: activeOnly }).returns<{ count: number }>();
  if (signal) {
    found = found.abortSignal(signal);
    counted = counted.abortSignal(signal);
  }
  const [rows, count] = await Promise.all([found, counted]);
  if (rows.error) throw rows.error;
  if (count.error) throw count.error;
  return { members: rows.data, total: Math.max(count.data.count, rows.data.length) };
}

/** The query of a search (cached per search and filter, the previous answer kept while typing). */
export const memberSearchQuery = (client: KanisaClient, search: string, activeOnly: boolean) =>
  queryOptions({
    queryKey: [...tableKeys('members').all, 'search', activeOnly ? 'active' : 'all', search] as const,
    queryFn: ({ signal }) => searchMembers(client, search, { activeOnly }, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
