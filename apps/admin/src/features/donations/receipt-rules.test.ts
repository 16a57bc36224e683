import { describe, expect, it } from 'vitest';
import { amountInWords, receiptState, wholeInWords } from './receipt-rules';

describe('the receipt', () => {
  it('is issued only for a verified, non-demo gift with its receipt number', () => {
    expect(receiptState({ is_verified: true, is_simulated: false, receipt_no: '2026-000001' })).toBe('receipt');
    expect(receiptState({ is_verified: false, is_simulated: false, receipt_no: '2026-000001' })).toBe('unverified');
    expect(receiptState({ is_verified: false, is_simulated: false, receipt_no: null })).toBe('unverified');
    expect(receiptState({ is_verified: true, is_simulated: true, receipt_no: null })).toBe('demo');
  });

  it('states whole numbers in words', () => {
    expect(wholeInWords(0)).toBe('Zero');
    expect(wholeInWords(7)).toBe('Seven');
    expect(wholeInWords(19)).toBe('Nineteen');
    expect(wholeInWords(45)).toBe('Forty-Five');
    expect(wholeInWords(100)).toBe('One Hundred');
    expect(wholeInWords(425)).toBe('Four Hundred and Twenty-Five');
    expect(wholeInWords(1005)).toBe('One Thousand and Five');
    expect(wholeInWords(1500)).toBe('One Thousand Five Hundred');
    expect(wholeInWords(35000)).toBe('Thirty-Five Thousand');
    expect(wholeInWords(1_000_001)).toBe('One Million and One');
    expect(wholeInWords(2_345_678)).toBe('Two Million Three Hundred and Forty-Five Thousand Six Hundred and Seventy-Eight');
  });

  it('states an amount in Kenya shillings and cents', () => {
    expect(amountInWords(1500)).toBe('Kenya Shillings One Thousand Five Hundred Only');
    expect(amountInWords(1500.5)).toBe('Kenya Shillings One Thousand Five Hundred and Fifty Cents Only');
    expect(amountInWords(0.01)).toBe('Kenya Shillings Zero and One Cent Only');
    expect(amountInWords(12.345)).toBe('Kenya Shillings Twelve and Thirty-Five Cents Only');
  });
});
