import { queryOptions, useQuery } from '@tanstack/react-query';
import { kanisa } from '../../../lib/kanisa';
import { queryClient } from '../../../lib/query-client';
import { ministryKeys } from './keys';

/** The leaders service (spec §7 "Leaders"): active leaders only, in display order. */
export async function fetchLeaders() {
  const { data, error } = await kanisa
    .from('church_leaders')
    .select('id, name, position, position_sw, category, email, phone')
    .eq('is_active', true)
    .order('display_order')
    .order('name');
  if (error) {
    // Spec §4: on failure the list stays empty and the error is only logged.
    console.warn('Could not load church leaders', error.message);
    return [];
  }
  return data;
}

export type LeaderRow = Awaited<ReturnType<typeof fetchLeaders>>[number];

export const leadersQuery = queryOptions({ queryKey: ministryKeys.leaders(), queryFn: fetchLeaders });

export function useLeaders() {
  return useQuery(leadersQuery, queryClient);
}
