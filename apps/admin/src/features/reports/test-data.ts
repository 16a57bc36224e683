import type { ReportPeriod, ReportTab } from './report-answers';

/**
 * `get_report` answers as the server sends them (JSON numbers, nulls where a figure cannot be
 * computed), for the tests. The year's figures differ from the others so a test can tell which
 * period is on screen.
 */

const ranges: Record<ReportPeriod, { from: string; to: string }> = {
  week: { from: '2026-11-18', to: '2026-11-25' },
  month: { from: '2026-10-25', to: '2026-11-25' },
  quarter: { from: '2026-08-25', to: '2026-11-25' },
  year: { from: '2025-11-25', to: '2026-11-25' },
};

export function overviewAnswer(period: ReportPeriod = 'month', changes: Record<string, unknown> = {}) {
  const year = period === 'year';
  return {
    tab: 'overview',
    period,
    ...ranges[period],
    income: year ? 1250000 : 33600,
    expenses: year ? 950900.5 : 24950,
    net_income: year ? 299099.5 : 8650,
    // The old name (the active members here) beside the figures of migration 0044.
    total_members: 13,
    all_members: 14,
    active_members: 13,
    inactive_members: 1,
    new_members: year ? 14 : 2,
    avg_attendance: 272.5,
    attendance_records: 4,
    attendance_change: 2.2,
    income_change: -71.2,
    messages_sent: 25,
    messages_simulated: 3,
    engagement: 66.7,
    delivery_rate: 33.3,
    ...changes,
  };
}

export function financialAnswer(period: ReportPeriod = 'month') {
  const year = period === 'year';
  return {
    tab: 'financial',
    period,
    ...ranges[period],
    income: year ? 1250000 : 33600,
    expenses: year ? 950900.5 : 24950,
    net_income: year ? 299099.5 : 8650,
    gifts: 6,
    by_category: [
      { giving_type: 'building_fund', label: 'Building Fund', amount: 25000, count: 3, percent: 74.4 },
      { giving_type: 'tithe', label: 'Tithes', amount: 7500, count: 2, percent: 22.3 },
      { giving_type: 'offering', label: 'Offerings', amount: 1100, count: 1, percent: 3.3 },
    ],
    trend: [
      { month: '2026-06', income: 132200, expenses: 65000 },
      { month: '2026-07', income: 98050, expenses: 83500 },
      { month: '2026-08', income: 138700, expenses: 89600 },
      { month: '2026-09', income: 93300, expenses: 34000 },
      { month: '2026-10', income: 77250, expenses: 48800 },
      { month: '2026-11', income: 33600, expenses: 12950.5 },
    ],
  };
}

export function membershipAnswer(period: ReportPeriod = 'month') {
  return {
    tab: 'membership',
    period,
    ...ranges[period],
    // The old name (the whole register here) beside the figures of migration 0044.
    total_members: 14,
    all_members: 14,
    active_members: 13,
    inactive_members: 1,
    new_members: 2,
    ages: [
      { bucket: '0-17', count: 2 },
      { bucket: '18-30', count: 3 },
      { bucket: '31-50', count: 4 },
      { bucket: '51-70', count: 3 },
      { bucket: '70+', count: 1 },
      { bucket: 'Unknown', count: 2 },
    ],
    ministries: [
      { id: 'mi-1', name: 'Youth Ministry', members: 4 },
      { id: 'mi-2', name: 'Adventurer Club', members: 0 },
    ],
    growth: Array.from({ length: 12 }, (_, i) => {
      const month = ((11 + i) % 12) + 1;
      const yearOf = i === 0 ? 2025 : 2026;
      const last = new Date(Date.UTC(yearOf, month, 0)).getUTCDate();
      return { month_end: `${String(yearOf)}-${String(month).padStart(2, '0')}-${String(last)}`, members: i + 2 };
    }),
  };
}

export function attendanceAnswer(period: ReportPeriod = 'month') {
  return {
    tab: 'attendance',
    period,
    ...ranges[period],
    records: 4,
    average: 272.5,
    services: [
      { service: 'Sabbath School', average: 197, total: 788 },
      { service: 'Divine Service', average: 272.5, total: 1090 },
      { service: 'Children', average: 49.8, total: 199 },
      { service: 'Youth', average: 72.5, total: 290 },
      { service: 'Adults', average: 150.3, total: 601 },
    ],
    recent: [
      { date: '2026-11-21', divine_total: 269, sabbath_school_count: 204, change: 3.5 },
      { date: '2026-11-14', divine_total: 260, sabbath_school_count: 188, change: -15.6 },
      { date: '2026-11-07', divine_total: 308, sabbath_school_count: 218, change: 21.7 },
      { date: '2026-10-31', divine_total: 253, sabbath_school_count: 178, change: null },
    ],
    seasonal: [
      { quarter: 'Q1', average: 279.4, records: 13 },
      { quarter: 'Q2', average: 279.3, records: 13 },
      { quarter: 'Q3', average: null, records: 0 },
      { quarter: 'Q4', average: 264.6, records: 8 },
    ],
  };
}

export function communicationAnswer(period: ReportPeriod = 'month') {
  return {
    tab: 'communication',
    period,
    ...ranges[period],
    channels: [
      { channel: 'Website Forms', source: 'website', total: 9, sent: 1, read: 2, delivery_rate: 33.3, engagement: 66.7 },
      { channel: 'Admin Panel', source: 'admin', total: 4, sent: 2, read: 1, delivery_rate: 75, engagement: 33.3 },
    ],
    sends: {
      sms: { total: 20, sent: 2, delivered: 15, failed: 1, simulated: 2, delivery_rate: 94.4 },
      email: { total: 10, sent: 9, failed: 1, simulated: 0, delivery_rate: 90 },
    },
    replies: { answered: 3, avg_response_minutes: 95.5 },
  };
}

export const answers: Record<ReportTab, (period: ReportPeriod) => object> = {
  overview: overviewAnswer,
  financial: financialAnswer,
  membership: membershipAnswer,
  attendance: attendanceAnswer,
  communication: communicationAnswer,
};
