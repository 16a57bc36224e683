/**
 * Dates as the public site says them (spec: public-site.md §9 "Relative date labels"): Today,
 * Tomorrow, 'This {weekday}' 2 to 7 days ahead, 'Next {weekday}' 8 to 14 days ahead, otherwise
 * the full date (en-KE); 'TBA' without a date. Days are counted in the church's timezone,
 * Africa/Nairobi, whatever the visitor's device says.
 */

export const CHURCH_TIME_ZONE = 'Africa/Nairobi';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: CHURCH_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const weekdayFormat = new Intl.DateTimeFormat('en-KE', { timeZone: CHURCH_TIME_ZONE, weekday: 'long' });
const fullDateFormat = new Intl.DateTimeFormat('en-KE', { timeZone: CHURCH_TIME_ZONE, dateStyle: 'full' });
const clockFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: CHURCH_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const DAY_MS = 86_400_000;

/** A Date from a Date or an ISO string; null when missing or not a real date. */
export function toDate(value: Date | string | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The calendar day of `date` in Nairobi as days since 1970-01-01. */
export function nairobiDayNumber(date: Date): number {
  const [year, month, day] = dayFormat.format(date).split('-').map(Number);
  return Math.round(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1) / DAY_MS);
}

/** Hours (0-23) and minutes of `date` on the Nairobi clock. */
export function nairobiClock(date: Date): { hours: number; minutes: number } {
  const [hours, minutes] = clockFormat.format(date).split(':').map(Number);
  return { hours: hours ?? 0, minutes: minutes ?? 0 };
}

/** Today, Tomorrow, This Saturday, Next Wednesday, 'Saturday, 6 December 2026' or TBA. */
export function relativeDateLabel(date: Date | string | null | undefined, now: Date = new Date()): string {
  const when = toDate(date);
  if (!when) return 'TBA';
  const days = nairobiDayNumber(when) - nairobiDayNumber(now);
  if (days === 0) return 'Today';
  if (days === 1) return 'Tomorrow';
  if (days >= 2 && days <= 7) return `This ${weekdayFormat.format(when)}`;
  if (days >= 8 && days <= 14) return `Next ${weekdayFormat.format(when)}`;
  return fullDateFormat.format(when);
}

/** The full date in en-KE ('Saturday, 6 December 2026'), or 'TBA'. */
export function fullDateLabel(date: Date | string | null | undefined): string {
  const when = toDate(date);
  return when ? fullDateFormat.format(when) : 'TBA';
}

/** 12-hour clock time in Nairobi: '9:00 AM', '6:30 PM', '12:00 PM'. */
export function clockLabel(date: Date): string {
  const { hours, minutes } = nairobiClock(date);
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${String(hour12)}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/**
 * The 'All Day' rule: an event without an end, or one running from 00:00 to 23:59 (Nairobi
 * clock), shows 'All Day' instead of times.
 */
export function isAllDay(start: Date | string | null | undefined, end: Date | string | null | undefined): boolean {
  const from = toDate(start);
  const to = toDate(end);
  if (!from || !to) return true;
  const a = nairobiClock(from);
  const b = nairobiClock(to);
  return a.hours === 0 && a.minutes === 0 && b.hours === 23 && b.minutes === 59;
}

/** 'All Day', or '9:00 AM - 1:00 PM' (only the start when the end is the same moment). */
export function eventTimeLabel(start: Date | string | null | undefined, end: Date | string | null | undefined): string {
  const from = toDate(start);
  if (!from || isAllDay(start, end)) return 'All Day';
  const to = toDate(end);
  const startText = clockLabel(from);
  if (!to) return startText;
  const endText = clockLabel(to);
  return endText === startText ? startText : `${startText} - ${endText}`;
}
