import { answerReader, type AnswerReader } from '../../lib/answer-reader';

/**
 * The answers of `get_report(p_tab, p_period)` (issue 20): one JSON object per tab and period,
 * aggregated by the server (the browser never sums rows). Their shape is checked here once, at
 * the boundary: a field that does not fit is an error naming it, never a guessed zero.
 */

/** §2.18: the report's tabs, in the order they are shown. */
export type ReportTab = 'overview' | 'financial' | 'membership' | 'attendance' | 'communication';
/** §9: week = last 7 days, month = last 1 month (the default), quarter = last 3 months, year = last 1 year. */
export type ReportPeriod = 'week' | 'month' | 'quarter' | 'year';

export const REPORT_TABS: readonly ReportTab[] = ['overview', 'financial', 'membership', 'attendance', 'communication'];
export const REPORT_PERIODS: readonly ReportPeriod[] = ['week', 'month', 'quarter', 'year'];

/** What every answer carries: the tab, the period and its first and last day (YYYY-MM-DD). */
export interface ReportBase {
  period: ReportPeriod;
  from: string;
  to: string;
}

/**
 * The member figures of the tabs that count members (migration 0044, issue 41): the same three
 * on every screen (lib/member-figures.ts). The answers' older `total_members` meant the active
 * members on the overview and the whole register on the membership tab; it is not read.
 */
export interface MemberFigures {
  /** Every member on the register, active and inactive. */
  all_members: number;
  active_members: number;
  /** all_members - active_members. */
  inactive_members: number;
}

export interface OverviewReport extends ReportBase, MemberFigures {
  income: number;
  expenses: number;
  net_income: number;
  /** Members added (created) in the period, active or not. */
  new_members: number;
  /** Mean divine total of the period's records; null without records. */
  avg_attendance: number | null;
  attendance_records: number;
  /** Percent against the previous period of the same length; null when not known. */
  attendance_change: number | null;
  income_change: number | null;
  messages_sent: number;
  messages_simulated: number;
  engagement: number | null;
  delivery_rate: number | null;
}

export interface CategoryTotal {
  giving_type: string | null;
  label: string;
  amount: number;
  count: number;
  percent: number;
}

export interface FinancialReport extends ReportBase {
  income: number;
  expenses: number;
  net_income: number;
  gifts: number;
  by_category: CategoryTotal[];
  /** 6 months, oldest first. */
  trend: { month: string; income: number; expenses: number }[];
}

export interface MembershipReport extends ReportBase, MemberFigures {
  /** Members added (created) in the period, active or not. */
  new_members: number;
  /** 0-17, 18-30, 31-50, 51-70, 70+, then Unknown. */
  ages: { bucket: string; count: number }[];
  ministries: { id: string; name: string; members: number }[];
  /** 12 month ends, oldest first. */
  growth: { month_end: string; members: number }[];
}

export interface AttendanceReport extends ReportBase {
  records: number;
  average: number | null;
  services: { service: string; average: number | null; total: number }[];
  /** The last 4 records, newest first. */
  recent: { date: string; divine_total: number; sabbath_school_count: number; change: number | null }[];
  /** Q1-Q4 over the last 12 months. */
  seasonal: { quarter: string; average: number | null; records: number }[];
}

export interface ChannelFigures {
  channel: string;
  source: string;
  total: number;
  sent: number;
  read: number;
  delivery_rate: number | null;
  engagement: number | null;
}

export interface SendFigures {
  total: number;
  sent: number;
  /** Text messages only: what the provider confirmed; null for e-mail (no such report). */
  delivered: number | null;
  failed: number;
  simulated: number;
  delivery_rate: number | null;
}

export interface CommunicationReport extends ReportBase {
  channels: ChannelFigures[];
  sends: { sms: SendFigures; email: SendFigures };
  replies: { answered: number; avg_response_minutes: number | null };
}

export interface ReportByTab {
  overview: OverviewReport;
  financial: FinancialReport;
  membership: MembershipReport;
  attendance: AttendanceReport;
  communication: CommunicationReport;
}

export function isReportTab(value: unknown): value is ReportTab {
  return REPORT_TABS.includes(value as ReportTab);
}

export function isReportPeriod(value: unknown): value is ReportPeriod {
  return REPORT_PERIODS.includes(value as ReportPeriod);
}

type Fields = Record<string, unknown>;

function numberOrNull(read: AnswerReader, value: unknown, name: string): number | null {
  return value === null || value === undefined ? null : read.number(value, name);
}

function base(read: AnswerReader, answer: Fields, tab: ReportTab): ReportBase {
  if (answer.tab !== undefined && answer.tab !== tab) throw read.fail(`tab is not ${tab}`);
  const period = read.text(answer.period, 'period');
  if (!isReportPeriod(period)) throw read.fail(`period ${period} is not a report period`);
  return { period, from: read.text(answer.from, 'from'), to: read.text(answer.to, 'to') };
}

function memberFigures(read: AnswerReader, a: Fields): MemberFigures {
  const figures = {
    all_members: read.count(a.all_members, 'all_members'),
    active_members: read.count(a.active_members, 'active_members'),
    inactive_members: read.count(a.inactive_members, 'inactive_members'),
  };
  if (figures.active_members + figures.inactive_members !== figures.all_members) {
    throw read.fail('active_members and inactive_members do not add up to all_members');
  }
  return figures;
}

function readOverview(read: AnswerReader, a: Fields): OverviewReport {
  return {
    ...base(read, a, 'overview'),
    ...memberFigures(read, a),
    income: read.number(a.income, 'income'),
    expenses: read.number(a.expenses, 'expenses'),
    net_income: read.number(a.net_income, 'net_income'),
    new_members: read.count(a.new_members, 'new_members'),
    avg_attendance: numberOrNull(read, a.avg_attendance, 'avg_attendance'),
    attendance_records: read.count(a.attendance_records, 'attendance_records'),
    attendance_change: numberOrNull(read, a.attendance_change, 'attendance_change'),
    income_change: numberOrNull(read, a.income_change, 'income_change'),
    messages_sent: read.count(a.messages_sent, 'messages_sent'),
    messages_simulated: read.count(a.messages_simulated ?? 0, 'messages_simulated'),
    engagement: numberOrNull(read, a.engagement, 'engagement'),
    delivery_rate: numberOrNull(read, a.delivery_rate, 'delivery_rate'),
  };
}

function readFinancial(read: AnswerReader, a: Fields): FinancialReport {
  return {
    ...base(read, a, 'financial'),
    income: read.number(a.income, 'income'),
    expenses: read.number(a.expenses, 'expenses'),
    net_income: read.number(a.net_income, 'net_income'),
    gifts: read.count(a.gifts, 'gifts'),
    by_category: read.list(a.by_category, 'by_category').map((item) => {
      const row = read.record(item, 'a category');
      return {
        giving_type: read.textOrNull(row.giving_type, 'giving_type'),
        label: read.text(row.label, 'a category label'),
        amount: read.number(row.amount, 'a category amount'),
        count: read.count(row.count, 'a category count'),
        percent: read.number(row.percent, 'a category percent'),
      };
    }),
    trend: read.list(a.trend, 'trend').map((item) => {
      const row = read.record(item, 'a trend month');
      return {
        month: read.text(row.month, 'a trend month'),
        income: read.number(row.income, 'a month income'),
        expenses: read.number(row.expenses, 'a month expenses'),
      };
    }),
  };
}

function readMembership(read: AnswerReader, a: Fields): MembershipReport {
  return {
    ...base(read, a, 'membership'),
    ...memberFigures(read, a),
    new_members: read.count(a.new_members, 'new_members'),
    ages: read.list(a.ages, 'ages').map((item) => {
      const row = read.record(item, 'an age bucket');
      return { bucket: read.text(row.bucket, 'an age bucket'), count: read.count(row.count, 'an age count') };
    }),
    ministries: read.list(a.ministries, 'ministries').map((item) => {
      const row = read.record(item, 'a ministry');
      return { id: read.text(row.id, 'a ministry id'), name: read.text(row.name, 'a ministry name'), members: read.count(row.members, 'a ministry count') };
    }),
    growth: read.list(a.growth, 'growth').map((item) => {
      const row = read.record(item, 'a month end');
      return { month_end: read.text(row.month_end, 'month_end'), members: read.count(row.members, 'a month-end count') };
    }),
  };
}

function readAttendance(read: AnswerReader, a: Fields): AttendanceReport {
  return {
    ...base(read, a, 'attendance'),
    records: read.count(a.records, 'records'),
    average: numberOrNull(read, a.average, 'average'),
    services: read.list(a.services, 'services').map((item) => {
      const row = read.record(item, 'a service');
      return {
        service: read.text(row.service, 'a service name'),
        average: numberOrNull(read, row.average, 'a service average'),
        total: read.count(row.total, 'a service total'),
      };
    }),
    recent: read.list(a.recent, 'recent').map((item) => {
      const row = read.record(item, 'a recent record');
      return {
        date: read.text(row.date, 'a record date'),
        divine_total: read.count(row.divine_total, 'divine_total'),
        sabbath_school_count: read.count(row.sabbath_school_count, 'sabbath_school_count'),
        change: numberOrNull(read, row.change, 'a change'),
      };
    }),
    seasonal: read.list(a.seasonal, 'seasonal').map((item) => {
      const row = read.record(item, 'a quarter');
      return {
        quarter: read.text(row.quarter, 'a quarter'),
        average: numberOrNull(read, row.average, 'a quarter average'),
        records: read.count(row.records, 'a quarter count'),
      };
    }),
  };
}

function readSends(read: AnswerReader, value: unknown, name: string): SendFigures {
  const row = read.record(value, name);
  return {
    total: read.count(row.total, `${name} total`),
    sent: read.count(row.sent, `${name} sent`),
    delivered: row.delivered === undefined || row.delivered === null ? null : read.count(row.delivered, `${name} delivered`),
    failed: read.count(row.failed, `${name} failed`),
    simulated: read.count(row.simulated ?? 0, `${name} simulated`),
    delivery_rate: numberOrNull(read, row.delivery_rate, `${name} delivery_rate`),
  };
}

function readCommunication(read: AnswerReader, a: Fields): CommunicationReport {
  const sends = read.record(a.sends, 'sends');
  const replies = read.record(a.replies, 'replies');
  return {
    ...base(read, a, 'communication'),
    channels: read.list(a.channels, 'channels').map((item) => {
      const row = read.record(item, 'a channel');
      return {
        channel: read.text(row.channel, 'a channel name'),
        source: read.text(row.source, 'a channel source'),
        total: read.count(row.total, 'a channel total'),
        sent: read.count(row.sent, 'a channel sent'),
        read: read.count(row.read, 'a channel read'),
        delivery_rate: numberOrNull(read, row.delivery_rate, 'a channel delivery_rate'),
        engagement: numberOrNull(read, row.engagement, 'a channel engagement'),
      };
    }),
    sends: { sms: readSends(read, sends.sms, 'sms'), email: readSends(read, sends.email, 'email') },
    replies: {
      answered: read.count(replies.answered, 'answered'),
      avg_response_minutes: numberOrNull(read, replies.avg_response_minutes, 'avg_response_minutes'),
    },
  };
}

const readers: { [T in ReportTab]: (read: AnswerReader, answer: Fields) => ReportByTab[T] } = {
  overview: readOverview,
  financial: readFinancial,
  membership: readMembership,
  attendance: readAttendance,
  communication: readCommunication,
};

/** Reads `get_report`'s answer for `tab`; anything that does not fit is an `invalid_response` error. */
export function readReport<T extends ReportTab>(tab: T, data: unknown): ReportByTab[T] {
  const read = answerReader('report');
  return readers[tab](read, read.record(data, 'the report'));
}
