import { describe, expect, it } from 'vitest';
import { readReport, type OverviewReport } from './report-answers';
import {
  allowedTabs,
  attendanceContent,
  attendanceInsight,
  chartSummary,
  communicationContent,
  communicationInsight,
  engagementInsight,
  engagementWord,
  financialContent,
  financialInsight,
  formatChange,
  formatDuration,
  formatPercent,
  membershipContent,
  membershipInsight,
  membershipWord,
  overviewContent,
  periodFrom,
  periodOptions,
  quickInsights,
  reportCsvRows,
  reportFileName,
  tabOptions,
} from './report-rules';
import { attendanceAnswer, communicationAnswer, financialAnswer, membershipAnswer, overviewAnswer } from './test-data';

const plain = (text: string) => text.replace(/\s+/g, ' ');
const overview = (changes: Record<string, unknown> = {}, period: 'week' | 'month' | 'quarter' | 'year' = 'month'): OverviewReport =>
  readReport('overview', overviewAnswer(period, changes));

describe('periods and tabs (§2.18, §9)', () => {
  it('offers the four periods with their labels, month by default', () => {
    expect(periodOptions.map((p) => [p.value, p.label])).toEqual([
      ['week', 'This Week'],
      ['month', 'This Month'],
      ['quarter', 'This Quarter'],
      ['year', 'This Year'],
    ]);
    expect(periodFrom('quarter')).toBe('quarter');
    expect(periodFrom(null)).toBe('month');
    expect(periodFrom('decade')).toBe('month');
  });

  it('has the five tabs, each at its own address', () => {
    expect(tabOptions.map((t) => [t.label, t.path])).toEqual([
      ['Overview', '/reports'],
      ['Financial', '/reports/financial'],
      ['Membership', '/reports/membership'],
      ['Attendance', '/reports/attendance'],
      ['Communication', '/reports/communication'],
    ]);
  });
});

describe('Quick Insights (§9 wording from the real figures)', () => {
  it("calls membership growth 'excellent' above 10 new members, otherwise 'healthy'", () => {
    expect([0, 10, 11, 40].map(membershipWord)).toEqual(['healthy', 'healthy', 'excellent', 'excellent']);
    // The active members beside the register they are part of, never "in all" (issue 41).
    expect(membershipInsight(overview({ new_members: 11, all_members: 262, active_members: 250, inactive_members: 12 })).text).toBe(
      'Membership growth is excellent: 11 new members joined in the last month, and 250 of the 262 members on the register are active.',
    );
    expect(membershipInsight(overview({ new_members: 1, all_members: 2, active_members: 1, inactive_members: 1 }, 'week')).text).toBe(
      'Membership growth is healthy: 1 new member joined in the last 7 days, and 1 of the 2 members on the register is active.',
    );
    expect(membershipInsight(overview({ all_members: 1, active_members: 1, inactive_members: 0 })).text).toMatch(/, and the 1 member on the register is active\.$/);
    expect(membershipInsight(overview({ all_members: 17, active_members: 17, inactive_members: 0 })).text).toMatch(/, and all 17 members on the register are active\.$/);
    expect(membershipInsight(overview({ new_members: 0, all_members: 0, active_members: 0, inactive_members: 0 })).text).toMatch(/, and the register has no members yet\.$/);
  });

  it("calls engagement 'excellent' above 80, 'good' above 60, otherwise 'moderate'", () => {
    expect([0, 60, 60.1, 80, 80.1, 100].map(engagementWord)).toEqual(['moderate', 'moderate', 'good', 'good', 'excellent', 'excellent']);
    expect(engagementInsight(overview({ engagement: 85.5, delivery_rate: 40 }, 'quarter')).text).toBe(
      'Engagement is excellent: 85.5% of the messages answered or read in the last 3 months were read, with a delivery rate of 40.0%.',
    );
    expect(engagementInsight(overview({ engagement: 50, delivery_rate: null })).text).toBe(
      'Engagement is moderate: 50.0% of the messages answered or read in the last month were read.',
    );
    expect(engagementInsight(overview({ engagement: null })).text).toBe(
      'No message was answered or read in the last month, so engagement cannot be measured yet.',
    );
  });

  it('says whether net income is positive or negative, and how income changed when that is known', () => {
    expect(plain(financialInsight(overview({ income: 33600, expenses: 24950, net_income: 8650, income_change: -71.2 })).text)).toBe(
      'Net income is positive: Ksh 33,600 came in and Ksh 24,950 of approved expenses went out in the last month, leaving Ksh 8,650. ' +
        'Income is down 71.2% on the month before.',
    );
    expect(plain(financialInsight(overview({ income: 1000, expenses: 1500.5, net_income: -500.5, income_change: 12.5 }, 'year')).text)).toBe(
      'Net income is negative: in the last year, approved expenses of Ksh 1,501 were more than the Ksh 1,000 that came in, a shortfall of Ksh 501. ' +
        'Income is up 12.5% on the year before.',
    );
    expect(plain(financialInsight(overview({ income: 0, expenses: 0, net_income: 0, income_change: null })).text)).toBe(
      'No income and no approved expenses were recorded in the last month.',
    );
    expect(plain(financialInsight(overview({ income: 500, expenses: 500, net_income: 0, income_change: 0 })).text)).toBe(
      'Income and approved expenses were equal in the last month, at Ksh 500 each. Income is the same as the month before.',
    );
  });

  it('says how attendance went, and its change against the period before when known', () => {
    expect(attendanceInsight(overview({ avg_attendance: 272.5, attendance_records: 4, attendance_change: 2.2 })).text).toBe(
      'The divine service averaged 272.5 people over 4 Sabbaths recorded in the last month. That is up 2.2% on the month before.',
    );
    expect(attendanceInsight(overview({ avg_attendance: 120, attendance_records: 1, attendance_change: null }, 'week')).text).toBe(
      'The divine service averaged 120 people over 1 Sabbath recorded in the last 7 days.',
    );
    expect(attendanceInsight(overview({ avg_attendance: null, attendance_records: 0, attendance_change: null })).text).toBe(
      'No attendance was recorded in the last month.',
    );
  });

  it('gives four insights, and none carries a figure that is not in the answer', () => {
    const texts = quickInsights(overview()).map((i) => i.text);
    expect(texts).toHaveLength(4);
    const other = quickInsights(overview({ income: 1, expenses: 2, net_income: -1, income_change: 3.3, attendance_change: -4.4, engagement: 55.5 }));
    expect(other.map((i) => i.text)).not.toEqual(texts);
    expect(other.map((i) => i.text).join(' ')).toContain('down 4.4%');
  });

  it('writes the Communication insight from channels, our sends and replies', () => {
    expect(communicationInsight(readReport('communication', communicationAnswer()))).toBe(
      'In the last month, 13 messages came in: 9 through Website Forms and 4 through Admin Panel. Website Forms had the highest engagement, 66.7%. ' +
        '15 of 20 text messages were delivered (94.4%); 1 failed; 2 were only simulated (demo mode). ' +
        '9 of 10 e-mails were sent (90.0%); 1 failed. 3 messages were answered, on average 1 hour 36 minutes after they arrived.',
    );
    const quiet = readReport('communication', {
      ...communicationAnswer('week'),
      channels: communicationAnswer().channels.map((c) => ({ ...c, total: 0, sent: 0, read: 0, delivery_rate: null, engagement: null })),
      sends: {
        sms: { total: 0, sent: 0, delivered: 0, failed: 0, simulated: 0, delivery_rate: null },
        email: { total: 0, sent: 0, failed: 0, simulated: 0, delivery_rate: null },
      },
      replies: { answered: 0, avg_response_minutes: null },
    });
    expect(communicationInsight(quiet)).toBe(
      'In the last 7 days, no messages came in. No text messages or e-mails were sent to members in the last 7 days. No message was answered in the last 7 days.',
    );
  });
});

describe('numbers', () => {
  it('writes percents, changes and response times plainly', () => {
    expect([formatPercent(66.7), formatPercent(100), formatPercent(null)]).toEqual(['66.7%', '100.0%', '—']);
    expect([formatChange(3.5), formatChange(-15.6), formatChange(0), formatChange(null)]).toEqual(['+3.5%', '-15.6%', '0.0%', '']);
    expect([0, 1, 59.4, 60, 95.5, 1440, 1500, 3000, 2879].map(formatDuration)).toEqual([
      '0 minutes', '1 minute', '59 minutes', '1 hour', '1 hour 36 minutes', '1 day', '1 day 1 hour', '2 days 2 hours', '2 days',
    ]);
    expect(formatDuration(null)).toBe('—');
  });
});

describe('figures and tables', () => {
  it('shows the four overview cards in KES (0 decimals) and counts', () => {
    const content = overviewContent(overview({ net_income: 8650.5, messages_simulated: 0 }));
    expect(content.figures.map((f) => [f.label, plain(f.text)])).toEqual([
      ['Net Income', 'Ksh 8,651'],
      ['Active members', '13'],
      ['Avg Attendance', '272.5'],
      ['Messages Sent', '25'],
    ]);
    expect(overviewContent(overview({ avg_attendance: null, attendance_records: 0 })).figures[2]).toMatchObject({ text: '—', note: 'No Sabbaths recorded' });
  });

  it('labels the categories as the server does, with their shares', () => {
    const [categories, trend] = financialContent(readReport('financial', financialAnswer())).tables;
    expect(categories?.rows.map((r) => r.cells.map((c) => plain(c.text)))).toEqual([
      ['Building Fund', '3', 'Ksh 25,000', '74.4%'],
      ['Tithes', '2', 'Ksh 7,500', '22.3%'],
      ['Offerings', '1', 'Ksh 1,100', '3.3%'],
    ]);
    expect(trend?.rows.map((r) => r.cells[0]?.text)).toEqual(['June 2026', 'July 2026', 'August 2026', 'September 2026', 'October 2026', 'November 2026']);
  });

  it('names each member figure by what it counts, in the words of the Dashboard and the Members screen (issue 41)', () => {
    // The answers' old total_members meant the active members on one tab and the whole register
    // on the other: it is not read (here it says 99 on both, and nothing shows it).
    const overview = overviewContent(readReport('overview', overviewAnswer('month', { total_members: 99 })));
    const membership = membershipContent(readReport('membership', { ...membershipAnswer(), total_members: 99 }));
    const shown = (figures: typeof overview.figures) => figures.map((f) => [f.id, f.label, f.text]);
    expect(shown(overview.figures).filter(([id]) => (id ?? '').includes('members'))).toEqual([['active-members', 'Active members', '13']]);
    expect(overview.figures[1]?.note).toBe('Of 14 on the register (1 inactive); 2 new in the period');
    expect(shown(membership.figures)).toEqual([
      ['all-members', 'All members on the register', '14'],
      ['active-members', 'Active members', '13'],
      ['inactive-members', 'Inactive members', '1'],
      ['new-members', 'New members', '2'],
    ]);
    // One label, one figure: the same label never carries two values across the two tabs.
    const byLabel = new Map<string, string>();
    for (const [, label, text] of [...shown(overview.figures), ...shown(membership.figures)]) {
      expect(byLabel.get(label!) ?? text).toBe(text);
      byLabel.set(label!, text!);
    }
    expect([...overview.figures, ...membership.figures].some((f) => /total members/i.test(f.label))).toBe(false);
    // The summary table (print view, CSV) says the same.
    expect(overview.tables[0]?.rows.filter((r) => /members/i.test(r.key)).map((r) => [r.key, r.cells[1]?.text])).toEqual([
      ['Active members', '13'],
      ['Inactive members', '1'],
      ['All members on the register', '14'],
      ['New members', '2'],
    ]);
    // The tables count the active members, and say so.
    expect(membership.tables.map((t) => t.columns[1]?.header)).toEqual(['Active members', 'Active members', 'Active members']);
  });

  it('refuses member figures that do not add up', () => {
    expect(() => readReport('membership', { ...membershipAnswer(), inactive_members: 2 })).toThrow();
    expect(() => readReport('overview', { ...overviewAnswer(), all_members: undefined })).toThrow();
  });

  it('shows Unknown ages only when some are unknown', () => {
    const withUnknown = membershipContent(readReport('membership', membershipAnswer())).tables[0];
    expect(withUnknown?.rows.map((r) => r.cells.map((c) => c.text))).toEqual([
      ['0-17', '2', '13.3%'],
      ['18-30', '3', '20.0%'],
      ['31-50', '4', '26.7%'],
      ['51-70', '3', '20.0%'],
      ['70+', '1', '6.7%'],
      ['Unknown', '2', '13.3%'],
    ]);
    const answer = membershipAnswer();
    const none = membershipContent(readReport('membership', { ...answer, ages: answer.ages.map((a) => (a.bucket === 'Unknown' ? { ...a, count: 0 } : a)) })).tables[0];
    expect(none?.rows.map((r) => r.key)).toEqual(['0-17', '18-30', '31-50', '51-70', '70+']);
  });

  it('hides an unknown change in the recent trend and names the quarters', () => {
    const [, recent, seasonal] = attendanceContent(readReport('attendance', attendanceAnswer())).tables;
    expect(recent?.rows.map((r) => r.cells[3]?.text)).toEqual(['+3.5%', '-15.6%', '+21.7%', '']);
    expect(seasonal?.rows.map((r) => r.cells.map((c) => c.text))).toEqual([
      ['Q1 (Jan–Mar)', '279.4', '13'],
      ['Q2 (Apr–Jun)', '279.3', '13'],
      ['Q3 (Jul–Sep)', '—', '0'],
      ['Q4 (Oct–Dec)', '264.6', '8'],
    ]);
  });

  it('shows e-mail without a delivered count', () => {
    const [, sends] = communicationContent(readReport('communication', communicationAnswer())).tables;
    expect(sends?.rows.map((r) => r.cells.map((c) => c.text))).toEqual([
      ['SMS', '20', '2', '15', '1', '2', '94.4%'],
      ['E-mail', '10', '9', '—', '1', '0', '90.0%'],
    ]);
  });
});

describe('the CSV export', () => {
  it('names the file by tab, period and day', () => {
    expect(reportFileName('financial', 'month', '2026-11-25')).toBe('report-financial-month-2026-11-25.csv');
  });

  it("carries every figure and table of the Financial tab as plain numbers", () => {
    expect(reportCsvRows('financial', readReport('financial', financialAnswer('year')))).toEqual([
      ['Report', 'Reports and Analytics: Financial'],
      ['Period', 'This Year'],
      ['From', '2025-11-25'],
      ['To', '2026-11-25'],
      [],
      ['Summary'],
      ['Figure', 'Value'],
      ['Income', '1250000.00'],
      ['Approved expenses', '950900.50'],
      ['Net income', '299099.50'],
      [],
      ['Income by category'],
      ['Category', 'Gifts', 'Amount', 'Share'],
      ['Building Fund', '3', '25000.00', '74.4'],
      ['Tithes', '2', '7500.00', '22.3'],
      ['Offerings', '1', '1100.00', '3.3'],
      [],
      ['Income and expenses, last 6 months'],
      ['Month', 'Income', 'Approved expenses'],
      ['June 2026', '132200.00', '65000.00'],
      ['July 2026', '98050.00', '83500.00'],
      ['August 2026', '138700.00', '89600.00'],
      ['September 2026', '93300.00', '34000.00'],
      ['October 2026', '77250.00', '48800.00'],
      ['November 2026', '33600.00', '12950.50'],
    ]);
  });

  it('carries the overview figures and the insights', () => {
    const rows = reportCsvRows('overview', overview());
    expect(rows).toContainEqual(['Net income (KES)', '8650.00']);
    expect(rows).toContainEqual(['Income change (%)', '-71.2']);
    expect(rows).toContainEqual(['Average attendance', '272.5']);
    expect(rows).toContainEqual(['Messages simulated', '3']);
    expect(rows.filter((row) => ['Membership', 'Engagement', 'Finances', 'Attendance'].includes(row[0] ?? ''))).toHaveLength(4);
  });

  it('carries dates, empty changes and the insight of the other tabs', () => {
    const attendance = reportCsvRows('attendance', readReport('attendance', attendanceAnswer()));
    expect(attendance).toContainEqual(['2026-11-21', '269', '204', '3.5']);
    expect(attendance).toContainEqual(['2026-10-31', '253', '178', '']);
    expect(attendance).toContainEqual(['Q3 (Jul–Sep)', '', '0']);
    const membership = reportCsvRows('membership', readReport('membership', membershipAnswer()));
    expect(membership).toContainEqual(['2025-12-31', '2']);
    expect(membership).toContainEqual(['Youth Ministry', '4']);
    const communication = reportCsvRows('communication', readReport('communication', communicationAnswer()));
    expect(communication).toContainEqual(['E-mail', '10', '9', '', '1', '0', '90']);
    expect(communication).toContainEqual(['Average response time', '95.5']);
    expect(communication.at(-2)).toEqual(['Insight']);
  });
});

describe('chart summaries', () => {
  it('say the span and, per series, start, end and peak; gaps are skipped', () => {
    expect(chartSummary('Bar', 'attendance per quarter', ['Q1', 'Q2', 'Q3'], [{ label: 'Average', values: [10, null, 7] }], String)).toBe(
      'Bar chart of attendance per quarter, Q1 to Q3. Average from 10 to 7, highest 10 (Q1). The numbers are in the table below.',
    );
    expect(chartSummary('Line', 'members', [], [], String)).toBe('Line chart of members: nothing to show.');
  });
});

describe('the tabs each reader opens (§2.4, migration 0029)', () => {
  it('gives view_reports every tab, the treasurer Financial, member reports Membership and Attendance, others none', () => {
    expect(allowedTabs(['view_reports'])).toEqual(['overview', 'financial', 'membership', 'attendance', 'communication']);
    expect(allowedTabs(['view_financial_reports', 'manage_donations'])).toEqual(['financial']);
    expect(allowedTabs(['view_member_reports'])).toEqual(['membership', 'attendance']);
    expect(allowedTabs(['view_financial_reports', 'view_member_reports'])).toEqual(['financial', 'membership', 'attendance']);
    expect(allowedTabs(['manage_sermons'])).toEqual([]);
  });
});
