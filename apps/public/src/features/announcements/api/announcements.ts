import { queryOptions, useQuery } from '@tanstack/react-query';
import { kanisa } from '../../../lib/kanisa';
import { queryClient } from '../../../lib/query-client';
import { CHURCH_TIME_ZONE } from '../../../lib/relative-date';

export interface Announcement {
  id: string;
  title: string;
  content: string;
  priority: string;
  start_date: string;
  start_time: string;
  end_date: string | null;
  end_time: string;
  target_audience: string;
  created_at: string;
}

export const announcementKeys = {
  all: ['announcements'] as const,
  current: () => [...announcementKeys.all, 'current'] as const,
};

const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: CHURCH_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );

/** Every published announcement ending today or later; highest priority first, then newest (spec §7). */
async function fetchAnnouncements(): Promise<Announcement[]> {
  const { data, error } = await kanisa
    .from('announcements')
    .select('id, title, content, priority, start_date, start_time, end_date, end_time, target_audience, created_at')
    .eq('is_published', true)
    .gte('end_date', today())
    .order('priority_rank', { ascending: false })
    .order('created_at', { ascending: false });
  if (error) throw error;
  return data;
}

export const announcementsQuery = queryOptions({
  queryKey: announcementKeys.current(),
  queryFn: fetchAnnouncements,
  refetchInterval: 30 * 60_000,
  staleTime: 5 * 60_000,
});

export function useAnnouncements() {
  return useQuery(announcementsQuery, queryClient);
}
