import { queryOptions, useQuery } from '@tanstack/react-query';
import { kanisa } from '../../../lib/kanisa';
import { queryClient } from '../../../lib/query-client';
import { sermonKeys } from './keys';
import type { SermonRow } from './types';

/** Spec §7 "Sermons page": published sermons, newest first. */
export async function fetchSermons(): Promise<SermonRow[]> {
  const { data, error } = await kanisa
    .from('sermons')
    .select('id, title, description, speaker, sermon_date, audio_url, video_url, notes_url, series, tags, title_sw, description_sw')
    .eq('is_published', true)
    .order('sermon_date', { ascending: false });
  if (error) throw error;
  return data;
}

export const sermonsQuery = queryOptions({ queryKey: sermonKeys.published(), queryFn: fetchSermons });

export function useSermons() {
  return useQuery(sermonsQuery, queryClient);
}
