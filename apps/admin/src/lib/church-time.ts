/** The church's time zone (§9): its days begin and end in Nairobi, whatever the device's zone. */
export const CHURCH_TIME_ZONE = 'Africa/Nairobi';

/** Today in Nairobi as YYYY-MM-DD. */
export function churchToday(now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: CHURCH_TIME_ZONE }).format(now);
}

/** This year in Nairobi. */
export function churchYear(now: Date = new Date()): number {
  return Number(churchToday(now).slice(0, 4));
}

/** A real calendar day written YYYY-MM-DD (2025-02-30 is not; nor is anything before 1900). */
export function isDay(value: string | null | undefined): value is string {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1900 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The texts of a date range's checks, the same on every screen that filters by dates. */
export const rangeTexts = {
  fromRequired: 'Please choose the first day of the range.',
  toRequired: 'Please choose the last day of the range.',
  order: 'The first day must be on or before the last day.',
} as const;

/** What is wrong with a date range as typed, or undefined when it can be asked for. */
export function rangeProblem(from: string, to: string): string | undefined {
  if (!isDay(from)) return rangeTexts.fromRequired;
  if (!isDay(to)) return rangeTexts.toRequired;
  if (from > to) return rangeTexts.order;
  return undefined;
}
