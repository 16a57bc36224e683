import { queryOptions, useQuery } from '@tanstack/react-query';
import { kanisa } from '../../../lib/kanisa';
import { queryClient } from '../../../lib/query-client';
import { ministryKeys } from './keys';

/** Active ministries in their display order (table ministries). */
export async function fetchMinistries() {
  const { data, error } = await kanisa
    .from('ministries')
    .select('id, name, name_sw, category, description, description_sw, leader, leader_id, contact, phone, meeting_time, meeting_time_sw, location, location_sw, activities, activities_sw, color')
    .eq('is_active', true)
    .order('display_order')
    .order('name');
  if (error) throw error;
  return data;
}

export type MinistryRow = Awaited<ReturnType<typeof fetchMinistries>>[number];

export const ministriesQuery = queryOptions({ queryKey: ministryKeys.active(), queryFn: fetchMinistries });

export function useMinistries() {
  return useQuery(ministriesQuery, queryClient);
}
