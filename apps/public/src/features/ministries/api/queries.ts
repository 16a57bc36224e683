import { queryOptions } from '@tanstack/react-query';
import { useSiteQuery, type SiteClient } from '../../../lib/site-data';

/** Query keys of the ministries page. */
export const ministryKeys = {
  all: ['ministries'] as const,
  active: () => [...ministryKeys.all, 'active'] as const,
  leaders: () => [...ministryKeys.all, 'leaders'] as const,
};

/** Active ministries in their display order (table ministries). */
export async function fetchMinistries(client: SiteClient) {
  const { data, error } = await client
    .from('ministries')
    .select('id, name, name_sw, category, description, description_sw, leader, leader_id, contact, phone, meeting_time, meeting_time_sw, location, location_sw, activities, activities_sw, color')
    .eq('is_active', true)
    .order('display_order')
    .order('name');
  if (error) throw error;
  return data;
}

export type MinistryRow = Awaited<ReturnType<typeof fetchMinistries>>[number];

/** The leaders service (spec §7 "Leaders"): active leaders only, in display order. */
export async function fetchLeaders(client: SiteClient) {
  const { data, error } = await client
    .from('church_leaders')
    .select('id, name, title, position, position_sw, category, email, phone')
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

/** The ministries page's reads (lib/site-data.tsx). */
export const ministryQueries = {
  active: (client: SiteClient) => queryOptions({ queryKey: ministryKeys.active(), queryFn: () => fetchMinistries(client) }),
  leaders: (client: SiteClient) => queryOptions({ queryKey: ministryKeys.leaders(), queryFn: () => fetchLeaders(client) }),
};

export function useMinistries() {
  return useSiteQuery(ministryQueries.active);
}

export function useLeaders() {
  return useSiteQuery(ministryQueries.leaders);
}
