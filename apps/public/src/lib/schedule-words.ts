import { lang, type MessageKey, t } from '../i18n';
import { timeOfDayLabel } from './relative-date';

/**
 * The weekday and time words of the church's schedules (issue 32): service times, office hours,
 * weekly activities and meeting times are typed by staff in English ('Saturday', '9:00 AM',
 * 'Monday to Friday', '9:00 AM to 5:00 PM'). On a Kiswahili page their words come from the
 * catalogue ('Jumamosi', '09:00', 'Jumatatu hadi Ijumaa'), so nobody has to type them twice.
 *
 * Only a text made entirely of weekdays, clock times and the joining words 'to' / 'and' (with
 * commas and dashes) is rewritten; any other wording is staff's own and stays as written (its
 * Kiswahili belongs in the item's own Kiswahili field).
 */

const WEEKDAYS: Record<string, MessageKey> = {
  sunday: 'layout.weekdaySunday',
  monday: 'layout.weekdayMonday',
  tuesday: 'layout.weekdayTuesday',
  wednesday: 'layout.weekdayWednesday',
  thursday: 'layout.weekdayThursday',
  friday: 'layout.weekdayFriday',
  saturday: 'layout.weekdaySaturday',
};

const DAY = '(?:sun|mon|tues|wednes|thurs|fri|satur)days?';
const CLOCK = '\\d{1,2}(?::\\d{2})?\\s*[ap]\\.?\\s?m\\.?';
const TOKEN = new RegExp(`(${DAY})|(${CLOCK})|\\b(to|and)\\b`, 'gi');
const WHOLE = new RegExp(`^(?:${DAY}|${CLOCK}|to|and|[\\s,–-])+$`, 'i');

/** '6:30 PM' → the active language's clock text ('6:30 PM' / '18:30'). */
function clock(text: string): string {
  const match = /^(\d{1,2})(?::(\d{2}))?\s*([ap])/i.exec(text);
  if (!match) return text;
  const hour12 = Number(match[1]) % 12;
  const hours = match[3]?.toLowerCase() === 'p' ? hour12 + 12 : hour12;
  return timeOfDayLabel(`${String(hours)}:${match[2] ?? '00'}`);
}

/** A schedule text (weekdays, clock times, 'to', 'and') in the active language; other texts as written. */
export function scheduleWords(text: string): string {
  if (lang() === 'en' || !WHOLE.test(text.trim())) return text;
  return text.replace(TOKEN, (whole, day: string | undefined, time: string | undefined, joiner: string | undefined) => {
    if (day) {
      const key = WEEKDAYS[day.toLowerCase().replace(/s$/, '')];
      return key ? t(key) : whole;
    }
    if (time) return clock(time);
    if (joiner) return t(joiner.toLowerCase() === 'to' ? 'layout.rangeTo' : 'layout.listAnd');
    return whole;
  });
}
