import { queryOptions, useQuery } from '@tanstack/react-query';
import { kanisa } from '../../../lib/kanisa';
import { queryClient } from '../../../lib/query-client';
import { provide, t } from '../../../i18n';
import { homeSections as homeSectionsTexts } from '../../../i18n/en/homeSections';
import { homeKeys } from './keys';

provide(homeSectionsTexts);

export interface DailyVerse {
  text: string;
  reference: string;
  translation: string;
  reflection: string | null;
}

/** Shown when the read fails or finds no verse, in the active language (Kiswahili: the Union Version). */
export const fallbackVerse = (): DailyVerse => ({
  text: t('home.fallbackVerseText'),
  reference: t('home.fallbackVerseReference'),
  translation: t('home.fallbackVerseTranslation'),
  reflection: t('home.fallbackVerseReflection'),
});

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
