import type { KanisaClient } from '@kanisa/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { kanisa } from '../../../lib/kanisa';

/** Titles of the active sermon series, offered as suggestions for a sermon's Series field. */
export async function getSermonSeriesTitles(client: KanisaClient, signal?: AbortSignal): Promise<string[]> {
  let request = client.from('sermon_series').select('title').eq('is_active', true).order('title', { ascending: true });
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return data.map((row) => row.title);
}

export const sermonSeriesQuery = () =>
  queryOptions({
    queryKey: ['kanisa', 'sermon_series', 'titles'] as const,
    queryFn: ({ signal }) => getSermonSeriesTitles(kanisa, signal),
    staleTime: 10 * 60_000,
  });

/** Suggestions only: while loading or on failure the field is a plain text box. */
export function useSermonSeriesTitles() {
  return useQuery(sermonSeriesQuery());
}
