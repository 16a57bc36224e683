import { CHURCH_TIME_ZONE } from '../../../lib/relative-date';

const ymd = new Intl.DateTimeFormat('en-CA', { timeZone: CHURCH_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

export { nairobiToday } from '../../../lib/announcements';

/** Day of the year in Nairobi: 1 on 1 January. */
export function nairobiDayOfYear(now: Date = new Date()): number {
  const [year, month, day] = ymd.format(now).split('-').map(Number);
  const y = year ?? 1970;
  return Math.round((Date.UTC(y, (month ?? 1) - 1, day ?? 1) - Date.UTC(y, 0, 1)) / 86_400_000) + 1;
}

/** The verse of the day: day_index = day of year (Nairobi) mod 33. */
export function verseIndex(now: Date = new Date()): number {
  return nairobiDayOfYear(now) % 33;
}

/** Milliseconds until the next midnight in Nairobi (UTC+3, no daylight saving). */
export function msUntilNairobiMidnight(now: Date = new Date()): number {
  const nairobi = now.getTime() + 3 * 3_600_000;
  const day = 86_400_000;
  return day - (nairobi % day);
}
