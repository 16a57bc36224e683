import type { KanisaClient } from '@kanisa/client';
import { useKanisa } from '@kanisa/client/react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { searchWords, withSearch } from '../../../components/ui/paged-list';
import { statementKeys } from './statement-keys';

/** Members offered per search: the register can hold thousands, so it is never read whole. */
export const MEMBER_MATCHES = 20;

/** What the picker searches in (case-insensitive `ilike`, on the server). */
export const memberPickerColumns = ['first_name', 'last_name', 'full_name', 'membership_number'] as const;

export interface MemberChoice {
  id: string;
  first_name: string;
  last_name: string;
  membership_number: string | null;
  is_active: boolean;
}

export interface MemberMatches {
  members: MemberChoice[];
  /** How many members match in all (more than are offered when the search is short). */
  total: number;
}

/** The first 20 members whose name or membership number holds every word of `search`, by last name. */
export async function searchMembers(client: KanisaClient, search: string, signal?: AbortSignal): Promise<MemberMatches> {
  let request = withSearch(
    client.from('members').select('id, first_name, last_name, membership_number, is_active', { count: 'exact' }),
    search,
    memberPickerColumns,
  )
    .order('last_name', { ascending: true })
    .order('first_name', { ascending: true })
    .order('id', { ascending: true })
    .limit(MEMBER_MATCHES);
  if (signal) request = request.abortSignal(signal);
  const { data, error, count } = await request;
  if (error) throw error;
  return { members: data, total: count ?? data.length };
}

export const memberSearchQuery = (client: KanisaClient, search: string) =>
  queryOptions({
    queryKey: statementKeys.memberSearch(search),
    queryFn: ({ signal }) => searchMembers(client, search, signal),
    placeholderData: keepPreviousData,
  });

/** Nothing is asked until the search has a word in it. */
export function useMemberSearch(search: string) {
  const client = useKanisa();
  return useQuery({ ...memberSearchQuery(client, search), enabled: searchWords(search).length > 0 });
}
