import { describe, expect, it } from 'vitest';
import { churchToday } from './church-time';

describe('churchToday', () => {
  it('is the date in Nairobi (UTC+3), whatever the device’s time zone', () => {
    // 22:30 UTC on 30 Nov is already 1 Dec in Nairobi.
    expect(churchToday(new Date('2026-11-30T22:30:00Z'))).toBe('2026-12-01');
    expect(churchToday(new Date('2026-11-30T20:59:00Z'))).toBe('2026-11-30');
  });
});
