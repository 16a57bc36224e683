import type { Donation } from './donation-rules';

/** A gift as the list reads it, for the unit and page tests: Mary Wanjiru's verified tithe by M-Pesa, recorded by staff. */
export function testGift(overrides: Partial<Donation> = {}): Donation {
  return {
    id: 'g1',
    member_id: 'm1',
    amount: 1500,
    giving_type: 'tithe',
    payment_method: 'mpesa',
    transaction_id: 'QWE123',
    giving_date: '2026-11-21',
    notes: null,
    is_verified: true,
    is_simulated: false,
    payment_id: null,
    receipt_no: '2026-000042',
    reassigned_at: null,
    reassign_reason: null,
    created_at: '2026-11-21T09:00:00Z',
    members: { first_name: 'Mary', last_name: 'Wanjiru', membership_number: 'M-001' },
    payment_logs: null,
    ...overrides,
  };
}
