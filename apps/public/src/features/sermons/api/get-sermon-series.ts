import { queryOptions, useQuery } from '@tanstack/react-query';
import { kanisa } from '../../../lib/kanisa';
import { queryClient } from '../../../lib/query-client';
import { sermonKeys } from './keys';
import type { SeriesRow } from './types';

/** The Current Series block: active series, the most recently started first. */
export async function fetchActiveSeries(): Promise<SeriesRow[]> {
  const { data, error } = await kanisa
    .from('sermon_series')
    .select('id, title, subtitle, description, message_count, current_message, start_date, topics, title_sw, subtitle_sw, description_sw, topics_sw')
    .eq('is_active', true)
    .order('start_date', { ascending: false, nullsFirst: false });
  if (error) throw error;
  return data;
}

export const activeSeriesQuery = queryOptions({ queryKey: sermonKeys.activeSeries(), queryFn: fetchActiveSeries });

export function useActiveSeries() {
  return useQuery(activeSeriesQuery, queryClient);
}
