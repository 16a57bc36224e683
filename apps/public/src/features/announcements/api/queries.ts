import { queryOptions } from '@tanstack/react-query';
import { fetchCurrentAnnouncements, type Announcement } from '../../../lib/announcements';
import { useSiteQuery, type SiteClient } from '../../../lib/site-data';

export type { Announcement };

/** Query keys of the Announcements page. */
export const announcementKeys = {
  all: ['announcements'] as const,
  current: () => [...announcementKeys.all, 'current'] as const,
};

/** The Announcements page's reads (lib/site-data.tsx). */
export const announcementQueries = {
  current: (client: SiteClient) =>
    queryOptions({
      queryKey: announcementKeys.current(),
      queryFn: () => fetchCurrentAnnouncements(client),
      refetchInterval: 30 * 60_000,
      staleTime: 5 * 60_000,
    }),
};

export function useAnnouncements() {
  return useSiteQuery(announcementQueries.current);
}
