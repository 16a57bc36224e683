import type { KanisaClient } from '@kanisa/client';
import { useKanisa } from '@kanisa/client/react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { readPage, withSearch, type PageOf, type PageParams } from '../../../components/ui/paged-list';
import type { Leader, LeaderCategory } from '../leader-form';
import { leaderKeys } from './leader-keys';

const columns =
  'id, name, title, position, category, email, phone, bio, years_of_service, specialties, display_order, is_active, position_sw, bio_sw, specialties_sw';

/** What the search looks in (§7.2: by name or position). */
export const leaderSearchColumns = ['name', 'position'] as const;

/** The category filter: '' for every category. */
export type LeaderListParams = PageParams<{ category: LeaderCategory | '' }>;

/** One page of the active leaders (removed ones are hidden), by display order then name, with the true total. */
export async function getLeaders(client: KanisaClient, { page, search, category }: LeaderListParams, signal?: AbortSignal): Promise<PageOf<Leader>> {
  let request = withSearch(client.from('church_leaders').select(columns, { count: 'exact' }).eq('is_active', true), search, leaderSearchColumns);
  if (category) request = request.eq('category', category);
  request = request.order('display_order', { ascending: true }).order('name', { ascending: true }).order('id', { ascending: true });
  if (signal) request = request.abortSignal(signal);
  return readPage(request, page);
}

export const leadersQuery = (client: KanisaClient, params: LeaderListParams) =>
  queryOptions({
    queryKey: leaderKeys.adminList(params),
    queryFn: ({ signal }) => getLeaders(client, params, signal),
    placeholderData: keepPreviousData,
  });

export function useLeaders(params: LeaderListParams) {
  const client = useKanisa();
  return useQuery(leadersQuery(client, params));
}

/** How many leaders are listed (active), whatever the search: a new leader is placed after them (§5). */
export async function countLeaders(client: KanisaClient, signal?: AbortSignal): Promise<number> {
  let request = client.from('church_leaders').select('id', { count: 'exact', head: true }).eq('is_active', true);
  if (signal) request = request.abortSignal(signal);
  const { count, error } = await request;
  if (error) throw error;
  return count ?? 0;
}

export const leaderCountQuery = (client: KanisaClient) =>
  queryOptions({ queryKey: leaderKeys.count(), queryFn: ({ signal }) => countLeaders(client, signal) });

export function useLeaderCount() {
  const client = useKanisa();
  return useQuery(leaderCountQuery(client));
}
