import type { KanisaClient } from '@kanisa/client';
import { useKanisa } from '@kanisa/client/react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { readPage, withSearch, type PageOf, type PageParams } from '../../../components/ui/paged-list';
import type { Sermon } from '../sermon-form';
import { sermonKeys } from './sermon-keys';

const columns = 'id, title, description, speaker, sermon_date, audio_url, video_url, notes_url, series, tags, is_published, title_sw, description_sw';

/** What the search looks in. */
export const sermonSearchColumns = ['title', 'speaker', 'series'] as const;

/** One page of sermons, drafts included, newest sermon date first (§7.2), with the true total. */
export async function getSermons(client: KanisaClient, { page, search }: PageParams, signal?: AbortSignal): Promise<PageOf<Sermon>> {
  let request = withSearch(client.from('sermons').select(columns, { count: 'exact' }), search, sermonSearchColumns)
    .order('sermon_date', { ascending: false })
    .order('created_at', { ascending: false })
    .order('id', { ascending: true });
  if (signal) request = request.abortSignal(signal);
  return readPage(request, page);
}

export const sermonsQuery = (client: KanisaClient, params: PageParams) =>
  queryOptions({
    queryKey: sermonKeys.adminList(params),
    queryFn: ({ signal }) => getSermons(client, params, signal),
    placeholderData: keepPreviousData,
  });

export function useSermons(params: PageParams) {
  const client = useKanisa();
  return useQuery(sermonsQuery(client, params));
}
