import { formatCount } from '../../components/ui/paged-list';
import { isDay } from '../../lib/church-time';
import { guardCell } from '../../lib/csv';
import { csvAmount, givingTypeLabel, givingTypes, paymentMethodLabel } from '../../lib/giving';
import type { GivingStatement, Remittance, StatementGift } from './api/answers';

/**
 * The rules of the giving statements and the monthly remittance report: default periods, dates
 * and percentages as the documents write them, and the CSV rows of each document. Giving types,
 * payment methods and money are named as everywhere else (`lib/giving.ts`). Plain functions; the
 * pages and the tests share them.
 */

/** Giving types in the fixed order of every report (§9). */
const typeOrder: readonly string[] = givingTypes.map((type) => type.value);

/** A month written YYYY-MM. */
export function isIsoMonth(value: string | null | undefined): value is string {
  return isDay(value ? `${value}-01` : value);
}

export interface DayRange {
  from: string;
  to: string;
}

/**
 * The year-end statement's period: 1 January to 31 December of this year — in January, of the
 * year just ended (the statements members ask for then). `today` is YYYY-MM-DD in Nairobi.
 */
export function defaultStatementRange(today: string): DayRange {
  const year = Number(today.slice(0, 4)) - (today.slice(5, 7) === '01' ? 1 : 0);
  return { from: `${String(year)}-01-01`, to: `${String(year)}-12-31` };
}

/** The remittance report's default month: the one before `today`'s (YYYY-MM). */
export function defaultRemittanceMonth(today: string): string {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return month === 1 ? `${String(year - 1)}-12` : `${String(year)}-${String(month - 1).padStart(2, '0')}`;
}

const percent = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 2 });

/** 40 → '40%', 12.5 → '12.5%'. */
export function formatPercent(value: number): string {
  return `${percent.format(value)}%`;
}

const longDayFormat = new Intl.DateTimeFormat('en-KE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthFormat = new Intl.DateTimeFormat('en-KE', { month: 'long', year: 'numeric', timeZone: 'UTC' });

const utcDay = (day: string) => new Date(`${day.slice(0, 10)}T00:00:00Z`);

/** '2025-01-01', '2025-12-31' → '1 January 2025 – 31 December 2025'. */
export function formatPeriod(from: string, to: string): string {
  const first = utcDay(from);
  const last = utcDay(to);
  if (Number.isNaN(first.getTime()) || Number.isNaN(last.getTime())) return `${from} – ${to}`;
  return `${longDayFormat.format(first)} – ${longDayFormat.format(last)}`;
}

/** '2025-03-05' → '5 March 2025' (the day a document was prepared). */
export function formatLongDay(day: string): string {
  const date = utcDay(day);
  return Number.isNaN(date.getTime()) ? day : longDayFormat.format(date);
}

/** '2025-03' → 'March 2025'. */
export function formatMonth(month: string): string {
  const date = utcDay(`${month}-01`);
  return Number.isNaN(date.getTime()) ? month : monthFormat.format(date);
}

/** The member's name as a statement prints it: 'John Kariuki'. */
export function memberName(member: { first_name: string; last_name: string }): string {
  return `${member.first_name} ${member.last_name}`.trim();
}

/** The batch pager's line: 'Members 1–50 of 123' (offset from 0). */
export function membersRangeText(offset: number, shown: number, total: number): string {
  if (total === 0 || shown === 0) return `Members 0 of ${formatCount(total)}`;
  return `Members ${formatCount(offset + 1)}–${formatCount(offset + shown)} of ${formatCount(total)}`;
}

/** The statement's totals by type in the fixed order (types the member gave to only), unknown types last. */
export function orderedTypeTotals(statement: GivingStatement): GivingStatement['by_type'] {
  const rank = (type: string) => {
    const index = typeOrder.indexOf(type);
    return index < 0 ? typeOrder.length : index;
  };
  return [...statement.by_type].sort((a, b) => rank(a.giving_type) - rank(b.giving_type));
}

/** The total a member gave to one type in the statement's period (0 when none). */
export function typeTotal(statement: GivingStatement, type: string): number {
  return statement.by_type.find((line) => line.giving_type === type)?.total ?? 0;
}

/**
 * The note a statement prints under a gift whose member or type was corrected (issue 31):
 * 'Re-assigned on 12 May 2026: Paid from her husband's phone'; null when it never was.
 */
export function correctionNote(gift: Pick<StatementGift, 'reassigned_on' | 'reassign_reason'>): string | null {
  if (!gift.reassigned_on || !gift.reassign_reason) return null;
  return `Re-assigned on ${formatLongDay(gift.reassigned_on)}: ${gift.reassign_reason}`;
}

/** One member's statement as CSV rows: a header, one row per gift (with its correction, if any), then the total. */
export function statementCsvRows(statement: GivingStatement): string[][] {
  return [
    ['date', 'receipt_no', 'giving_type', 'payment_method', 'reference', 'amount', 'note'],
    ...statement.gifts.map((gift) => [
      gift.giving_date,
      gift.receipt_no ?? '',
      givingTypeLabel(gift.giving_type),
      gift.payment_method ? paymentMethodLabel(gift.payment_method) : '',
      guardCell(gift.transaction_id ?? ''),
      csvAmount(gift.amount),
      guardCell(correctionNote(gift) ?? ''),
    ]),
    ['Total', '', '', '', '', csvAmount(statement.total), ''],
  ];
}

/** The batch's CSV columns (one row per member who gave). */
export const batchCsvHeader = ['membership_number', 'name', ...typeOrder, 'total'];

/** Every member who gave as CSV rows: a header, then one row per member with the type totals. */
export function batchCsvRows(statements: readonly GivingStatement[]): string[][] {
  return [
    batchCsvHeader,
    ...statements.map((statement) => [
      guardCell(statement.member.membership_number ?? ''),
      guardCell(memberName(statement.member)),
      ...typeOrder.map((type) => csvAmount(typeTotal(statement, type))),
      csvAmount(statement.total),
    ]),
  ];
}

/** The remittance report as CSV rows: a header, one row per giving type, then the totals. */
export function remittanceCsvRows(remittance: Remittance): string[][] {
  return [
    ['giving_type', 'label', 'gifts', 'total_received', 'conference_percent', 'to_conference', 'kept_locally'],
    ...remittance.lines.map((line) => [
      line.giving_type,
      givingTypeLabel(line.giving_type),
      String(line.gift_count),
      csvAmount(line.total),
      String(line.conference_percent),
      csvAmount(line.conference_amount),
      csvAmount(line.local_amount),
    ]),
    [
      'total',
      'Total',
      String(remittance.lines.reduce((sum, line) => sum + line.gift_count, 0)),
      csvAmount(remittance.total),
      '',
      csvAmount(remittance.conference_total),
      csvAmount(remittance.local_total),
    ],
  ];
}

/** A file-name part: letters, digits, dots and dashes only. */
function fileSafe(value: string): string {
  return value.replace(/[^A-Za-z0-9.-]+/g, '-').replace(/^-+|-+$/g, '') || 'member';
}

export function statementFileName(statement: GivingStatement): string {
  const who = statement.member.membership_number ?? memberName(statement.member);
  return `giving-statement-${fileSafe(who)}-${statement.from}-to-${statement.to}.csv`;
}

export function batchFileName(range: DayRange): string {
  return `giving-statements-${range.from}-to-${range.to}.csv`;
}

export function remittanceFileName(month: string): string {
  return `remittance-${month}.csv`;
}

/** Years the remittance's month picker offers: this year back ten years, and the shown one if older. */
export function remittanceYears(today: string, shown: string): number[] {
  const current = Number(today.slice(0, 4));
  const shownYear = Number(shown.slice(0, 4));
  const first = Math.min(current - 10, shownYear);
  const last = Math.max(current, shownYear);
  return Array.from({ length: last - first + 1 }, (_, index) => last - index);
}

const monthName = new Intl.DateTimeFormat('en-KE', { month: 'long', timeZone: 'UTC' });

/** The twelve months as the picker names them: { value: '01', label: 'January' }, … */
export const monthChoices = Array.from({ length: 12 }, (_, index) => ({
  value: String(index + 1).padStart(2, '0'),
  label: monthName.format(new Date(Date.UTC(2000, index, 1))),
}));

/** 'Tithes 100%, Offerings 40%, …' in the fixed order (the remittance's lines carry the shares). */
export function sharesText(lines: readonly { giving_type: string; conference_percent: number }[]): string {
  return lines.map((line) => `${givingTypeLabel(line.giving_type)} ${formatPercent(line.conference_percent)}`).join(', ');
}
