import type { KanisaClient } from '@kanisa/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { kanisa } from '../../../lib/kanisa';
import type { Sermon } from '../sermon-form';
import { sermonKeys } from './sermon-keys';

const columns = 'id, title, description, speaker, sermon_date, audio_url, video_url, notes_url, series, tags, is_published';

/** Every sermon, drafts included, newest sermon date first (§7.2). */
export async function getSermons(client: KanisaClient, signal?: AbortSignal): Promise<Sermon[]> {
  let request = client
    .from('sermons')
    .select(columns)
    .order('sermon_date', { ascending: false })
    .order('created_at', { ascending: false });
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return data;
}

export const sermonsQuery = () =>
  queryOptions({ queryKey: sermonKeys.adminList(), queryFn: ({ signal }) => getSermons(kanisa, signal) });

export function useSermons() {
  return useQuery(sermonsQuery());
}
