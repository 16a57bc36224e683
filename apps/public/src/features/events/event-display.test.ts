import { describe, expect, it } from 'vitest';
import { eventTypeStyle, quarterOfDate, quarterOfMonth, toEventItem } from './event-display';

describe('quarters', () => {
  it.each([
    [1, 1],
    [3, 1],
    [4, 2],
    [6, 2],
    [7, 3],
    [9, 3],
    [10, 4],
    [12, 4],
  ])('month %i is in Q%i', (month, quarter) => {
    expect(quarterOfMonth(month)).toBe(quarter);
  });

  it('refuses months that do not exist', () => {
    expect(() => quarterOfMonth(0)).toThrow(RangeError);
    expect(() => quarterOfMonth(13)).toThrow(RangeError);
  });

  it('decides by the Nairobi calendar (New Year in Nairobi is still 31 December in UTC)', () => {
    expect(quarterOfDate(new Date('2025-12-31T22:00:00Z'))).toEqual({ year: 2026, quarter: 1 });
    expect(quarterOfDate(new Date('2025-12-31T20:00:00Z'))).toEqual({ year: 2025, quarter: 4 });
  });
});

describe('event types', () => {
  it('gives each spec type its icon and colour', () => {
    expect(eventTypeStyle('Prayer Event')).toEqual({ label: 'Prayer Event', icon: 'heart', color: '#7c3aed' });
    expect(eventTypeStyle('Creation').color).toBe('#047857');
  });

  it('gives unknown types a calendar icon and grey, and no type the label Event', () => {
    expect(eventTypeStyle('Bowling Night')).toEqual({ label: 'Bowling Night', icon: 'calendar', color: '#6b7280' });
    expect(eventTypeStyle(null)).toEqual({ label: 'Event', icon: 'calendar', color: '#6b7280' });
  });

  it('labels the back office codes', () => {
    expect(eventTypeStyle('worship_service').label).toBe('Worship Service');
  });
});

describe('toEventItem', () => {
  const row = {
    id: 'e1',
    title: 'Day of Prayer and Fasting',
    description: null,
    start_date: '2025-09-06T00:00:00+03:00',
    end_date: null,
    location: null,
    event_type: null,
  };

  it('applies the display defaults', () => {
    expect(toEventItem(row)).toMatchObject({
      day: '2025-09-06',
      year: 2025,
      quarter: 3,
      time: 'All Day',
      location: 'Main Sanctuary',
      description: 'Join us for this special event',
      attendees: 'All members welcome',
      category: 'ministry',
      type: { label: 'Event' },
    });
  });

  it('keeps the row values when present', () => {
    const item = toEventItem({
      ...row,
      end_date: '2025-09-06T13:00:00+03:00',
      start_date: '2025-09-06T09:00:00+03:00',
      location: 'Youth Hall',
      attendees: 'Youth',
    });
    expect(item).toMatchObject({ time: '9:00 AM - 1:00 PM', location: 'Youth Hall', attendees: 'Youth' });
  });

  it('drops a row without a usable date', () => {
    expect(toEventItem({ ...row, start_date: 'soon' })).toBeNull();
  });
});
