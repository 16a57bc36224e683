import { describe, expect, it } from 'vitest';
import { msUntilNairobiMidnight, nairobiDayOfYear, nairobiToday, verseIndex } from './nairobi-date';

describe('Nairobi dates', () => {
  it('counts the day of year on the Nairobi calendar, not the device one', () => {
    expect(nairobiDayOfYear(new Date('2026-01-01T00:30:00+03:00'))).toBe(1);
    // 22:30 UTC on 31 December is already 1 January in Nairobi.
    expect(nairobiDayOfYear(new Date('2025-12-31T22:30:00Z'))).toBe(1);
    expect(nairobiDayOfYear(new Date('2026-11-22T12:00:00+03:00'))).toBe(326);
    expect(nairobiToday(new Date('2026-11-22T21:30:00Z'))).toBe('2026-11-23');
  });

  it('changes the verse at midnight Nairobi time', () => {
    const before = verseIndex(new Date('2026-11-22T23:59:00+03:00'));
    const after = verseIndex(new Date('2026-11-23T00:01:00+03:00'));
    expect(before).toBe(326 % 33);
    expect(after).toBe(327 % 33);
    expect(msUntilNairobiMidnight(new Date('2026-11-22T23:59:00+03:00'))).toBe(60_000);
  });
});
