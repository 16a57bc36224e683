import type { GivingStatement, Remittance } from './api/answers';

/** Answers as the server gives them (jsonb), for the unit and page tests. */

export function statementAnswer(overrides: Partial<GivingStatement> = {}): GivingStatement {
  return {
    member: {
      id: 'm-1',
      first_name: 'John',
      last_name: 'Kariuki',
      membership_number: 'MZ-0001',
      phone: '+254700200001',
      email: 'john.kariuki@example.org',
      address: 'Milimani Estate, Nakuru',
    },
    from: '2025-01-01',
    to: '2025-12-31',
    total: 16500.5,
    gift_count: 3,
    by_type: [
      { giving_type: 'offering', total: 1500.5, gift_count: 1 },
      { giving_type: 'tithe', total: 15000, gift_count: 2 },
    ],
    gifts: [
      { id: 'g-1', giving_date: '2025-01-04', receipt_no: '2025-000001', giving_type: 'tithe', payment_method: 'mpesa', transaction_id: 'QAB12CD34', amount: 10000, reassigned_on: '2025-01-09', reassign_reason: 'Paid from his wife’s phone' },
      { id: 'g-2', giving_date: '2025-02-01', receipt_no: '2025-000017', giving_type: 'offering', payment_method: 'cash', transaction_id: null, amount: 1500.5, reassigned_on: null, reassign_reason: null },
      { id: 'g-3', giving_date: '2025-03-01', receipt_no: '2025-000030', giving_type: 'tithe', payment_method: 'bank_transfer', transaction_id: 'BT-77', amount: 5000, reassigned_on: null, reassign_reason: null },
    ],
    ...overrides,
  };
}

export function remittanceAnswer(overrides: Partial<Remittance> = {}): Remittance {
  return {
    month: '2025-03',
    from: '2025-03-01',
    to: '2025-03-31',
    shares: { tithe: 100, offering: 40, missions: 100, special_project: 0, building_fund: 0 },
    lines: [
      { giving_type: 'tithe', total: 120000, gift_count: 30, conference_percent: 100, conference_amount: 120000, local_amount: 0 },
      { giving_type: 'offering', total: 1001, gift_count: 4, conference_percent: 40, conference_amount: 400.4, local_amount: 600.6 },
      { giving_type: 'special_project', total: 5000, gift_count: 2, conference_percent: 0, conference_amount: 0, local_amount: 5000 },
      { giving_type: 'building_fund', total: 0, gift_count: 0, conference_percent: 0, conference_amount: 0, local_amount: 0 },
      { giving_type: 'missions', total: 2500, gift_count: 1, conference_percent: 100, conference_amount: 2500, local_amount: 0 },
    ],
    total: 128501,
    conference_total: 122900.4,
    local_total: 5600.6,
    ...overrides,
  };
}
