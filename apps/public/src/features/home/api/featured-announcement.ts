import { queryOptions, useQuery } from '@tanstack/react-query';
import { kanisa } from '../../../lib/kanisa';
import { queryClient } from '../../../lib/query-client';
import { homeKeys } from './keys';
import { nairobiToday } from './nairobi-date';

export interface FeaturedAnnouncement {
  id: string;
  title: string;
  content: string;
  priority: string;
  start_date: string;
  start_time: string;
  end_date: string | null;
  end_time: string;
  target_audience: string;
}

/** Shown when there is no current announcement or the read fails (spec §9). */
export const defaultAnnouncement: FeaturedAnnouncement = {
  id: 'default',
  title: 'Join Us This Sabbath',
  content: 'Come and worship with us this Sabbath: Sabbath School, the Divine Service and fellowship for the whole family. Everyone is welcome.',
  priority: 'normal',
  start_date: '',
  start_time: '08:30',
  end_date: null,
  end_time: '17:00',
  target_audience: 'all',
};

/** Published, ending today or later, highest priority first then newest; one row (spec §7). */
async function fetchFeaturedAnnouncement(): Promise<FeaturedAnnouncement | null> {
  const { data, error } = await kanisa
    .from('announcements')
    .select('id, title, content, priority, start_date, start_time, end_date, end_time, target_audience')
    .eq('is_published', true)
    .gte('end_date', nairobiToday())
    .order('priority_rank', { ascending: false })
    .order('created_at', { ascending: false })
    .limit(1);
  if (error) throw error;
  return data[0] ?? null;
}

export const featuredAnnouncementQuery = queryOptions({
  queryKey: homeKeys.featuredAnnouncement(),
  queryFn: fetchFeaturedAnnouncement,
  refetchInterval: 30 * 60_000,
  staleTime: 30 * 60_000,
});

export function useFeaturedAnnouncement() {
  return useQuery(featuredAnnouncementQuery, queryClient);
}
