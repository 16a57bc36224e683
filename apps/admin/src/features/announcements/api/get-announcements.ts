import type { KanisaClient } from '@kanisa/client';
import { useKanisa } from '@kanisa/client/react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { readPage, withSearch, type PageOf, type PageParams } from '../../../components/ui/paged-list';
import type { Announcement } from '../announcement-form';
import { announcementKeys } from './announcement-keys';

const columns = 'id, title, content, title_sw, content_sw, priority, start_date, start_time, end_date, end_time, target_audience, is_published, created_at';

/** What the search looks in. */
export const announcementSearchColumns = ['title', 'content'] as const;

/** One page of announcements, drafts and past ones included, newest first (§7.2), with the true total. */
export async function getAnnouncements(client: KanisaClient, { page, search }: PageParams, signal?: AbortSignal): Promise<PageOf<Announcement>> {
  let request = withSearch(client.from('announcements').select(columns, { count: 'exact' }), search, announcementSearchColumns)
    .order('created_at', { ascending: false })
    .order('id', { ascending: true });
  if (signal) request = request.abortSignal(signal);
  return readPage(request, page);
}

export const announcementsQuery = (client: KanisaClient, params: PageParams) =>
  queryOptions({
    queryKey: announcementKeys.adminList(params),
    queryFn: ({ signal }) => getAnnouncements(client, params, signal),
    placeholderData: keepPreviousData,
  });

export function useAnnouncements(params: PageParams) {
  const client = useKanisa();
  return useQuery(announcementsQuery(client, params));
}
