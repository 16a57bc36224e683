import { describe, expect, it } from 'vitest';
import {
  addDays,
  churchToday,
  clampCount,
  defaultRecordDate,
  divineTotal,
  formatPercent,
  isIsoDate,
  MAX_COUNT,
  mostRecentSabbath,
  parseCount,
  percentChange,
  shares,
  stepCount,
  trendOf,
  weekday,
  weekdayName,
} from './attendance-rules';

describe('dates', () => {
  it('reads only real YYYY-MM-DD dates', () => {
    expect(isIsoDate('2026-11-21')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('21/11/2026')).toBe(false);
    expect(isIsoDate('new')).toBe(false);
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-11-21', 7)).toBe('2026-11-28');
    expect(addDays('2026-12-26', 7)).toBe('2027-01-02');
    expect(addDays('2026-03-07', -7)).toBe('2026-02-28');
  });

  it('knows Saturdays', () => {
    expect(weekday('2026-11-21')).toBe(6);
    expect(weekdayName('2026-11-24')).toBe('Tuesday');
  });

  it("takes today's date in Nairobi, not the device's zone", () => {
    // 22:30 UTC on Friday 20 November is already Saturday 01:30 in Nairobi (UTC+3).
    expect(churchToday(new Date('2026-11-20T22:30:00Z'))).toBe('2026-11-21');
    expect(churchToday(new Date('2026-11-20T20:59:00Z'))).toBe('2026-11-20');
  });
});

describe('the default date of a new record (§4)', () => {
  it('is the latest recorded date plus 7 days', () => {
    expect(defaultRecordDate('2026-11-21', new Date('2026-11-24T12:00:00Z'))).toBe('2026-11-28');
    expect(defaultRecordDate('2026-12-26')).toBe('2027-01-02');
  });

  it('is the most recent Saturday (in Nairobi) when nothing is recorded', () => {
    // Tuesday 24 November 2026 → Saturday 21 November.
    expect(defaultRecordDate(null, new Date('2026-11-24T12:00:00Z'))).toBe('2026-11-21');
    expect(defaultRecordDate(undefined, new Date('2026-11-24T12:00:00Z'))).toBe('2026-11-21');
    // A Saturday is its own most recent Saturday.
    expect(mostRecentSabbath(new Date('2026-11-21T06:00:00Z'))).toBe('2026-11-21');
    // Friday 23:30 UTC is Saturday 02:30 in Nairobi.
    expect(mostRecentSabbath(new Date('2026-11-27T23:30:00Z'))).toBe('2026-11-28');
    // Sunday → the day before.
    expect(mostRecentSabbath(new Date('2026-11-22T09:00:00Z'))).toBe('2026-11-21');
    // Friday → six days before.
    expect(mostRecentSabbath(new Date('2026-11-27T09:00:00Z'))).toBe('2026-11-21');
  });
});

describe('counters (§5)', () => {
  it('parse typed text as an integer, empty as 0, never below 0', () => {
    expect(parseCount('')).toBe(0);
    expect(parseCount('   ')).toBe(0);
    expect(parseCount('42')).toBe(42);
    expect(parseCount(' 7 ')).toBe(7);
    expect(parseCount('12.9')).toBe(12);
    expect(parseCount('15abc')).toBe(15);
    expect(parseCount('abc')).toBe(0);
    expect(parseCount('-5')).toBe(0);
    expect(parseCount('007')).toBe(7);
    expect(parseCount('99999999999')).toBe(MAX_COUNT);
  });

  it('step by −10, −1, +1, +10 and clamp at 0', () => {
    expect(stepCount(0, 1)).toBe(1);
    expect(stepCount(5, 10)).toBe(15);
    expect(stepCount(15, -10)).toBe(5);
    expect(stepCount(5, -10)).toBe(0);
    expect(stepCount(0, -1)).toBe(0);
    expect(stepCount(MAX_COUNT, 10)).toBe(MAX_COUNT);
    expect(clampCount(Number.NaN)).toBe(0);
    expect(clampCount(3.7)).toBe(3);
  });

  it('total the divine service as children + youth + adults (not Sabbath School)', () => {
    expect(
      divineTotal({ sabbath_school_count: 200, divine_children_count: 50, divine_youth_count: 70, divine_adults_count: 150 }),
    ).toBe(270);
  });
});

describe('week-over-week change (§9)', () => {
  it('is rounded to 1 decimal', () => {
    expect(percentChange(110, 100)).toBe(10);
    expect(percentChange(204, 188)).toBe(8.5);
    expect(percentChange(188, 204)).toBe(-7.8);
    expect(percentChange(1, 3)).toBe(-66.7);
    expect(percentChange(100, 100)).toBe(0);
  });

  it('is hidden (null) when the previous value is 0 or missing', () => {
    expect(percentChange(50, 0)).toBeNull();
    expect(percentChange(50, null)).toBeNull();
    expect(percentChange(50, undefined)).toBeNull();
    expect(percentChange(0, 0)).toBeNull();
  });

  it('shows one decimal and leaves the direction to the arrow', () => {
    expect(formatPercent(10)).toBe('10.0%');
    expect(formatPercent(-7.8)).toBe('7.8%');
    expect(trendOf(8.5)).toBe('up');
    expect(trendOf(-0.1)).toBe('down');
    expect(trendOf(0)).toBe('same');
    // A tiny fall rounds to 0.0, never "-0".
    expect(Object.is(percentChange(9999, 10000), 0)).toBe(true);
  });
});

describe("each group's share of the divine total", () => {
  it('is a percent with 1 decimal for children, youth and adults', () => {
    const result = shares({ sabbath_school_count: 204, divine_children_count: 53, divine_youth_count: 78, divine_adults_count: 138 });
    expect(result.map((share) => [share.label, share.count, share.percent])).toEqual([
      ['Children', 53, 19.7],
      ['Youth', 78, 29],
      ['Adults', 138, 51.3],
    ]);
  });

  it('is unknown (null) when nobody came to the divine service', () => {
    const result = shares({ sabbath_school_count: 5, divine_children_count: 0, divine_youth_count: 0, divine_adults_count: 0 });
    expect(result.every((share) => share.percent === null)).toBe(true);
  });
});
