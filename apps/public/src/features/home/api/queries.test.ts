import { describe, expect, it } from 'vitest';
import { upcomingFrom } from './queries';

describe('upcomingFrom', () => {
  it('is the start of the current hour, so every visit in that hour asks the same address', () => {
    expect(upcomingFrom(new Date('2026-03-07T08:35:12.345Z'))).toBe('2026-03-07T08:00:00.000Z');
    expect(upcomingFrom(new Date('2026-03-07T08:59:59.999Z'))).toBe('2026-03-07T08:00:00.000Z');
    expect(upcomingFrom(new Date('2026-03-07T09:00:00.000Z'))).toBe('2026-03-07T09:00:00.000Z');
  });

  it('keeps a service under way: an event that began this hour is still upcoming', () => {
    const began = new Date('2026-03-07T06:00:00.000Z');
    const now = new Date('2026-03-07T06:40:00.000Z');
    expect(new Date(upcomingFrom(now)) <= began).toBe(true);
  });
});
