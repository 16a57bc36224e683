import { queryOptions } from '@tanstack/react-query';
import { useSiteQuery, type SiteClient } from '../../../lib/site-data';
import type { SeriesRow, SermonRow } from './types';

/** Query keys of the sermons page. */
export const sermonKeys = {
  all: ['sermons'] as const,
  published: () => [...sermonKeys.all, 'published'] as const,
  activeSeries: () => [...sermonKeys.all, 'series', 'active'] as const,
  samples: () => [...sermonKeys.all, 'samples'] as const,
};

/** Spec §7 "Sermons page": published sermons, newest first. */
export async function fetchSermons(client: SiteClient): Promise<SermonRow[]> {
  const { data, error } = await client
    .from('sermons')
    .select('id, title, description, speaker, sermon_date, audio_url, video_url, notes_url, series, tags, title_sw, description_sw')
    .eq('is_published', true)
    .order('sermon_date', { ascending: false });
  if (error) throw error;
  return data;
}

/** The Current Series block: active series, the most recently started first. */
export async function fetchActiveSeries(client: SiteClient): Promise<SeriesRow[]> {
  const { data, error } = await client
    .from('sermon_series')
    .select('id, title, subtitle, description, message_count, current_message, start_date, topics, title_sw, subtitle_sw, description_sw, topics_sw')
    .eq('is_active', true)
    .order('start_date', { ascending: false, nullsFirst: false });
  if (error) throw error;
  return data;
}

/** The sermons page's reads (lib/site-data.tsx). */
export const sermonQueries = {
  published: (client: SiteClient) => queryOptions({ queryKey: sermonKeys.published(), queryFn: () => fetchSermons(client) }),
  activeSeries: (client: SiteClient) => queryOptions({ queryKey: sermonKeys.activeSeries(), queryFn: () => fetchActiveSeries(client) }),
  /** The built-in sample sermons and series, downloaded only when they are needed (no request to the server). */
  samples: () =>
    queryOptions({
      queryKey: sermonKeys.samples(),
      queryFn: () => import('../sample-sermons'),
      staleTime: Infinity,
      gcTime: Infinity,
    }),
};

export function useSermons() {
  return useSiteQuery(sermonQueries.published);
}

export function useActiveSeries() {
  return useSiteQuery(sermonQueries.activeSeries);
}

export function useSermonSamples(needed: boolean) {
  return useSiteQuery(() => ({ ...sermonQueries.samples(), enabled: needed }));
}
