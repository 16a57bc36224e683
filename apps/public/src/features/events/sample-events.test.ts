import { describe, expect, it } from 'vitest';
import { toEventItem } from './event-display';
import { sampleEvents } from './sample-events';

describe('sampleEvents', () => {
  it('holds the 52 sample events, on their 2025 dates for 2025', () => {
    const events = sampleEvents(2025);
    expect(events).toHaveLength(52);
    expect(events[0]).toMatchObject({ title: 'New Year Dedication Sabbath', start_date: '2025-01-04T06:00:00.000Z' });
    expect(events.find((event) => event.title === 'Day of Prayer and Fasting')?.end_date).toBeNull();
  });

  it('moves them by whole weeks into another year, keeping the weekday', () => {
    const [first] = sampleEvents(2026);
    expect(first?.start_date).toBe('2026-01-03T06:00:00.000Z');
    expect(new Date(first?.start_date ?? '').getUTCDay()).toBe(6);
    const items = sampleEvents(2026).map(toEventItem);
    const perQuarter = [1, 2, 3, 4].map((quarter) => items.filter((item) => item?.year === 2026 && item.quarter === quarter).length);
    expect(perQuarter.every((count) => count >= 10)).toBe(true);
  });
});
