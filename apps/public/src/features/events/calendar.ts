/**
 * Calendar export of an event (public-site.md §2 Events): a Google Calendar or Outlook compose
 * link carrying the title, start and end, details and location. Times are the church's
 * (Africa/Nairobi, UTC+3 all year, no daylight saving). The start time is the event's own start
 * when given (`start` and `allDay`: the page's time text may be in Kiswahili), otherwise it is read
 * from the 12-hour time text ('6:00 PM', '9:00 AM - 1:00 PM'); without a known end the event
 * lasts 2 hours; an 'All Day' event ends the next day.
 */

/** Nairobi is UTC+3 all year round. */
const NAIROBI_OFFSET_MS = 3 * 3_600_000;
const HOUR_MS = 3_600_000;
const TWELVE_HOUR = /\b(\d{1,2})(?::(\d{2}))?\s*([AaPp])\.?\s*[Mm]\.?/g;

export interface CalendarEvent {
  title: string;
  /** The event's day in Nairobi, 'YYYY-MM-DD'. */
  day: string;
  /** 'All Day', or a 12-hour time ('6:00 PM') or range ('9:00 AM - 1:00 PM'). Read only without `start`. */
  time?: string;
  /** The real start; with `allDay`, used instead of reading `time`. */
  start?: Date | null;
  /** Whether the event is shown as 'All Day' (used with `start`). */
  allDay?: boolean;
  /** The real end when known (a multi-day event); used when it is after the start. */
  end?: Date | null;
  description?: string | null;
  location?: string | null;
}

export interface CalendarTimes {
  allDay: boolean;
  start: Date;
  end: Date;
}

/** '6:30 PM' → 18:30; '12:00 AM' → 0:00; null when the text holds no 12-hour time. */
export function parseTwelveHour(text: string): { hours: number; minutes: number } | null {
  const match = new RegExp(TWELVE_HOUR.source).exec(text);
  return match ? toClock(match) : null;
}

function toClock(match: RegExpExecArray): { hours: number; minutes: number } | null {
  const hour = Number(match[1]);
  const minutes = match[2] === undefined ? 0 : Number(match[2]);
  if (hour < 1 || hour > 12 || minutes > 59) return null;
  const pm = match[3]?.toLowerCase() === 'p';
  return { hours: (hour % 12) + (pm ? 12 : 0), minutes };
}

/** Every 12-hour time in the text, in order ('9:00 AM - 1:00 PM' → two). */
function allTwelveHour(text: string): { hours: number; minutes: number }[] {
  const found: { hours: number; minutes: number }[] = [];
  for (const match of text.matchAll(TWELVE_HOUR)) {
    const clock = toClock(match);
    if (clock) found.push(clock);
  }
  return found;
}

/** The instant of a Nairobi wall-clock time on a 'YYYY-MM-DD' day. */
function nairobiInstant(day: string, hours: number, minutes: number): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1, hours, minutes) - NAIROBI_OFFSET_MS);
}

/** Start and end of the event as a calendar should store them. */
export function calendarTimes(event: CalendarEvent): CalendarTimes {
  if (event.start && event.allDay !== undefined) return knownTimes(event, event.start, event.allDay);
  const time = event.time ?? '';
  const times = /all\s*day/i.test(time) ? [] : allTwelveHour(time);
  const [first, second] = times;
  if (!first) {
    const start = nairobiInstant(event.day, 0, 0);
    return { allDay: true, start, end: new Date(start.getTime() + 24 * HOUR_MS) };
  }
  const start = nairobiInstant(event.day, first.hours, first.minutes);
  let end: Date;
  if (event.end && event.end.getTime() > start.getTime()) {
    end = event.end;
  } else if (second) {
    end = nairobiInstant(event.day, second.hours, second.minutes);
    // '10:00 PM - 1:00 AM' ends the next morning.
    if (end.getTime() <= start.getTime()) end = new Date(end.getTime() + 24 * HOUR_MS);
  } else {
    end = new Date(start.getTime() + 2 * HOUR_MS);
  }
  return { allDay: false, start, end };
}

/** Start and end from the event's own start instant (not from its time text). */
function knownTimes(event: CalendarEvent, start: Date, allDay: boolean): CalendarTimes {
  if (allDay) {
    const dayStart = nairobiInstant(event.day, 0, 0);
    return { allDay: true, start: dayStart, end: new Date(dayStart.getTime() + 24 * HOUR_MS) };
  }
  const end = event.end && event.end.getTime() > start.getTime() ? event.end : new Date(start.getTime() + 2 * HOUR_MS);
  return { allDay: false, start, end };
}

/** 20251108T150000Z */
function utcStamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** 2025-11-08T15:00:00Z */
function utcIso(date: Date): string {
  return date.toISOString().replace(/\.\d{3}/, '');
}

/** The Nairobi day of an instant as YYYYMMDD or YYYY-MM-DD. */
function nairobiDay(date: Date, separator: string): string {
  return new Date(date.getTime() + NAIROBI_OFFSET_MS).toISOString().slice(0, 10).replace(/-/g, separator);
}

function query(parameters: [string, string][]): string {
  return parameters.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
}

/** A Google Calendar "create event" link. All-day dates are YYYYMMDD with the end exclusive. */
export function googleCalendarUrl(event: CalendarEvent): string {
  const { allDay, start, end } = calendarTimes(event);
  const dates = allDay ? `${nairobiDay(start, '')}/${nairobiDay(end, '')}` : `${utcStamp(start)}/${utcStamp(end)}`;
  return `https://calendar.google.com/calendar/render?${query([
    ['action', 'TEMPLATE'],
    ['text', event.title],
    ['dates', dates],
    ['details', event.description ?? ''],
    ['location', event.location ?? ''],
  ])}`;
}

/** An Outlook (outlook.live.com) compose link. */
export function outlookCalendarUrl(event: CalendarEvent): string {
  const { allDay, start, end } = calendarTimes(event);
  const parameters: [string, string][] = [
    ['path', '/calendar/action/compose'],
    ['rru', 'addevent'],
    ['subject', event.title],
    ['startdt', allDay ? nairobiDay(start, '-') : utcIso(start)],
    ['enddt', allDay ? nairobiDay(end, '-') : utcIso(end)],
    ['body', event.description ?? ''],
    ['location', event.location ?? ''],
  ];
  if (allDay) parameters.push(['allday', 'true']);
  return `https://outlook.live.com/calendar/0/deeplink/compose?${query(parameters)}`;
}
