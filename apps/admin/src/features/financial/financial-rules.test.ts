import { describe, expect, it } from 'vitest';
import {
  donorName,
  monthKey,
  monthLabel,
  periodFrom,
  readFinancialSummary,
  readMonthlyGiving,
  sharePercent,
  trendMonths,
  trendSeries,
  trendStart,
} from './financial-rules';

const summary = {
  period: 'year',
  from: '2026-01-01',
  to: '2026-11-25',
  total: 1500.5,
  gift_count: 3,
  average: 500.17,
  named_total: 1000,
  anonymous_total: 500.5,
  anonymous_count: 1,
  by_type: [
    { giving_type: 'offering', total: 500.5, gift_count: 1 },
    { giving_type: 'tithe', total: 1000, gift_count: 2 },
  ],
  top_donors: [{ member_id: 'm1', first_name: 'Mary', last_name: 'Wanjiru', membership_number: 'M-1', total: 1000, gift_count: 2 }],
  allocated: 0,
  spent: 0,
  budget_percent: 0,
};

describe('the trend window (§9: 12 months)', () => {
  it('starts on the first day of the month 11 months ago, across year ends', () => {
    expect(trendStart('2026-11-25')).toBe('2025-12-01');
    expect(trendStart('2026-12-31')).toBe('2026-01-01');
    expect(trendStart('2026-01-05')).toBe('2025-02-01');
    expect(monthKey('2026-01-15', -1)).toBe('2025-12');
    expect(monthKey('2026-12-15', 1)).toBe('2027-01');
    expect(monthKey('2026-03-01', -27)).toBe('2023-12');
  });

  it('lists 12 months oldest first ending with this month; missing months are zero', () => {
    const months = trendMonths('2026-11-25');
    expect(months).toHaveLength(12);
    expect(months[0]).toBe('2025-12');
    expect(months[11]).toBe('2026-11');
    const series = trendSeries('2026-11-25', [
      { month_key: '2026-03', total: 700 },
      { month_key: '2024-01', total: 99 }, // outside the window: ignored
    ]);
    expect(series).toHaveLength(12);
    expect(series.find((m) => m.month === '2026-03')?.total).toBe(700);
    expect(series.reduce((sum, m) => sum + m.total, 0)).toBe(700);
    expect(monthLabel('2026-03')).toBe('Mar 2026');
  });
});

describe('figures and names (§9)', () => {
  it('gives shares as whole percents and names donors', () => {
    expect(sharePercent(1, 3)).toBe(33);
    expect(sharePercent(5, 0)).toBe(0);
    expect(donorName({ first_name: 'Mary', last_name: null })).toBe('Mary');
  });

  it('reads the period from the address, this month by default', () => {
    expect(periodFrom('year')).toBe('year');
    expect(periodFrom('decade')).toBe('month');
    expect(periodFrom(null)).toBe('month');
  });
});

describe("reading the server's answers", () => {
  it('puts all five types in the §9 order, zero-filled', () => {
    const read = readFinancialSummary(summary);
    expect(read.by_type.map((t) => [t.giving_type, t.total])).toEqual([
      ['tithe', 1000],
      ['offering', 500.5],
      ['special_project', 0],
      ['building_fund', 0],
      ['missions', 0],
    ]);
    expect(read.period).toBe('year');
    expect(read.top_donors[0]).toMatchObject({ first_name: 'Mary', membership_number: 'M-1', total: 1000 });
    expect(read.anonymous_count).toBe(1);
  });

  it('reads numeric text, refuses a shape it does not know', () => {
    expect(readFinancialSummary({ ...summary, total: '1500.50' }).total).toBe(1500.5);
    expect(() => readFinancialSummary({ ...summary, total: 'lots' })).toThrow(/unexpected/);
    expect(() => readFinancialSummary({ ...summary, by_type: null })).toThrow();
    expect(() => readFinancialSummary([])).toThrow();
    expect(readMonthlyGiving([{ month_key: '2026-01', total: 5 }])).toEqual([{ month_key: '2026-01', total: 5 }]);
    expect(() => readMonthlyGiving({})).toThrow();
  });
});
