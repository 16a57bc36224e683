import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchCurrentAnnouncements, type Announcement } from '../../../lib/announcements';
import { queryClient } from '../../../lib/query-client';

export type { Announcement };

export const announcementKeys = {
  all: ['announcements'] as const,
  current: () => [...announcementKeys.all, 'current'] as const,
};

export const announcementsQuery = queryOptions({
  queryKey: announcementKeys.current(),
  queryFn: () => fetchCurrentAnnouncements(),
  refetchInterval: 30 * 60_000,
  staleTime: 5 * 60_000,
});

export function useAnnouncements() {
  return useQuery(announcementsQuery, queryClient);
}
