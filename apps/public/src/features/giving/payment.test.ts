import { describe, expect, it } from 'vitest';
import { phoneCases } from '../../test/phone-cases';
import {
  donorPhone,
  failureText,
  formatKes,
  invalidAmountText,
  invalidPhoneText,
  parseAmount,
  paymentTexts,
  thanksText,
  validatePayment,
} from './payment';

describe('payment rules (spec §5)', () => {
  it('takes every number the server takes, and refuses what it refuses: the shared phone table', () => {
    for (const { input, msisdn } of phoneCases) {
      expect(donorPhone(input), JSON.stringify(input)).toBe(msisdn);
      expect(validatePayment({ phone: input, amount: '500' }), JSON.stringify(input)).toEqual(msisdn ? {} : { phone: invalidPhoneText() });
    }
    // Issue 43: the server took these, the form refused them.
    expect(donorPhone('(0712) 345.678')).toBe('254712345678');
    expect(donorPhone('(0712) 345678')).toBe('254712345678');
    expect(donorPhone('+254 712.345.678')).toBe('254712345678');
  });

  it('reads whole shillings of at least 1', () => {
    expect(parseAmount('1')).toBe(1);
    expect(parseAmount(' 2500 ')).toBe(2500);
    expect(parseAmount('1,000')).toBe(1000);
    for (const amount of ['', '0', '-5', '12.5', '1e3', 'ten', '99999999999999999999']) {
      expect(parseAmount(amount), amount).toBeNull();
    }
  });

  it("names each field's problem in the spec's words", () => {
    expect(validatePayment({ phone: '0812345678', amount: '0' })).toEqual({
      phone: 'Please enter a valid Kenyan phone number (e.g., 0712345678)',
      amount: 'Please enter a valid amount (minimum KES 1)',
    });
    expect(validatePayment({ phone: '', amount: '' })).toEqual({ phone: invalidPhoneText(), amount: invalidAmountText() });
    expect(validatePayment({ phone: '0712 345 678', amount: '500' })).toEqual({});
  });
});

describe('payment texts (spec §8)', () => {
  it('puts the provider in place of Equity Bank', () => {
    expect(paymentTexts('Equity Bank')).toEqual({
      initiating: 'Initiating payment via Equity Bank...',
      pending: 'Payment request sent to your phone...',
      completed: 'Payment completed successfully via Equity Bank! Thank you for your generous giving.',
      cancelled: 'Payment was cancelled. You can try again if needed.',
      timeout: 'Payment request timed out. Please try again.',
      unverified: 'Payment verification timed out. Please contact support if money was deducted.',
    });
    expect(paymentTexts('M-Pesa').initiating).toBe('Initiating payment via M-Pesa...');
    expect(paymentTexts('M-Pesa').completed).toBe('Payment completed successfully via M-Pesa! Thank you for your generous giving.');
  });

  it('the failure alert has one full stop after the reason', () => {
    expect(failureText('Equity Bank service temporarily unavailable. Please try again later.')).toBe(
      'Payment failed: Equity Bank service temporarily unavailable. Please try again later. Please try again or contact support.',
    );
    expect(failureText('Payment was cancelled or failed')).toBe('Payment failed: Payment was cancelled or failed. Please try again or contact support.');
  });

  it('thanks the donor for the type and amount', () => {
    expect(formatKes(10000)).toBe('10,000');
    expect(thanksText('tithe', 1000)).toMatch(/^Thank you for your generous tithe of KES 1,000! \S/);
    expect(thanksText('offering', 500)).toMatch(/^Thank you for your generous offering of KES 500! /);
    expect(thanksText('special', 20000)).toMatch(/^Thank you for your generous special project gift of KES 20,000! /);
  });
});
