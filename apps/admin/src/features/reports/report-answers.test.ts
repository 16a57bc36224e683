import { KanisaError } from '@kanisa/client';
import { describe, expect, it } from 'vitest';
import { readReport } from './report-answers';
import { attendanceAnswer, communicationAnswer, financialAnswer, membershipAnswer, overviewAnswer } from './test-data';

describe('readReport', () => {
  it('reads each tab as the server answers it, numeric text and nulls included', () => {
    expect(readReport('overview', overviewAnswer('month', { income: '33600.00', avg_attendance: null }))).toMatchObject({
      period: 'month',
      from: '2026-10-25',
      to: '2026-11-25',
      income: 33600,
      avg_attendance: null,
      income_change: -71.2,
    });
    expect(readReport('financial', financialAnswer()).by_category[0]).toEqual({
      giving_type: 'building_fund',
      label: 'Building Fund',
      amount: 25000,
      count: 3,
      percent: 74.4,
    });
    expect(readReport('membership', membershipAnswer()).growth).toHaveLength(12);
    expect(readReport('attendance', attendanceAnswer()).recent[3]?.change).toBeNull();
    const communication = readReport('communication', communicationAnswer());
    expect(communication.sends.email.delivered).toBeNull();
    expect(communication.sends.sms.delivered).toBe(15);
    expect(communication.replies).toEqual({ answered: 3, avg_response_minutes: 95.5 });
  });

  it('refuses an answer that does not fit, naming the field', () => {
    const failure = (tab: Parameters<typeof readReport>[0], data: unknown) => {
      try {
        readReport(tab, data);
      } catch (error) {
        return error instanceof KanisaError ? [error.code, error.details] : error;
      }
      return 'read';
    };
    expect(failure('overview', null)).toEqual(['invalid_response', 'the report is not an object']);
    expect(failure('overview', { ...overviewAnswer(), net_income: 'lots' })).toEqual(['invalid_response', 'net_income is not a number']);
    expect(failure('overview', { ...overviewAnswer(), period: 'decade' })).toEqual(['invalid_response', 'period decade is not a report period']);
    expect(failure('financial', overviewAnswer())).toEqual(['invalid_response', 'tab is not financial']);
    expect(failure('financial', { ...financialAnswer(), by_category: {} })).toEqual(['invalid_response', 'by_category is not a list']);
    expect(failure('membership', { ...membershipAnswer(), new_members: -1 })).toEqual(['invalid_response', 'new_members is not a count']);
  });
});
