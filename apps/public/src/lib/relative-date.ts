import { formatDate, lang, t } from '../i18n';

/**
 * Dates as the public site says them (spec: public-site.md §9 "Relative date labels"): Today,
 * Tomorrow, 'This {weekday}' 2 to 7 days ahead, 'Next {weekday}' 8 to 14 days ahead, otherwise
 * the full date; 'TBA' without a date. Days are counted in the church's timezone,
 * Africa/Nairobi, whatever the visitor's device says.
 *
 * The labels follow the active language (issue 22), resolved at call time: in Kiswahili Leo,
 * Kesho, 'Jumamosi hii', 'Jumamosi ijayo', 'Jumamosi, 6 Desemba 2026', Itatangazwa, and clock
 * times on the 24-hour clock ('09:00') where English says '9:00 AM'.
 */

export const CHURCH_TIME_ZONE = 'Africa/Nairobi';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: CHURCH_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
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
  if (!when) return t('layout.tba');
  const days = nairobiDayNumber(when) - nairobiDayNumber(now);
  if (days === 0) return t('layout.today');
  if (days === 1) return t('layout.tomorrow');
  if (days >= 2 && days <= 7) return t('layout.thisWeekday', { weekday: weekdayName(when) });
  if (days >= 8 && days <= 14) return t('layout.nextWeekday', { weekday: weekdayName(when) });
  return formatFullDate(when);
}

function weekdayName(date: Date): string {
  return formatDate(date, { timeZone: CHURCH_TIME_ZONE, weekday: 'long' });
}

function formatFullDate(date: Date): string {
  return formatDate(date, { timeZone: CHURCH_TIME_ZONE, dateStyle: 'full' });
}

/** The full date ('Saturday, 6 December 2026' / 'Jumamosi, 6 Desemba 2026'), or 'TBA'. */
export function fullDateLabel(date: Date | string | null | undefined): string {
  const when = toDate(date);
  return when ? formatFullDate(when) : t('layout.tba');
}

/** 12-hour clock in English ('9:00 AM'), the 24-hour clock in Kiswahili ('09:00'). */
function clockText(hours: number, minutes: number): string {
  if (lang() === 'sw') {
    // A moment at that Nairobi clock time (UTC+3 all year), formatted by sw-KE.
    return formatDate(new Date(Date.UTC(2000, 0, 1, hours - 3, minutes)), {
      timeZone: CHURCH_TIME_ZONE,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
  }
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${String(hour12)}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** Clock time in Nairobi: '9:00 AM', '6:30 PM', '12:00 PM' (Kiswahili: '09:00', '18:30', '12:00'). */
export function clockLabel(date: Date): string {
  const { hours, minutes } = nairobiClock(date);
  return clockText(hours, minutes);
}

/** A time of day as stored ('08:30' / '08:30:00') as the site shows it: '8:30 AM' (Kiswahili '08:30'). */
export function timeOfDayLabel(value: string): string {
  const [h, m] = value.split(':').map(Number);
  if (h === undefined || Number.isNaN(h)) return value;
  return clockText(h, m ?? 0);
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
  if (!from || isAllDay(start, end)) return t('layout.allDay');
  const to = toDate(end);
  const startText = clockLabel(from);
  if (!to) return startText;
  const a = nairobiClock(from);
  const b = nairobiClock(to);
  return a.hours === b.hours && a.minutes === b.minutes ? startText : `${startText} - ${clockLabel(to)}`;
}

/**
 * How long an event lasts, in whole minutes, from its start and end (issue 32: a 9:00 AM - 1:00
 * PM event lasts 4 hours); null when it has no end, is all day, ends before it starts or runs
 * past a day (its dates say more than a duration would).
 */
export function eventDurationMinutes(start: Date | string | null | undefined, end: Date | string | null | undefined): number | null {
  const from = toDate(start);
  const to = toDate(end);
  if (!from || !to || isAllDay(start, end)) return null;
  const minutes = Math.round((to.getTime() - from.getTime()) / 60_000);
  return minutes > 0 && minutes <= 24 * 60 ? minutes : null;
}

/** A duration as people say it: '4 hours', '1 hour 30 minutes', '45 minutes' (Kiswahili 'Saa 4', 'Saa 1 na dakika 30', 'Dakika 45'). */
export function durationLabel(totalMinutes: number): string {
  const rounded = Math.max(0, Math.round(totalMinutes));
  const hours = Math.floor(rounded / 60);
  const minutes = rounded % 60;
  if (hours === 0) return t('layout.durationMinutes', { minutes });
  if (minutes === 0) return hours === 1 ? t('layout.durationHour') : t('layout.durationHours', { hours });
  return hours === 1 ? t('layout.durationHourMinutes', { minutes }) : t('layout.durationHoursMinutes', { hours, minutes });
}
