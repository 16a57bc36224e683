import type { KanisaClient } from '@kanisa/client';
import { useKanisa } from '@kanisa/client/react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { sermonKeys } from './sermon-keys';

/** Titles of the active sermon series, offered as suggestions for a sermon's Series field. */
export async function getSermonSeriesTitles(client: KanisaClient, signal?: AbortSignal): Promise<string[]> {
  let request = client.from('sermon_series').select('title').eq('is_active', true).order('title', { ascending: true });
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return data.map((row) => row.title);
}

export const sermonSeriesQuery = (client: KanisaClient) =>
  queryOptions({
    queryKey: sermonKeys.seriesTitles(),
    queryFn: ({ signal }) => getSermonSeriesTitles(client, signal),
    staleTime: 10 * 60_000,
  });

/** Suggestions only: while loading or on failure the field is a plain text box. */
export function useSermonSeriesTitles() {
  const client = useKanisa();
  return useQuery(sermonSeriesQuery(client));
}
