import { describe, expect, it } from 'vitest';
import { churchToday, isDay, rangeProblem, rangeTexts } from './church-time';

describe('churchToday', () => {
  it('is the date in Nairobi (UTC+3), whatever the device’s time zone', () => {
    // 22:30 UTC on 30 Nov is already 1 Dec in Nairobi.
    expect(churchToday(new Date('2026-11-30T22:30:00Z'))).toBe('2026-12-01');
    expect(churchToday(new Date('2026-11-30T20:59:00Z'))).toBe('2026-11-30');
  });
});

describe('days and date ranges', () => {
  it('knows a real calendar day', () => {
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2025-02-29')).toBe(false);
    expect(isDay('2025-13-01')).toBe(false);
    expect(isDay('2025-1-01')).toBe(false);
    expect(isDay('1899-12-31')).toBe(false);
    expect(isDay('')).toBe(false);
    expect(isDay(null)).toBe(false);
  });

  it('says what is wrong with a range, first things first', () => {
    expect(rangeProblem('', '2026-11-25')).toBe(rangeTexts.fromRequired);
    expect(rangeProblem('2026-02-30', '2026-03-01')).toBe(rangeTexts.fromRequired);
    expect(rangeProblem('2026-11-01', '')).toBe(rangeTexts.toRequired);
    expect(rangeProblem('2026-11-26', '2026-11-25')).toBe('The first day must be on or before the last day.');
    expect(rangeProblem('2026-11-25', '2026-11-25')).toBeUndefined();
  });
});
