import type { PaymentStatus } from '@kanisa/client';
import { describe, expect, it } from 'vitest';
import { flowReducer, readyFlow, type FlowEvent, type PaymentFlow } from './payment-flow';

const pending: PaymentStatus = {
  id: 'pay-1',
  status: 'pending',
  resultCode: '1037',
  resultDesc: null,
  amount: 1000,
  givingType: 'tithe',
  reference: 'KANISA_TIT_1760000000000_AB12CD',
  receipt: null,
  provider: 'equity_bank',
  providerLabel: 'Equity Bank',
  simulated: false,
  completedAt: null,
};

function run(...events: FlowEvent[]): PaymentFlow {
  return events.reduce(flowReducer, readyFlow);
}

const started: FlowEvent[] = [{ type: 'initiate' }, { type: 'created', payment: pending }];

describe('the payment flow (spec §4 "Payment status")', () => {
  it('initiating, then pending, then completed', () => {
    expect(run({ type: 'initiate' })).toEqual({ phase: 'initiating' });
    expect(run(...started)).toEqual({ phase: 'pending', payment: pending, attempts: 0 });
    const completed = { ...pending, status: 'completed' as const, receipt: 'QJK4X2' };
    expect(run(...started, { type: 'checked', id: 'pay-1', attempt: 1, payment: pending }, { type: 'checked', id: 'pay-1', attempt: 2, payment: completed })).toEqual({
      phase: 'completed',
      payment: completed,
    });
  });

  it('cancelled, expired and failed (with the reason, or the default one)', () => {
    const check = (payment: PaymentStatus): FlowEvent => ({ type: 'checked', id: 'pay-1', attempt: 1, payment });
    expect(run(...started, check({ ...pending, status: 'cancelled', resultCode: '1032' })).phase).toBe('cancelled');
    expect(run(...started, check({ ...pending, status: 'expired' })).phase).toBe('timeout');
    expect(run(...started, check({ ...pending, status: 'failed', resultDesc: 'Insufficient funds' }))).toMatchObject({
      phase: 'failed',
      error: 'Insufficient funds',
      fields: {},
    });
    expect(run(...started, check({ ...pending, status: 'failed', resultDesc: null }))).toMatchObject({ error: 'Payment was cancelled or failed' });
    expect(run(...started, check({ ...pending, status: 'failed', resultDesc: '  ' }))).toMatchObject({ error: 'Payment was cancelled or failed' });
  });

  it('still pending at the 30th check is a timeout; a network error at the 30th is "verification timed out"', () => {
    expect(run(...started, { type: 'checked', id: 'pay-1', attempt: 29, payment: pending })).toMatchObject({ phase: 'pending', attempts: 29 });
    expect(run(...started, { type: 'checked', id: 'pay-1', attempt: 30, payment: pending }).phase).toBe('timeout');
    expect(run(...started, { type: 'checked', id: 'pay-1', attempt: 29, payment: null })).toMatchObject({ phase: 'pending', attempts: 29 });
    expect(run(...started, { type: 'checked', id: 'pay-1', attempt: 30, payment: null }).phase).toBe('unverified');
    // Errors before the last check, then pending at the last: a timeout.
    expect(
      run(...started, { type: 'checked', id: 'pay-1', attempt: 29, payment: null }, { type: 'checked', id: 'pay-1', attempt: 30, payment: pending }).phase,
    ).toBe('timeout');
  });

  it('a status this page does not know is watched on, and ends as unverified', () => {
    const unknown = { ...pending, status: 'error' } as unknown as PaymentStatus;
    expect(run(...started, { type: 'checked', id: 'pay-1', attempt: 3, payment: unknown })).toMatchObject({ phase: 'pending', attempts: 3 });
    expect(run(...started, { type: 'checked', id: 'pay-1', attempt: 30, payment: unknown }).phase).toBe('unverified');
  });

  it("a refused POST goes back to the form: field messages beside the fields, anything else in the alert", () => {
    const fields = { phone: 'Please enter a valid Kenyan phone number (e.g., 0712345678)' };
    const refused = run({ type: 'initiate' }, { type: 'refused', message: 'Please check the highlighted fields.', errors: fields });
    expect(refused).toEqual({ phase: 'failed', error: null, fields, payment: null });
    expect(flowReducer(refused, { type: 'edited', field: 'phone' })).toEqual({ phase: 'failed', error: null, fields: {}, payment: null });

    const unavailable = run({ type: 'initiate' }, { type: 'refused', message: 'Equity Bank service temporarily unavailable. Please try again later.', errors: {} });
    expect(unavailable).toMatchObject({ phase: 'failed', error: 'Equity Bank service temporarily unavailable. Please try again later.' });
    // A failed state can start again.
    expect(flowReducer(unavailable, { type: 'initiate' })).toEqual({ phase: 'initiating' });
  });

  it('ignores late or foreign answers', () => {
    const completed = run(...started, { type: 'checked', id: 'pay-1', attempt: 1, payment: { ...pending, status: 'completed' } });
    expect(flowReducer(completed, { type: 'checked', id: 'pay-1', attempt: 2, payment: pending })).toBe(completed);
    const waiting = run(...started);
    expect(flowReducer(waiting, { type: 'checked', id: 'other', attempt: 1, payment: { ...pending, id: 'other', status: 'completed' } })).toBe(waiting);
    expect(flowReducer(waiting, { type: 'initiate' })).toBe(waiting);
    expect(flowReducer(readyFlow, { type: 'created', payment: pending })).toBe(readyFlow);
  });
});
