import { queryOptions } from '@tanstack/react-query';
import type { LeaderTitle } from '../../../lib/leader-name';
import { useSiteQuery, type SiteClient } from '../../../lib/site-data';

export interface AboutLeader {
  id: string;
  /** The name without a title; the title apart, translated when shown (migration 0045). */
  name: string;
  title?: LeaderTitle | null;
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

/** Query keys of the About page. */
export const aboutKeys = {
  all: ['about'] as const,
  leaders: () => [...aboutKeys.all, 'leaders'] as const,
};

/** Active pastoral team, elders and officers in display order (spec §2 About). */
async function fetchAboutLeaders(client: SiteClient): Promise<AboutLeader[]> {
  const { data, error } = await client
    .from('church_leaders')
    .select('id, name, title, position, category, bio, specialties, position_sw, bio_sw, specialties_sw, display_order')
    .eq('is_active', true)
    .in('category', ['pastoral', 'elder', 'officer'])
    .order('display_order', { ascending: true });
  if (error) throw error;
  return data;
}

/** The About page's reads (lib/site-data.tsx). */
export const aboutQueries = {
  leaders: (client: SiteClient) =>
    queryOptions({
      queryKey: aboutKeys.leaders(),
      queryFn: () => fetchAboutLeaders(client),
      staleTime: 10 * 60_000,
    }),
};

export function useAboutLeaders() {
  return useSiteQuery(aboutQueries.leaders);
}
