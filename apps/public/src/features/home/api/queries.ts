import { queryOptions } from '@tanstack/react-query';
import { fetchCurrentAnnouncements } from '../../../lib/announcements';
import { useSiteQuery, type SiteClient } from '../../../lib/site-data';
import type { DailyVerseRow } from './daily-verse';
import type { FeaturedAnnouncement } from './featured-announcement';

/** Query keys of the home page's reads. */
export const homeKeys = {
  all: ['home'] as const,
  featuredAnnouncement: () => [...homeKeys.all, 'featured-announcement'] as const,
  upcomingEvents: () => [...homeKeys.all, 'upcoming-events'] as const,
  dailyVerse: (dayIndex: number) => [...homeKeys.all, 'daily-verse', dayIndex] as const,
};

export interface UpcomingEvent {
  id: string;
  title: string;
  description: string | null;
  /** Kiswahili title and description (optional; `localized()` falls back to the English ones). */
  title_sw?: string | null;
  description_sw?: string | null;
  start_date: string;
  end_date: string | null;
  location: string | null;
  location_sw?: string | null;
  event_type: string | null;
}

/** The one current announcement with the highest priority, newest first (spec §7). */
async function fetchFeaturedAnnouncement(client: SiteClient): Promise<FeaturedAnnouncement | null> {
  const [first] = await fetchCurrentAnnouncements(client, 1);
  return first ?? null;
}

/**
 * Where "upcoming" starts: the start of the current hour, so a service under way still shows,
 * and every visit in that hour asks the same address — which the server's anonymous cache
 * answers and the browser revalidates (304, no body) instead of downloading again.
 */
export function upcomingFrom(now: Date): string {
  const hour = new Date(now.getTime());
  hour.setUTCMinutes(0, 0, 0);
  return hour.toISOString();
}

/** Published events from this hour on, soonest first, three (spec §7). */
async function fetchUpcomingEvents(client: SiteClient): Promise<UpcomingEvent[]> {
  const { data, error } = await client
    .from('events')
    .select('id, title, description, title_sw, description_sw, start_date, end_date, location, location_sw, event_type, is_published')
    .eq('is_published', true)
    .gte('start_date', upcomingFrom(new Date()))
    .order('start_date', { ascending: true })
    .limit(3);
  if (error) throw error;
  return data;
}

async function fetchDailyVerse(client: SiteClient, dayIndex: number): Promise<DailyVerseRow | null> {
  const { data, error } = await client
    .from('daily_verses')
    .select('text, reference, translation, reflection, text_sw, reference_sw, translation_sw, reflection_sw')
    .eq('day_index', dayIndex)
    .maybeSingle();
  if (error) throw error;
  return data;
}

/** The home page's reads (lib/site-data.tsx). */
export const homeQueries = {
  featuredAnnouncement: (client: SiteClient) =>
    queryOptions({
      queryKey: homeKeys.featuredAnnouncement(),
      queryFn: () => fetchFeaturedAnnouncement(client),
      refetchInterval: 30 * 60_000,
      staleTime: 30 * 60_000,
    }),
  /** Refreshed hourly. */
  upcomingEvents: (client: SiteClient) =>
    queryOptions({
      queryKey: homeKeys.upcomingEvents(),
      queryFn: () => fetchUpcomingEvents(client),
      refetchInterval: 60 * 60_000,
      staleTime: 60 * 60_000,
    }),
  dailyVerse: (client: SiteClient, dayIndex: number) =>
    queryOptions({
      queryKey: homeKeys.dailyVerse(dayIndex),
      queryFn: () => fetchDailyVerse(client, dayIndex),
      staleTime: Infinity,
    }),
};

export function useFeaturedAnnouncement() {
  return useSiteQuery(homeQueries.featuredAnnouncement);
}

export function useUpcomingEvents() {
  return useSiteQuery(homeQueries.upcomingEvents);
}

export function useDailyVerse(dayIndex: number) {
  return useSiteQuery((client) => homeQueries.dailyVerse(client, dayIndex));
}
