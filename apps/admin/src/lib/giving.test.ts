import { describe, expect, it } from 'vitest';
import {
  csvAmount,
  formatKes,
  formatKesCents,
  formatKesWhole,
  formatKsh,
  giftsText,
  givingTypeLabel,
  givingTypes,
  isGivingType,
  isPaymentMethod,
  paymentMethodLabel,
  paymentMethods,
} from './giving';

/** Intl puts a no-break space after the currency: compared here as a plain space. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('giving types (§9)', () => {
  it('names the five types in their fixed order', () => {
    expect(givingTypes.map((t) => [t.value, t.label])).toEqual([
      ['tithe', 'Tithes'],
      ['offering', 'Offerings'],
      ['special_project', 'Special Projects'],
      ['building_fund', 'Building Fund'],
      ['missions', 'Missions'],
    ]);
    expect(['tithe', 'offering', 'special_project', 'building_fund', 'missions'].map(givingTypeLabel)).toEqual([
      'Tithes',
      'Offerings',
      'Special Projects',
      'Building Fund',
      'Missions',
    ]);
  });

  it('keeps an unknown type’s raw name; a missing one becomes other', () => {
    expect(givingTypeLabel('harvest')).toBe('harvest');
    expect(givingTypeLabel('thirteenth_sabbath')).toBe('thirteenth_sabbath');
    expect(givingTypeLabel(null)).toBe('other');
    expect(givingTypeLabel(undefined)).toBe('other');
    expect(givingTypeLabel('')).toBe('other');
    expect(givingTypeLabel('  ')).toBe('other');
  });

  it('knows the types it names', () => {
    expect(isGivingType('building_fund')).toBe(true);
    expect(isGivingType('harvest')).toBe(false);
    expect(isGivingType('')).toBe(false);
    expect(isGivingType(null)).toBe(false);
  });
});

describe('payment methods', () => {
  it('names every method; an unknown one keeps its raw name, a missing one is a dash', () => {
    expect(paymentMethods.map((m) => m.value)).toEqual(['mpesa', 'cash', 'bank_transfer', 'check', 'equity_bank']);
    expect(['mpesa', 'cash', 'bank_transfer', 'check', 'equity_bank', 'barter'].map(paymentMethodLabel)).toEqual([
      'M-Pesa',
      'Cash',
      'Bank Transfer',
      'Cheque',
      'Equity Bank',
      'barter',
    ]);
    expect(paymentMethodLabel(null)).toBe('—');
    expect(paymentMethodLabel('')).toBe('—');
  });

  it('knows the methods it names', () => {
    expect(isPaymentMethod('check')).toBe(true);
    expect(isPaymentMethod('barter')).toBe(false);
    expect(isPaymentMethod('toString')).toBe(false);
  });
});

describe('money (§9: KES in the Kenyan locale)', () => {
  it('writes a report’s figures in whole shillings', () => {
    expect(plain(formatKesWhole(1234.5))).toBe('Ksh 1,235');
    expect(plain(formatKesWhole(0))).toBe('Ksh 0');
  });

  it('writes whole shillings plain and the cents when there are any', () => {
    // The locale puts a no-break space after the symbol.
    expect(formatKes(16500)).toBe('Ksh\u00a016,500');
    expect(formatKes(400.4)).toBe('Ksh\u00a0400.40');
    expect(formatKes(0)).toBe('Ksh\u00a00');
    expect(plain(formatKes(1234567.5))).toBe('Ksh 1,234,567.50');
    // Float noise below a cent is not a cent.
    expect(plain(formatKes(0.1 + 0.2 + 0.7))).toBe('Ksh 1');
  });

  it('always writes the cents on a receipt', () => {
    expect(plain(formatKesCents(1500))).toBe('Ksh 1,500.00');
    expect(plain(formatKesCents(2500.5))).toBe('Ksh 2,500.50');
  });

  it('writes budget figures as plain numbers in Ksh', () => {
    expect(formatKsh(120000)).toBe('Ksh 120,000');
    expect(formatKsh(1250.5)).toBe('Ksh 1,250.50');
    expect(formatKsh(0)).toBe('Ksh 0');
  });

  it('writes a spreadsheet’s amount with two decimals, no grouping', () => {
    expect(csvAmount(1500)).toBe('1500.00');
    expect(csvAmount(1234567.5)).toBe('1234567.50');
  });

  it('counts gifts', () => {
    expect(giftsText(1)).toBe('1 gift');
    expect(giftsText(0)).toBe('0 gifts');
    expect(giftsText(1200)).toBe('1,200 gifts');
  });
});
