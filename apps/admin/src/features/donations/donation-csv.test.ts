import { describe, expect, it } from 'vitest';
import { donationCsvHeader, donationCsvRow, donationsCsv, donationsFileName } from './donation-csv';
import type { Donation } from './donation-rules';
import { testGift } from './test-data';

const gift = testGift({ notes: 'Harvest, thanksgiving' });

describe('the Donations CSV export', () => {
  it('writes one line per gift in the header’s columns', () => {
    expect(donationCsvHeader).toHaveLength(15);
    expect(donationCsvRow(gift)).toEqual([
      '2026-11-21',
      '2026-000042',
      'Mary Wanjiru',
      'M-001',
      'Tithes',
      '1500.00',
      'M-Pesa',
      '',
      'Recorded by staff',
      'QWE123',
      '',
      'Verified',
      'No',
      'Harvest, thanksgiving',
      '',
    ]);
  });

  it('names anonymous, pending, demo and paybill gifts', () => {
    const paybill: Donation = {
      ...gift,
      member_id: null,
      members: null,
      amount: 250.5,
      is_verified: false,
      is_simulated: true,
      receipt_no: null,
      payment_id: 'p1',
      notes: null,
      payment_method: 'equity_bank',
      payment_logs: { payment_provider: 'equity_bank', source: 'paybill', receipt_number: 'EQ_77', phone_number: null, payer_name: null },
      reassigned_at: '2026-11-21T21:30:00Z',
      reassign_reason: 'Given for the youth camp',
    };
    expect(donationCsvRow(paybill)).toEqual([
      '2026-11-21',
      '',
      'Anonymous Donation',
      '',
      'Tithes',
      '250.50',
      'Equity Bank',
      'Equity Bank',
      'Paybill',
      'QWE123',
      'EQ_77',
      'Pending',
      'Yes',
      '',
      'Re-assigned on 22 Nov 2026: Given for the youth camp',
    ]);
  });

  it('quotes and guards cells, ends lines with CRLF and starts with a byte-order mark', () => {
    const text = donationsCsv([{ ...gift, notes: '=HYPERLINK("x")' }]);
    expect(text.startsWith('\uFEFFDate,Receipt No.,Member,')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('names the file after the filter', () => {
    expect(donationsFileName({ type: '', from: '2026-11-01', to: '2026-11-25' })).toBe('donations-2026-11-01-to-2026-11-25.csv');
    expect(donationsFileName({ type: 'building_fund', from: '2026-01-01', to: '2026-12-31' })).toBe(
      'donations-2026-01-01-to-2026-12-31-building-fund.csv',
    );
  });
});
