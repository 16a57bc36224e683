import type { KanisaClient } from '@kanisa/client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { withSearch } from '../../../components/ui/paged-list';
import { kanisa } from '../../../lib/kanisa';
import type { MemberChoice } from '../donation-rules';
import { memberPickerKey } from './donation-keys';

/** At most this many members are offered at once: the picker searches, it never loads everyone. */
export const PICKER_LIMIT = 20;

/** What the picker searches in (case-insensitive, on the server). */
export const pickerSearchColumns = ['first_name', 'last_name', 'full_name', 'membership_number'] as const;

/**
 * §7.3: active members (id, name, membership number) by last name for the donation member
 * picker — the first 20 matching `search` by name or membership number.
 */
export async function searchMembers(client: KanisaClient, search: string, signal?: AbortSignal): Promise<MemberChoice[]> {
  let request = withSearch(
    client.from('members').select('id, first_name, last_name, membership_number').eq('is_active', true),
    search,
    pickerSearchColumns,
  )
    .order('last_name', { ascending: true })
    .order('first_name', { ascending: true })
    .order('id', { ascending: true })
    .limit(PICKER_LIMIT);
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return data;
}

export const memberPickerQuery = (search: string) =>
  queryOptions({
    queryKey: memberPickerKey(search),
    queryFn: ({ signal }) => searchMembers(kanisa, search, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export function useMemberSearch(search: string, enabled: boolean) {
  return useQuery({ ...memberPickerQuery(search), enabled });
}
