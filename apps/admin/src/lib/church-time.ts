/** The church's time zone (§9): its days begin and end in Nairobi, whatever the device's zone. */
export const CHURCH_TIME_ZONE = 'Africa/Nairobi';

/** Today in Nairobi as YYYY-MM-DD. */
export function churchToday(now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: CHURCH_TIME_ZONE }).format(now);
}
