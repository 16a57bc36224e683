import { formatDay } from '../../components/ui/form-values';
import { csvAmount, formatKesWhole } from '../../lib/giving';
import { memberFigureIds, memberFigureLabel } from '../../lib/member-figures';
import {
  isReportPeriod,
  type AttendanceReport,
  type CommunicationReport,
  type FinancialReport,
  type MembershipReport,
  type OverviewReport,
  type ReportByTab,
  type ReportPeriod,
  type ReportTab,
  type SendFigures,
} from './report-answers';

/**
 * Reports and Analytics' words and rules (back-office.md §2.18, §9; spec README points 7, 8):
 * periods and tabs with their labels, the Quick Insights written from the real figures (the
 * §9 thresholds, no fixed percentages), and each tab's figures and tables as plain data — the
 * screen, the print view and the CSV export all show these, so they cannot disagree.
 */

// ---- periods and tabs ------------------------------------------------------------------------

export const reportTexts = {
  title: 'Reports and Analytics',
  description: "Figures from the church's own records for the chosen period: giving and expenses, members, attendance and messages.",
  loading: 'Loading analytics data...',
  exportButton: 'Export Report',
  printLink: 'Print / PDF',
  denied: "You don't have the required permissions to access this feature.",
  tabDenied: (tab: string) => `Your permissions do not open the ${tab} report.`,
  exported: (file: string) => `The report was saved as ${file}.`,
} as const;

/** §2.18: the period selector, in its order. */
export const periodOptions: readonly { value: ReportPeriod; label: string }[] = [
  { value: 'week', label: 'This Week' },
  { value: 'month', label: 'This Month' },
  { value: 'quarter', label: 'This Quarter' },
  { value: 'year', label: 'This Year' },
];

/** `?period=quarter` → 'quarter'; anything else the default, month. */
export function periodFrom(value: string | null | undefined): ReportPeriod {
  return isReportPeriod(value) ? value : 'month';
}

export function periodLabel(period: ReportPeriod): string {
  return periodOptions.find((option) => option.value === period)?.label ?? period;
}

/** §9: what each period covers, as a sentence says it. */
const periodSpans: Record<ReportPeriod, { within: string; previous: string }> = {
  week: { within: 'in the last 7 days', previous: 'the 7 days before' },
  month: { within: 'in the last month', previous: 'the month before' },
  quarter: { within: 'in the last 3 months', previous: 'the 3 months before' },
  year: { within: 'in the last year', previous: 'the year before' },
};

/** §2.18: the tabs, their labels and addresses below /reports. */
export const tabOptions: readonly { value: ReportTab; label: string; path: string }[] = [
  { value: 'overview', label: 'Overview', path: '/reports' },
  { value: 'financial', label: 'Financial', path: '/reports/financial' },
  { value: 'membership', label: 'Membership', path: '/reports/membership' },
  { value: 'attendance', label: 'Attendance', path: '/reports/attendance' },
  { value: 'communication', label: 'Communication', path: '/reports/communication' },
];

/**
 * §2.4: Reports opens to view_reports, view_financial_reports or view_member_reports, and each
 * tab to the permissions that concern it (migration 0029, kanisa.report_tab_permissions: the
 * server refuses the rest with 403). The overview mixes money, members and messages.
 */
export const reportTabPermissions: Readonly<Record<ReportTab, readonly string[]>> = {
  overview: ['view_reports'],
  financial: ['view_reports', 'view_financial_reports'],
  membership: ['view_reports', 'view_member_reports'],
  attendance: ['view_reports', 'view_member_reports'],
  communication: ['view_reports'],
};

/** Every permission that opens some tab: the Reports menu entry's requirement. */
export const reportPermissions: readonly string[] = ['view_reports', 'view_financial_reports', 'view_member_reports'];

export function canOpenTab(tab: ReportTab, permissions: readonly string[]): boolean {
  return reportTabPermissions[tab].some((permission) => permissions.includes(permission));
}

/** The tabs these permissions open, in the tab strip's order. */
export function allowedTabs(permissions: readonly string[]): ReportTab[] {
  return tabOptions.map((option) => option.value).filter((tab) => canOpenTab(tab, permissions));
}

export function tabLabel(tab: ReportTab): string {
  return tabOptions.find((option) => option.value === tab)?.label ?? tab;
}

/** "25 Oct 2026 to 25 Nov 2026" (one day when from = to). */
export function rangeText(report: { from: string; to: string }): string {
  return report.from === report.to ? formatDay(report.from) : `${formatDay(report.from)} to ${formatDay(report.to)}`;
}

// ---- numbers as the report writes them ------------------------------------------------------

const counts = new Intl.NumberFormat('en-KE');
const oneDecimal = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 1 });
const percentFormat = new Intl.NumberFormat('en-KE', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** 1,234 */
export function formatCount(value: number): string {
  return counts.format(value);
}

/** An average head count: at most 1 decimal ('123.5', '120'); '—' when there is none. */
export function formatAverage(value: number | null): string {
  return value === null ? '—' : oneDecimal.format(value);
}

/** A percent with 1 decimal ('72.5%'); '—' when it cannot be computed. */
export function formatPercent(value: number | null): string {
  return value === null ? '—' : `${percentFormat.format(value)}%`;
}

/** A change against an earlier value: '+4.2%', '-3.0%', '0.0%'; empty when not known (§9: hidden). */
export function formatChange(value: number | null): string {
  if (value === null) return '';
  const sign = value > 0 ? '+' : value < 0 ? '-' : '';
  return `${sign}${percentFormat.format(Math.abs(value))}%`;
}

const capitalize = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

const plural = (count: number, one: string, many: string) => `${formatCount(count)} ${count === 1 ? one : many}`;

/** An average response time in words: '45 minutes', '3 hours 20 minutes', '2 days 4 hours'. */
export function formatDuration(minutes: number | null): string {
  if (minutes === null) return '—';
  const whole = Math.round(minutes);
  if (whole < 60) return plural(whole, 'minute', 'minutes');
  if (whole < 24 * 60) {
    const hours = Math.floor(whole / 60);
    const rest = whole % 60;
    return rest === 0 ? plural(hours, 'hour', 'hours') : `${plural(hours, 'hour', 'hours')} ${plural(rest, 'minute', 'minutes')}`;
  }
  const days = Math.floor(whole / (24 * 60));
  const hours = Math.round((whole % (24 * 60)) / 60);
  if (hours === 24) return plural(days + 1, 'day', 'days');
  return hours === 0 ? plural(days, 'day', 'days') : `${plural(days, 'day', 'days')} ${plural(hours, 'hour', 'hours')}`;
}

/** A number for a spreadsheet cell as the server sent it; empty when there is none. */
const csvNumber = (value: number | null): string => (value === null ? '' : String(value));

// ---- Quick Insights ---------------------------------------------------------------------------

/** §9: more than 10 new members is 'excellent', otherwise 'healthy'. */
export function membershipWord(newMembers: number): 'excellent' | 'healthy' {
  return newMembers > 10 ? 'excellent' : 'healthy';
}

/** §9: engagement above 80 is 'excellent', above 60 'good', otherwise 'moderate'. */
export function engagementWord(engagement: number): 'excellent' | 'good' | 'moderate' {
  return engagement > 80 ? 'excellent' : engagement > 60 ? 'good' : 'moderate';
}

export interface Insight {
  id: 'membership' | 'engagement' | 'financial' | 'attendance';
  title: string;
  text: string;
}

/** 'up 4.2% on the month before' / 'down …' / 'the same as …' for a known change. */
function changeWords(change: number, period: ReportPeriod): string {
  const previous = periodSpans[period].previous;
  if (change === 0) return `the same as ${previous}`;
  return `${change > 0 ? 'up' : 'down'} ${formatPercent(Math.abs(change))} on ${previous}`;
}

/** 'and 16 of the 17 members on the register are active': the active members beside the register (issue 41). */
function activeOfRegister(active: number, all: number): string {
  if (all === 0) return 'and the register has no members yet';
  if (active === all) return all === 1 ? 'and the 1 member on the register is active' : `and all ${plural(all, 'member', 'members')} on the register are active`;
  return `and ${formatCount(active)} of the ${plural(all, 'member', 'members')} on the register ${active === 1 ? 'is' : 'are'} active`;
}

export function membershipInsight(report: OverviewReport): Insight {
  const { within } = periodSpans[report.period];
  const joined = report.new_members === 1 ? 'new member joined' : 'new members joined';
  return {
    id: 'membership',
    title: 'Membership',
    text:
      `Membership growth is ${membershipWord(report.new_members)}: ${formatCount(report.new_members)} ${joined} ${within}, ` +
      `${activeOfRegister(report.active_members, report.all_members)}.`,
  };
}

export function engagementInsight(report: OverviewReport): Insight {
  const { within } = periodSpans[report.period];
  if (report.engagement === null) {
    return { id: 'engagement', title: 'Engagement', text: `No message was answered or read ${within}, so engagement cannot be measured yet.` };
  }
  const delivery = report.delivery_rate === null ? '' : `, with a delivery rate of ${formatPercent(report.delivery_rate)}`;
  return {
    id: 'engagement',
    title: 'Engagement',
    text:
      `Engagement is ${engagementWord(report.engagement)}: ${formatPercent(report.engagement)} of the messages answered or read ` +
      `${within} were read${delivery}.`,
  };
}

export function financialInsight(report: OverviewReport): Insight {
  const { within } = periodSpans[report.period];
  const income = formatKesWhole(report.income);
  const expenses = formatKesWhole(report.expenses);
  let text: string;
  if (report.net_income > 0) {
    text = `Net income is positive: ${income} came in and ${expenses} of approved expenses went out ${within}, leaving ${formatKesWhole(report.net_income)}.`;
  } else if (report.net_income < 0) {
    text = `Net income is negative: ${within}, approved expenses of ${expenses} were more than the ${income} that came in, a shortfall of ${formatKesWhole(-report.net_income)}.`;
  } else if (report.income === 0) {
    text = `No income and no approved expenses were recorded ${within}.`;
  } else {
    text = `Income and approved expenses were equal ${within}, at ${income} each.`;
  }
  if (report.income_change !== null) text += ` Income is ${changeWords(report.income_change, report.period)}.`;
  return { id: 'financial', title: 'Finances', text };
}

export function attendanceInsight(report: OverviewReport): Insight {
  const { within } = periodSpans[report.period];
  if (report.avg_attendance === null || report.attendance_records === 0) {
    return { id: 'attendance', title: 'Attendance', text: `No attendance was recorded ${within}.` };
  }
  let text =
    `The divine service averaged ${formatAverage(report.avg_attendance)} people over ` +
    `${plural(report.attendance_records, 'Sabbath', 'Sabbaths')} recorded ${within}.`;
  if (report.attendance_change !== null) text += ` That is ${changeWords(report.attendance_change, report.period)}.`;
  return { id: 'attendance', title: 'Attendance', text };
}

/** The Overview's four Quick Insights, each written from the period's figures. */
export function quickInsights(report: OverviewReport): Insight[] {
  return [membershipInsight(report), engagementInsight(report), financialInsight(report), attendanceInsight(report)];
}

function sendSentence(what: { one: string; many: string }, sends: SendFigures, verb: string, done: number): string {
  const rate = sends.delivery_rate === null ? '' : ` (${formatPercent(sends.delivery_rate)})`;
  const failed = sends.failed > 0 ? `; ${formatCount(sends.failed)} failed` : '';
  const demo = sends.simulated > 0 ? `; ${formatCount(sends.simulated)} ${sends.simulated === 1 ? 'was' : 'were'} only simulated (demo mode)` : '';
  return `${formatCount(done)} of ${plural(sends.total, what.one, what.many)} ${done === 1 ? 'was' : 'were'} ${verb}${rate}${failed}${demo}.`;
}

/** The Communication tab's insight: channels, our own sends and replies, from the figures. */
export function communicationInsight(report: CommunicationReport): string {
  const { within } = periodSpans[report.period];
  const sentences: string[] = [];
  const received = report.channels.reduce((sum, channel) => sum + channel.total, 0);
  if (received === 0) {
    sentences.push(`${capitalize(within)}, no messages came in.`);
  } else {
    const through = report.channels.map((c) => `${formatCount(c.total)} through ${c.channel}`).join(' and ');
    sentences.push(`${capitalize(within)}, ${plural(received, 'message', 'messages')} came in: ${through}.`);
    const measured = report.channels.filter((c): c is typeof c & { engagement: number } => c.engagement !== null);
    const best = measured.reduce<(typeof measured)[number] | undefined>((top, c) => (!top || c.engagement > top.engagement ? c : top), undefined);
    if (best && measured.length > 1 && measured.every((c) => c.engagement === best.engagement)) {
      sentences.push(`Both channels had the same engagement, ${formatPercent(best.engagement)}.`);
    } else if (best && measured.length > 1) {
      sentences.push(`${best.channel} had the highest engagement, ${formatPercent(best.engagement)}.`);
    } else if (best) {
      sentences.push(`Engagement on ${best.channel} was ${formatPercent(best.engagement)}.`);
    }
  }
  const { sms, email } = report.sends;
  if (sms.total === 0 && email.total === 0) {
    sentences.push(`No text messages or e-mails were sent to members ${within}.`);
  } else {
    if (sms.total > 0) sentences.push(sendSentence({ one: 'text message', many: 'text messages' }, sms, 'delivered', sms.delivered ?? sms.sent));
    if (email.total > 0) sentences.push(sendSentence({ one: 'e-mail', many: 'e-mails' }, email, 'sent', email.sent));
  }
  if (report.replies.answered === 0) {
    sentences.push(`No message was answered ${within}.`);
  } else {
    const after = report.replies.avg_response_minutes === null ? '' : `, on average ${formatDuration(report.replies.avg_response_minutes)} after they arrived`;
    sentences.push(`${plural(report.replies.answered, 'message was', 'messages were')} answered${after}.`);
  }
  return sentences.join(' ');
}

// ---- figures and tables -----------------------------------------------------------------------

/** A value as shown (`text`) and as a spreadsheet gets it (`csv`: plain number, no currency). */
export interface Cell {
  text: string;
  csv: string;
}

export interface Figure extends Cell {
  /** `data-figure`, by which a figure is found. */
  id: string;
  label: string;
  note?: string | undefined;
}

export interface ReportTable {
  id: string;
  title: string;
  /** Read by screen readers: what the rows are. */
  caption: string;
  columns: readonly { header: string; numeric?: boolean }[];
  /** The first cell of each row heads it. */
  rows: { key: string; cells: Cell[] }[];
  /** Said instead of the table when there are no rows. */
  empty: string;
}

/** Everything a tab shows besides its charts: figures, tables and, where it has one, its insights. */
export interface TabContent {
  figures: Figure[];
  tables: ReportTable[];
  insights?: Insight[];
  /** The Communication tab's insight text. */
  insight?: string;
}

const text = (value: string): Cell => ({ text: value, csv: value });
const count = (value: number): Cell => ({ text: formatCount(value), csv: String(value) });
const kes = (value: number): Cell => ({ text: formatKesWhole(value), csv: csvAmount(value) });
const percent = (value: number | null): Cell => ({ text: formatPercent(value), csv: csvNumber(value) });
const average = (value: number | null): Cell => ({ text: formatAverage(value), csv: csvNumber(value) });

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const longMonthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** '2026-03' (or a day in it) → 'Mar 2026'. */
export function monthLabel(key: string): string {
  const name = monthNames[Number(key.slice(5, 7)) - 1];
  return name ? `${name} ${key.slice(0, 4)}` : key;
}

/** '2026-03' → 'March 2026'. */
export function longMonthLabel(key: string): string {
  const name = longMonthNames[Number(key.slice(5, 7)) - 1];
  return name ? `${name} ${key.slice(0, 4)}` : key;
}

/** §9: the seasonal quarters group 3 calendar months each. */
const quarterMonths: Record<string, string> = { Q1: 'Jan–Mar', Q2: 'Apr–Jun', Q3: 'Jul–Sep', Q4: 'Oct–Dec' };

export function quarterLabel(quarter: string): string {
  const months = quarterMonths[quarter];
  return months ? `${quarter} (${months})` : quarter;
}

export function overviewContent(report: OverviewReport): TabContent {
  const noteOfMessages = report.messages_simulated > 0 ? `${formatCount(report.messages_simulated)} only simulated (demo mode)` : 'Text messages and e-mails to members';
  const figures: Figure[] = [
    {
      id: 'net-income',
      label: 'Net Income',
      ...kes(report.net_income),
      note: `${formatKesWhole(report.income)} income less ${formatKesWhole(report.expenses)} approved expenses`,
    },
    // §2.18's "Total Members" card counts the active members (§7.7); named by what it counts,
    // with the register it is part of, in the Dashboard's and the Members screen's words (issue 41).
    {
      id: memberFigureIds.active,
      label: memberFigureLabel('active'),
      ...count(report.active_members),
      note: `Of ${formatCount(report.all_members)} on the register (${formatCount(report.inactive_members)} inactive); ${formatCount(report.new_members)} new in the period`,
    },
    {
      id: 'avg-attendance',
      label: 'Avg Attendance',
      ...average(report.avg_attendance),
      note: report.attendance_records === 0 ? 'No Sabbaths recorded' : `Divine service, ${plural(report.attendance_records, 'Sabbath', 'Sabbaths')}`,
    },
    { id: 'messages-sent', label: 'Messages Sent', ...count(report.messages_sent), note: noteOfMessages },
  ];
  const summary: ReportTable = {
    id: 'overview-figures',
    title: 'Figures',
    caption: 'All figures of the overview',
    columns: [{ header: 'Figure' }, { header: 'Value', numeric: true }],
    rows: [
      ['Income (KES)', kes(report.income)],
      ['Approved expenses (KES)', kes(report.expenses)],
      ['Net income (KES)', kes(report.net_income)],
      ['Income change (%)', percent(report.income_change)],
      [memberFigureLabel('active'), count(report.active_members)],
      [memberFigureLabel('inactive'), count(report.inactive_members)],
      [memberFigureLabel('all'), count(report.all_members)],
      ['New members', count(report.new_members)],
      ['Average attendance', average(report.avg_attendance)],
      ['Attendance records', count(report.attendance_records)],
      ['Attendance change (%)', percent(report.attendance_change)],
      ['Messages sent', count(report.messages_sent)],
      ['Messages simulated', count(report.messages_simulated)],
      ['Engagement (%)', percent(report.engagement)],
      ['Delivery rate (%)', percent(report.delivery_rate)],
    ].map(([label, cell]) => ({ key: label as string, cells: [text(label as string), cell as Cell] })),
    empty: '',
  };
  const insights = quickInsights(report);
  const insightTable: ReportTable = {
    id: 'quick-insights',
    title: 'Quick Insights',
    caption: 'Quick Insights',
    columns: [{ header: 'Insight' }, { header: 'Text' }],
    rows: insights.map((insight) => ({ key: insight.id, cells: [text(insight.title), text(insight.text)] })),
    empty: '',
  };
  return { figures, tables: [summary, insightTable], insights };
}

export function financialContent(report: FinancialReport): TabContent {
  return {
    figures: [
      { id: 'income', label: 'Income', ...kes(report.income), note: plural(report.gifts, 'verified gift', 'verified gifts') },
      { id: 'expenses', label: 'Approved expenses', ...kes(report.expenses) },
      { id: 'net-income', label: 'Net income', ...kes(report.net_income), note: 'Income less approved expenses' },
    ],
    tables: [
      {
        id: 'income-by-category',
        title: 'Income by category',
        caption: 'Verified income by giving type',
        columns: [{ header: 'Category' }, { header: 'Gifts', numeric: true }, { header: 'Amount', numeric: true }, { header: 'Share', numeric: true }],
        rows: report.by_category.map((row) => ({
          key: row.giving_type ?? `other-${row.label}`,
          cells: [text(row.label), count(row.count), kes(row.amount), percent(row.percent)],
        })),
        empty: 'No verified gifts in this period.',
      },
      {
        id: 'income-trend',
        title: 'Income and expenses, last 6 months',
        caption: 'Income and approved expenses per month, oldest first',
        columns: [{ header: 'Month' }, { header: 'Income', numeric: true }, { header: 'Approved expenses', numeric: true }],
        rows: report.trend.map((row) => ({ key: row.month, cells: [text(longMonthLabel(row.month)), kes(row.income), kes(row.expenses)] })),
        empty: 'No months to show.',
      },
    ],
  };
}

/** §2.18: the five age buckets always; Unknown (no date of birth) only when some are unknown. */
export function shownAges(report: MembershipReport): MembershipReport['ages'] {
  return report.ages.filter((row) => row.bucket !== 'Unknown' || row.count > 0);
}

export function membershipContent(report: MembershipReport): TabContent {
  const ages = shownAges(report);
  const aged = ages.reduce((sum, row) => sum + row.count, 0);
  return {
    figures: [
      // The register and what it is made of, in the words of every screen (issue 41); the
      // tables below count the active members (§7.7).
      { id: memberFigureIds.all, label: memberFigureLabel('all'), ...count(report.all_members), note: 'Active and inactive together' },
      { id: memberFigureIds.active, label: memberFigureLabel('active'), ...count(report.active_members), note: 'Counted in the tables below' },
      { id: memberFigureIds.inactive, label: memberFigureLabel('inactive'), ...count(report.inactive_members), note: 'Kept on record' },
      { id: 'new-members', label: 'New members', ...count(report.new_members), note: 'Added in the period, active or not' },
    ],
    tables: [
      {
        id: 'age-distribution',
        title: 'Age distribution',
        caption: 'Active members by age (year difference)',
        columns: [{ header: 'Age' }, { header: 'Active members', numeric: true }, { header: 'Share', numeric: true }],
        rows: ages.map((row) => ({
          key: row.bucket,
          cells: [text(row.bucket), count(row.count), percent(aged === 0 ? null : Math.round((row.count / aged) * 1000) / 10)],
        })),
        empty: 'No active members yet.',
      },
      {
        id: 'ministry-participation',
        title: 'Ministry participation',
        caption: 'Active members taking part in each ministry',
        columns: [{ header: 'Ministry' }, { header: 'Active members', numeric: true }],
        rows: report.ministries.map((row) => ({ key: row.id, cells: [text(row.name), count(row.members)] })),
        empty: 'No ministries yet.',
      },
      {
        id: 'membership-growth',
        title: 'Membership growth, last 12 months',
        caption: 'Active members at each month end, oldest first',
        columns: [{ header: 'Month end' }, { header: 'Active members', numeric: true }],
        rows: report.growth.map((row) => ({ key: row.month_end, cells: [{ text: formatDay(row.month_end), csv: row.month_end }, count(row.members)] })),
        empty: 'No months to show.',
      },
    ],
  };
}

export function attendanceContent(report: AttendanceReport): TabContent {
  return {
    figures: [
      { id: 'average', label: 'Average attendance', ...average(report.average), note: 'Mean divine service total' },
      { id: 'records', label: 'Sabbaths recorded', ...count(report.records) },
    ],
    tables: [
      {
        id: 'service-comparison',
        title: 'Service-type comparison',
        caption: 'Average and total attendance per service in the period',
        columns: [{ header: 'Service' }, { header: 'Average', numeric: true }, { header: 'Total', numeric: true }],
        rows: report.services.map((row) => ({ key: row.service, cells: [text(row.service), average(row.average), count(row.total)] })),
        empty: 'No services to compare.',
      },
      {
        id: 'recent-trend',
        title: 'Recent trend',
        caption: 'The last 4 records, newest first, with the change from the record before',
        columns: [
          { header: 'Date' },
          { header: 'Divine service', numeric: true },
          { header: 'Sabbath School', numeric: true },
          { header: 'Change', numeric: true },
        ],
        rows: report.recent.map((row) => ({
          key: row.date,
          cells: [
            { text: formatDay(row.date), csv: row.date },
            count(row.divine_total),
            count(row.sabbath_school_count),
            { text: formatChange(row.change), csv: csvNumber(row.change) },
          ],
        })),
        empty: 'No attendance recorded yet.',
      },
      {
        id: 'seasonal-trends',
        title: 'Seasonal trends, last 12 months',
        caption: 'Average divine service attendance per quarter of the year',
        columns: [{ header: 'Quarter' }, { header: 'Average', numeric: true }, { header: 'Records', numeric: true }],
        rows: report.seasonal.map((row) => ({ key: row.quarter, cells: [text(quarterLabel(row.quarter)), average(row.average), count(row.records)] })),
        empty: 'No quarters to show.',
      },
    ],
  };
}

export function communicationContent(report: CommunicationReport): TabContent {
  const { sms, email } = report.sends;
  const sendRow = (key: string, label: string, sends: SendFigures) => ({
    key,
    cells: [
      text(label),
      count(sends.total),
      count(sends.sent),
      sends.delivered === null ? { text: '—', csv: '' } : count(sends.delivered),
      count(sends.failed),
      count(sends.simulated),
      percent(sends.delivery_rate),
    ],
  });
  return {
    figures: [
      { id: 'answered', label: 'Messages answered', ...count(report.replies.answered) },
      {
        id: 'response-time',
        label: 'Average response time',
        text: formatDuration(report.replies.avg_response_minutes),
        csv: csvNumber(report.replies.avg_response_minutes),
        note: 'From arrival to the e-mail answer',
      },
    ],
    tables: [
      {
        id: 'channel-performance',
        title: 'Channel performance',
        caption: 'Messages per channel with delivery rate and engagement',
        columns: [
          { header: 'Channel' },
          { header: 'Messages', numeric: true },
          { header: 'Sent', numeric: true },
          { header: 'Read', numeric: true },
          { header: 'Delivery rate', numeric: true },
          { header: 'Engagement', numeric: true },
        ],
        rows: report.channels.map((row) => ({
          key: row.source,
          cells: [text(row.channel), count(row.total), count(row.sent), count(row.read), percent(row.delivery_rate), percent(row.engagement)],
        })),
        empty: 'No channels to show.',
      },
      {
        id: 'our-sends',
        title: 'Messages to members',
        caption: 'Text messages and e-mails sent to members in the period',
        columns: [
          { header: 'Channel' },
          { header: 'Messages', numeric: true },
          { header: 'Sent', numeric: true },
          { header: 'Delivered', numeric: true },
          { header: 'Failed', numeric: true },
          { header: 'Demo', numeric: true },
          { header: 'Delivery rate', numeric: true },
        ],
        rows: [sendRow('sms', 'SMS', sms), sendRow('email', 'E-mail', email)],
        empty: '',
      },
    ],
    insight: communicationInsight(report),
  };
}

/** A tab's figures, tables and insights from its answer. */
export function tabContent<T extends ReportTab>(tab: T, report: ReportByTab[T]): TabContent {
  switch (tab) {
    case 'overview':
      return overviewContent(report as OverviewReport);
    case 'financial':
      return financialContent(report as FinancialReport);
    case 'membership':
      return membershipContent(report as MembershipReport);
    case 'attendance':
      return attendanceContent(report as AttendanceReport);
    default:
      return communicationContent(report as CommunicationReport);
  }
}

// ---- the export ---------------------------------------------------------------------------------

/** `report-financial-month-2026-11-25.csv` */
export function reportFileName(tab: ReportTab, period: ReportPeriod, today: string): string {
  return `report-${tab}-${period}-${today}.csv`;
}

/**
 * The CSV of one tab: which report and period, then its figures and every table, each under its
 * title with its header row, a blank line between them. Numbers are plain (amounts with two
 * decimals, percents as the server computed them), so a spreadsheet can add them up.
 */
export function reportCsvRows<T extends ReportTab>(tab: T, report: ReportByTab[T]): string[][] {
  const content = tabContent(tab, report);
  const rows: string[][] = [
    ['Report', `${reportTexts.title}: ${tabLabel(tab)}`],
    ['Period', periodLabel(report.period)],
    ['From', report.from],
    ['To', report.to],
  ];
  const figures = tab === 'overview' ? [] : content.figures;
  if (figures.length > 0) {
    rows.push([], ['Summary'], ['Figure', 'Value'], ...figures.map((figure) => [figure.label, figure.csv]));
  }
  for (const table of content.tables) {
    rows.push([], [table.title], table.columns.map((column) => column.header), ...table.rows.map((row) => row.cells.map((cell) => cell.csv)));
  }
  if (content.insight) rows.push([], ['Insight'], [content.insight]);
  return rows;
}

// ---- charts --------------------------------------------------------------------------------------

export interface ChartSeries {
  label: string;
  /** null: nothing to show for that label (no bar, a gap in the line). */
  values: readonly (number | null)[];
}

/**
 * What a screen reader hears for a chart's canvas: its kind and span, and for each series where
 * it starts, ends and peaks; the numbers themselves are in the table under the chart.
 */
export function chartSummary(kind: 'Bar' | 'Line', what: string, labels: readonly string[], series: readonly ChartSeries[], format: (value: number) => string): string {
  const first = labels[0];
  const last = labels[labels.length - 1];
  if (first === undefined || last === undefined) return `${kind} chart of ${what}: nothing to show.`;
  const parts = series.map(({ label, values }) => {
    const known = values.flatMap((value, index) => (value === null ? [] : [{ value, label: labels[index] ?? '' }]));
    const start = known[0];
    const end = known[known.length - 1];
    if (!start || !end) return `${label}: no figures`;
    const highest = known.reduce((best, point) => (point.value > best.value ? point : best), start);
    return `${label} from ${format(start.value)} to ${format(end.value)}, highest ${format(highest.value)} (${highest.label})`;
  });
  return `${kind} chart of ${what}, ${first} to ${last}. ${parts.join('; ')}. The numbers are in the table below.`;
}
