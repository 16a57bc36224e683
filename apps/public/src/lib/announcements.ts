import type { SiteClient } from './kanisa';
import { CHURCH_TIME_ZONE } from './relative-date';

/** An announcement as the public pages show it. */
export interface Announcement {
  id: string;
  title: string;
  content: string;
  /** Kiswahili title and text (optional; `localized()` falls back to the English ones). */
  title_sw?: string | null;
  content_sw?: string | null;
  priority: string;
  start_date: string;
  start_time: string;
  end_date: string | null;
  end_time: string;
  target_audience: string;
  created_at: string;
}

const ymd = new Intl.DateTimeFormat('en-CA', { timeZone: CHURCH_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today's date in Nairobi as YYYY-MM-DD (for date columns such as announcements.end_date). */
export function nairobiToday(now: Date = new Date()): string {
  return ymd.format(now);
}

/**
 * The audiences a visitor of the public site belongs to: "All Welcome" and "Visitors Welcome".
 * Members', elders' and ministry leaders' announcements stay off the public site (the row
 * policy refuses them to anonymous readers too; issue 32).
 */
export const PUBLIC_AUDIENCES = ['all', 'visitors'] as const;

/**
 * Published announcements ending today or later, highest priority first, then newest (spec §7,
 * for both the home page's featured one and the Announcements page), for the public audiences
 * only; at most `limit`. One without an end date has not ended (the back office: "Leave empty
 * to keep showing it").
 */
export async function fetchCurrentAnnouncements(client: SiteClient, limit?: number): Promise<Announcement[]> {
  let query = client
    .from('announcements')
    .select('id, title, content, title_sw, content_sw, priority, start_date, start_time, end_date, end_time, target_audience, created_at')
    .eq('is_published', true)
    .in('target_audience', PUBLIC_AUDIENCES)
    .or(`end_date.is.null,end_date.gte.${nairobiToday()}`)
    .order('priority_rank', { ascending: false })
    .order('created_at', { ascending: false });
  if (limit !== undefined) query = query.limit(limit);
  const { data, error } = await query;
  if (error) throw error;
  return data;
}
