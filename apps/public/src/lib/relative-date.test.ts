import { describe, expect, it } from 'vitest';
import { clockLabel, durationLabel, eventDurationMinutes, eventTimeLabel, fullDateLabel, isAllDay, relativeDateLabel } from './relative-date';

// Sunday 22 November 2026, 10:00 in Nairobi.
const now = new Date('2026-11-22T10:00:00+03:00');

describe('relativeDateLabel', () => {
  it('says Today and Tomorrow by the Nairobi calendar day', () => {
    expect(relativeDateLabel('2026-11-22T23:30:00+03:00', now)).toBe('Today');
    expect(relativeDateLabel('2026-11-22T00:00:00+03:00', now)).toBe('Today');
    expect(relativeDateLabel('2026-11-23T00:05:00+03:00', now)).toBe('Tomorrow');
  });

  it('counts days in Nairobi even when UTC is still on the previous day', () => {
    // 01:30 in Nairobi on the 23rd is 22:30 UTC on the 22nd.
    expect(relativeDateLabel(new Date('2026-11-22T22:30:00Z'), now)).toBe('Tomorrow');
    // 23:30 Nairobi on the 22nd, seen from 00:30 Nairobi on the 22nd (21:30 UTC on the 21st).
    expect(relativeDateLabel('2026-11-22T23:30:00+03:00', new Date('2026-11-21T21:30:00Z'))).toBe('Today');
  });

  it("says 'This {weekday}' from 2 to 7 days ahead", () => {
    expect(relativeDateLabel('2026-11-24T09:00:00+03:00', now)).toBe('This Tuesday');
    expect(relativeDateLabel('2026-11-28T09:00:00+03:00', now)).toBe('This Saturday');
    expect(relativeDateLabel('2026-11-29T09:00:00+03:00', now)).toBe('This Sunday');
  });

  it("says 'Next {weekday}' from 8 to 14 days ahead", () => {
    expect(relativeDateLabel('2026-11-30T09:00:00+03:00', now)).toBe('Next Monday');
    expect(relativeDateLabel('2026-12-06T08:00:00+03:00', now)).toBe('Next Sunday');
  });

  it('gives the full en-KE date beyond 14 days and for past days', () => {
    expect(relativeDateLabel('2026-12-07T08:00:00+03:00', now)).toBe('Monday, 7 December 2026');
    expect(relativeDateLabel('2026-11-21', now)).toBe('Saturday, 21 November 2026');
  });

  it("says 'TBA' without a usable date", () => {
    expect(relativeDateLabel(null, now)).toBe('TBA');
    expect(relativeDateLabel(undefined, now)).toBe('TBA');
    expect(relativeDateLabel('', now)).toBe('TBA');
    expect(relativeDateLabel('not a date', now)).toBe('TBA');
    expect(fullDateLabel(null)).toBe('TBA');
  });
});

describe('All Day rule and times', () => {
  it('is All Day without an end, or from 00:00 to 23:59', () => {
    expect(isAllDay('2025-09-06T00:00:00+03:00', null)).toBe(true);
    expect(isAllDay('2025-09-06T00:00:00+03:00', '2025-09-06T23:59:00+03:00')).toBe(true);
    expect(isAllDay('2025-09-06T00:00:00+03:00', '2025-09-06T22:00:00+03:00')).toBe(false);
    expect(isAllDay('2025-09-06T09:00:00+03:00', '2025-09-06T13:00:00+03:00')).toBe(false);
  });

  it('formats 12-hour Nairobi times', () => {
    expect(clockLabel(new Date('2026-11-28T06:00:00Z'))).toBe('9:00 AM');
    expect(clockLabel(new Date('2026-11-28T12:00:00+03:00'))).toBe('12:00 PM');
    expect(clockLabel(new Date('2026-11-28T00:15:00+03:00'))).toBe('12:15 AM');
    expect(clockLabel(new Date('2026-11-28T18:30:00+03:00'))).toBe('6:30 PM');
  });

  it('labels an event with its start and end, or All Day', () => {
    expect(eventTimeLabel('2026-11-28T09:00:00+03:00', '2026-11-28T13:00:00+03:00')).toBe('9:00 AM - 1:00 PM');
    expect(eventTimeLabel('2026-11-28T09:00:00+03:00', null)).toBe('All Day');
    expect(eventTimeLabel('2026-11-28T00:00:00+03:00', '2026-11-28T23:59:00+03:00')).toBe('All Day');
    expect(eventTimeLabel('2026-11-28T09:00:00+03:00', '2026-11-28T09:00:00+03:00')).toBe('9:00 AM');
  });

  it('computes how long an event lasts (issue 32: 9:00 AM - 1:00 PM is 4 hours, not 1.5)', () => {
    expect(eventDurationMinutes('2026-11-28T09:00:00+03:00', '2026-11-28T13:00:00+03:00')).toBe(240);
    expect(durationLabel(240)).toBe('4 hours');
    expect(durationLabel(60)).toBe('1 hour');
    expect(durationLabel(90)).toBe('1 hour 30 minutes');
    expect(durationLabel(150)).toBe('2 hours 30 minutes');
    expect(durationLabel(45)).toBe('45 minutes');
    expect(eventDurationMinutes('2026-11-28T09:00:00+03:00', null)).toBeNull();
    expect(eventDurationMinutes('2026-11-28T00:00:00+03:00', '2026-11-28T23:59:00+03:00')).toBeNull();
    expect(eventDurationMinutes('2026-11-28T09:00:00+03:00', '2026-11-28T08:00:00+03:00')).toBeNull();
    expect(eventDurationMinutes('2026-11-28T09:00:00+03:00', '2026-11-30T09:00:00+03:00')).toBeNull();
  });
});
