import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchCurrentAnnouncements, type Announcement } from '../../../lib/announcements';
import { queryClient } from '../../../lib/query-client';
import { provide, t } from '../../../i18n';
import { homeSections as homeSectionsTexts } from '../../../i18n/en/homeSections';
import { homeKeys } from './keys';

provide(homeSectionsTexts);

export type FeaturedAnnouncement = Omit<Announcement, 'created_at'>;

/** Shown when there is no current announcement or the read fails (spec §9), in the active language. */
export const defaultAnnouncement = (): FeaturedAnnouncement => ({
  id: 'default',
  title: t('home.defaultAnnouncementTitle'),
  content: t('home.defaultAnnouncementContent'),
  priority: 'normal',
  start_date: '',
  start_time: '08:30',
  end_date: null,
  end_time: '17:00',
  target_audience: 'all',
});

/** The one current announcement with the highest priority, newest first (spec §7). */
async function fetchFeaturedAnnouncement(): Promise<FeaturedAnnouncement | null> {
  const [first] = await fetchCurrentAnnouncements(1);
  return first ?? null;
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
