import { KanisaError } from '@kanisa/client';
import { answerReader } from '../../lib/answer-reader';
import { givingTypes } from '../../lib/giving';

/**
 * The Financial Dashboard's rules and words (back-office.md §2.12, §7.5, §9), and the readers of
 * the server's answers (`get_financial_summary`, `get_monthly_giving`): the answers are JSON, so
 * their shape is checked here once — a mismatch is an error, never a guess. Giving types, payment
 * methods and money are named as everywhere else (`lib/giving.ts`).
 */

/** §2.12: the period selector. */
export type Period = 'month' | 'year';

export const periods: readonly { value: Period; label: string }[] = [
  { value: 'month', label: 'This Month' },
  { value: 'year', label: 'This Year' },
];

/** `?period=year` → 'year'; anything else the default, this month. */
export function periodFrom(value: string | null | undefined): Period {
  return value === 'year' ? 'year' : 'month';
}

/** §9: the trend covers 12 months, this one included. */
export const TREND_MONTHS = 12;
/** §9: top donors 5, recent donations 10. */
export const TOP_DONORS = 5;
export const RECENT_DONATIONS = 10;

/** 'YYYY-MM' of the month `offset` months after the month of `day` (negative: before). */
export function monthKey(day: string, offset = 0): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7)) - 1 + offset;
  const y = year + Math.floor(month / 12);
  const m = ((month % 12) + 12) % 12;
  return `${String(y).padStart(4, '0')}-${String(m + 1).padStart(2, '0')}`;
}

/** `get_monthly_giving`'s from_date for the trend: the first day of the month 11 months ago. */
export function trendStart(today: string): string {
  return `${monthKey(today, -(TREND_MONTHS - 1))}-01`;
}

/** The trend's 12 month keys, oldest first, ending with the month of `today`. */
export function trendMonths(today: string): string[] {
  return Array.from({ length: TREND_MONTHS }, (_, i) => monthKey(today, i - (TREND_MONTHS - 1)));
}

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const longMonthNames = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
];

/** '2026-03' → 'Mar 2026'. */
export function monthLabel(key: string): string {
  const month = monthNames[Number(key.slice(5, 7)) - 1];
  return month ? `${month} ${key.slice(0, 4)}` : key;
}

/** '2026-03' → 'March 2026' (for screen readers and the table). */
export function longMonthLabel(key: string): string {
  const month = longMonthNames[Number(key.slice(5, 7)) - 1];
  return month ? `${month} ${key.slice(0, 4)}` : key;
}

export interface MonthTotal {
  month: string;
  total: number;
}

/**
 * The trend's 12 months with their totals: each month of the window, the server's total for it
 * or 0 (the server fills the gaps too; this keeps the chart at 12 bars whatever it sends).
 */
export function trendSeries(today: string, rows: readonly { month_key: string; total: number }[]): MonthTotal[] {
  const totals = new Map(rows.map((row) => [row.month_key, row.total]));
  return trendMonths(today).map((month) => ({ month, total: totals.get(month) ?? 0 }));
}

/** A share of the period's total as a whole percent (0 when nothing was given). */
export function sharePercent(part: number, total: number): number {
  return total > 0 ? Math.round((part / total) * 100) : 0;
}

// ---------------------------------------------------------------------------------------------
// The server's answers.

export interface TypeTotal {
  giving_type: string;
  total: number;
  gift_count: number;
}

export interface TopDonor {
  member_id: string;
  first_name: string;
  last_name: string;
  membership_number: string | null;
  total: number;
  gift_count: number;
}

/** `get_financial_summary`'s answer (counted gifts: verified, never demo). */
export interface FinancialSummary {
  period: Period;
  from: string;
  to: string;
  total: number;
  gift_count: number;
  average: number;
  named_total: number;
  anonymous_total: number;
  anonymous_count: number;
  by_type: TypeTotal[];
  top_donors: TopDonor[];
  allocated: number;
  spent: number;
  budget_percent: number;
}

/**
 * Reads `get_financial_summary`'s answer. `by_type` comes back with all five types in the §9
 * order whatever order or subset the server sent (missing ones are zero).
 */
export function readFinancialSummary(data: unknown): FinancialSummary {
  const read = answerReader();
  const answer = read.record(data, 'the summary');
  const byType = read.list(answer.by_type, 'by_type').map((item): TypeTotal => {
    const row = read.record(item, 'a type total');
    return { giving_type: read.text(row.giving_type, 'giving_type'), total: read.number(row.total, 'a type total'), gift_count: read.number(row.gift_count, 'a type count') };
  });
  const topDonors = read.list(answer.top_donors, 'top_donors').map((item): TopDonor => {
    const row = read.record(item, 'a donor');
    return {
      member_id: read.text(row.member_id, 'member_id'),
      first_name: read.textOrNull(row.first_name, 'first_name') ?? '',
      last_name: read.textOrNull(row.last_name, 'last_name') ?? '',
      membership_number: read.textOrNull(row.membership_number, 'membership_number'),
      total: read.number(row.total, 'a donor total'),
      gift_count: read.number(row.gift_count ?? 0, 'a donor count'),
    };
  });
  const known = new Set<string>(givingTypes.map((t) => t.value));
  const ordered = givingTypes.map(
    ({ value }) => byType.find((row) => row.giving_type === value) ?? { giving_type: value, total: 0, gift_count: 0 },
  );
  return {
    period: periodFrom(read.textOrNull(answer.period, 'period')),
    from: read.text(answer.from, 'from'),
    to: read.text(answer.to, 'to'),
    total: read.number(answer.total, 'total'),
    gift_count: read.number(answer.gift_count, 'gift_count'),
    average: read.number(answer.average ?? 0, 'average'),
    named_total: read.number(answer.named_total ?? 0, 'named_total'),
    anonymous_total: read.number(answer.anonymous_total, 'anonymous_total'),
    anonymous_count: read.number(answer.anonymous_count, 'anonymous_count'),
    by_type: [...ordered, ...byType.filter((row) => !known.has(row.giving_type))],
    top_donors: topDonors,
    allocated: read.number(answer.allocated, 'allocated'),
    spent: read.number(answer.spent, 'spent'),
    budget_percent: read.number(answer.budget_percent, 'budget_percent'),
  };
}

/** Reads `get_monthly_giving`'s rows. */
export function readMonthlyGiving(data: unknown): { month_key: string; total: number }[] {
  const read = answerReader();
  return read.list(data, 'the monthly giving').map((item) => {
    const row = read.record(item, 'a month');
    return { month_key: read.text(row.month_key, 'month_key'), total: read.number(row.total, 'a month total') };
  });
}

/** "Mary Wanjiru". */
export function donorName(person: { first_name: string | null; last_name: string | null }): string {
  return [person.first_name, person.last_name].filter((part): part is string => !!part && part.trim() !== '').join(' ') || 'Unnamed member';
}

/**
 * Why a read failed, in words a treasurer can act on: no connection, a refusal (which
 * permission), otherwise the server's own message.
 */
export function problemText(error: unknown): string {
  if (error instanceof KanisaError) {
    if (error.status === 0) return error.message;
    if (error.status === 401 || error.status === 403) {
      return 'Your account may not read the financial reports (view_financial_reports). Ask a Super Admin if it should.';
    }
    return error.message;
  }
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong.';
}
