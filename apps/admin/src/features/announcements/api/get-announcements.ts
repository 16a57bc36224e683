import type { KanisaClient } from '@kanisa/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { kanisa } from '../../../lib/kanisa';
import type { Announcement } from '../announcement-form';
import { announcementKeys } from './announcement-keys';

const columns = 'id, title, content, priority, start_date, start_time, end_date, end_time, target_audience, is_published, created_at';

/** Every announcement, drafts and past ones included, newest first (§7.2). */
export async function getAnnouncements(client: KanisaClient, signal?: AbortSignal): Promise<Announcement[]> {
  let request = client.from('announcements').select(columns).order('created_at', { ascending: false });
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return data;
}

export const announcementsQuery = () =>
  queryOptions({ queryKey: announcementKeys.adminList(), queryFn: ({ signal }) => getAnnouncements(kanisa, signal) });

export function useAnnouncements() {
  return useQuery(announcementsQuery());
}
