import { describe, expect, it } from 'vitest';
import { calendarTimes, googleCalendarUrl, outlookCalendarUrl, parseTwelveHour } from './calendar';

const prayerWeek = {
  title: 'Week of Prayer',
  day: '2025-11-01',
  time: '6:00 PM',
  description: 'The annual week of prayer & readings.',
  location: 'Main Sanctuary',
};

describe('parseTwelveHour', () => {
  it.each([
    ['6:00 PM', 18, 0],
    ['6:30 pm', 18, 30],
    ['9 AM', 9, 0],
    ['12:00 PM', 12, 0],
    ['12:15 AM', 0, 15],
    ['11:59 p.m.', 23, 59],
    ['9:00 AM - 1:00 PM', 9, 0],
  ])('reads %s', (text, hours, minutes) => {
    expect(parseTwelveHour(text)).toEqual({ hours, minutes });
  });

  it.each(['All Day', '18:00', '13:00 PM', '9:75 AM', ''])('finds no 12-hour time in %j', (text) => {
    expect(parseTwelveHour(text)).toBeNull();
  });
});

describe('calendarTimes', () => {
  it('starts at the parsed Nairobi time and lasts 2 hours by default', () => {
    const { allDay, start, end } = calendarTimes(prayerWeek);
    expect(allDay).toBe(false);
    expect(start.toISOString()).toBe('2025-11-01T15:00:00.000Z');
    expect(end.toISOString()).toBe('2025-11-01T17:00:00.000Z');
  });

  it('ends at the second time of a range', () => {
    const { start, end } = calendarTimes({ ...prayerWeek, time: '9:00 AM - 1:00 PM' });
    expect(start.toISOString()).toBe('2025-11-01T06:00:00.000Z');
    expect(end.toISOString()).toBe('2025-11-01T10:00:00.000Z');
  });

  it('takes a known later end (a multi-day event) over the time text', () => {
    const end = new Date('2025-11-08T13:00:00+03:00');
    expect(calendarTimes({ ...prayerWeek, time: '6:00 PM - 1:00 PM', end }).end).toBe(end);
  });

  it('ends the next morning when a range crosses midnight', () => {
    const { end } = calendarTimes({ ...prayerWeek, time: '10:00 PM - 1:00 AM' });
    expect(end.toISOString()).toBe('2025-11-01T22:00:00.000Z');
  });

  it('makes an All Day event end the next day', () => {
    const { allDay, start, end } = calendarTimes({ ...prayerWeek, time: 'All Day' });
    expect(allDay).toBe(true);
    expect(start.toISOString()).toBe('2025-10-31T21:00:00.000Z');
    expect(end.toISOString()).toBe('2025-11-01T21:00:00.000Z');
  });
});

describe('calendar links', () => {
  it('builds the Google link with title, dates, details and location', () => {
    expect(googleCalendarUrl(prayerWeek)).toBe(
      'https://calendar.google.com/calendar/render?action=TEMPLATE&text=Week%20of%20Prayer' +
        '&dates=20251101T150000Z%2F20251101T170000Z' +
        '&details=The%20annual%20week%20of%20prayer%20%26%20readings.&location=Main%20Sanctuary',
    );
  });

  it('gives Google whole days for an All Day event, ending the next day', () => {
    const url = new URL(googleCalendarUrl({ ...prayerWeek, day: '2025-12-31', time: 'All Day' }));
    expect(url.searchParams.get('dates')).toBe('20251231/20260101');
  });

  it('builds the Outlook link with subject, start, end, body and location', () => {
    expect(outlookCalendarUrl(prayerWeek)).toBe(
      'https://outlook.live.com/calendar/0/deeplink/compose?path=%2Fcalendar%2Faction%2Fcompose&rru=addevent' +
        '&subject=Week%20of%20Prayer&startdt=2025-11-01T15%3A00%3A00Z&enddt=2025-11-01T17%3A00%3A00Z' +
        '&body=The%20annual%20week%20of%20prayer%20%26%20readings.&location=Main%20Sanctuary',
    );
  });

  it('marks an Outlook All Day event and ends it the next day', () => {
    const url = new URL(outlookCalendarUrl({ ...prayerWeek, day: '2025-09-06', time: 'All Day' }));
    expect(url.searchParams.get('startdt')).toBe('2025-09-06');
    expect(url.searchParams.get('enddt')).toBe('2025-09-07');
    expect(url.searchParams.get('allday')).toBe('true');
  });

  it('sends empty details and location rather than "null"', () => {
    const url = new URL(googleCalendarUrl({ title: 'Vespers', day: '2026-11-27', time: '6:00 PM' }));
    expect(url.searchParams.get('details')).toBe('');
    expect(url.searchParams.get('location')).toBe('');
  });
});
