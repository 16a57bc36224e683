import { queryOptions, useQuery } from '@tanstack/react-query';
import { kanisa } from '../../../lib/kanisa';
import { queryClient } from '../../../lib/query-client';
import { homeKeys } from './keys';

export interface DailyVerse {
  text: string;
  reference: string;
  translation: string;
  reflection: string | null;
}

/** Shown while the verse loads or when the read fails. */
export const fallbackVerse: DailyVerse = {
  text: 'Thy word is a lamp unto my feet, and a light unto my path.',
  reference: 'Psalm 119:105',
  translation: 'KJV',
  reflection: 'Let God\'s word light the next step you take today.',
};

async function fetchDailyVerse(dayIndex: number): Promise<DailyVerse | null> {
  const { data, error } = await kanisa
    .from('daily_verses')
    .select('text, reference, translation, reflection')
    .eq('day_index', dayIndex)
    .maybeSingle();
  if (error) throw error;
  return data;
}

export function dailyVerseQuery(dayIndex: number) {
  return queryOptions({
    queryKey: homeKeys.dailyVerse(dayIndex),
    queryFn: () => fetchDailyVerse(dayIndex),
    staleTime: Infinity,
  });
}

export function useDailyVerse(dayIndex: number) {
  return useQuery(dailyVerseQuery(dayIndex), queryClient);
}
