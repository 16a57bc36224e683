import { queryOptions, useQuery } from '@tanstack/react-query';
import { kanisa } from '../../../lib/kanisa';
import { queryClient } from '../../../lib/query-client';

export interface AboutLeader {
  id: string;
  name: string;
  position: string;
  category: string;
  bio: string | null;
  specialties: string[];
  /** Kiswahili position, biography and specialties (optional; the English ones when empty). */
  position_sw?: string | null;
  bio_sw?: string | null;
  specialties_sw?: string[] | null;
  display_order: number;
}

export const aboutLeaderKeys = {
  all: ['church_leaders'] as const,
  about: () => [...aboutLeaderKeys.all, 'about'] as const,
};

/** Active pastoral team, elders and officers in display order (spec §2 About). */
async function fetchAboutLeaders(): Promise<AboutLeader[]> {
  const { data, error } = await kanisa
    .from('church_leaders')
    .select('id, name, position, category, bio, specialties, position_sw, bio_sw, specialties_sw, display_order')
    .eq('is_active', true)
    .in('category', ['pastoral', 'elder', 'officer'])
    .order('display_order', { ascending: true });
  if (error) throw error;
  return data;
}

export const aboutLeadersQuery = queryOptions({
  queryKey: aboutLeaderKeys.about(),
  queryFn: fetchAboutLeaders,
  staleTime: 10 * 60_000,
});

export function useAboutLeaders() {
  return useQuery(aboutLeadersQuery, queryClient);
}
