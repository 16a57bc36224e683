import type { KanisaClient } from '@kanisa/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { kanisa } from '../../../lib/kanisa';
import type { Leader } from '../leader-form';
import { leaderKeys } from './leader-keys';

const columns = 'id, name, position, category, email, phone, bio, years_of_service, specialties, display_order, is_active';

/** The active leaders (removed ones are hidden), by display order then name. */
export async function getLeaders(client: KanisaClient, signal?: AbortSignal): Promise<Leader[]> {
  let request = client
    .from('church_leaders')
    .select(columns)
    .eq('is_active', true)
    .order('display_order', { ascending: true })
    .order('name', { ascending: true });
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return data;
}

export const leadersQuery = () => queryOptions({ queryKey: leaderKeys.adminList(), queryFn: ({ signal }) => getLeaders(kanisa, signal) });

export function useLeaders() {
  return useQuery(leadersQuery());
}
