import { describe, expect, it } from 'vitest';
import {
  batchCsvHeader,
  batchCsvRows,
  correctionNote,
  defaultRemittanceMonth,
  defaultStatementRange,
  formatPercent,
  formatPeriod,
  isIsoMonth,
  membersRangeText,
  orderedTypeTotals,
  remittanceCsvRows,
  remittanceYears,
  sharesText,
  statementCsvRows,
  statementFileName,
  typeTotal,
} from './statement-rules';
import { remittanceAnswer, statementAnswer } from './test-data';

describe('default periods', () => {
  it('is the year-end statement of this year, and in January of the year just ended', () => {
    expect(defaultStatementRange('2026-06-15')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(defaultStatementRange('2026-12-31')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(defaultStatementRange('2026-01-31')).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(defaultStatementRange('2026-02-01')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });

  it('reports the previous month, across the year end in January', () => {
    expect(defaultRemittanceMonth('2026-03-10')).toBe('2026-02');
    expect(defaultRemittanceMonth('2026-11-01')).toBe('2026-10');
    expect(defaultRemittanceMonth('2026-01-05')).toBe('2025-12');
  });

  it('offers this year back ten years, and an older shown year too', () => {
    expect(remittanceYears('2026-03-10', '2026-02')).toEqual([2026, 2025, 2024, 2023, 2022, 2021, 2020, 2019, 2018, 2017, 2016]);
    expect(remittanceYears('2026-03-10', '2010-05').at(-1)).toBe(2010);
  });
});

describe('dates and periods', () => {
  it('accepts only real calendar months', () => {
    expect(isIsoMonth('2025-03')).toBe(true);
    expect(isIsoMonth('2025-00')).toBe(false);
    expect(isIsoMonth('2025-3')).toBe(false);
  });

  it('writes the period in full', () => {
    expect(formatPeriod('2025-01-01', '2025-12-31')).toBe('1 January 2025 – 31 December 2025');
  });
});

describe('figures', () => {
  it('writes the conference’s shares as percentages', () => {
    expect(formatPercent(40)).toBe('40%');
    expect(formatPercent(12.5)).toBe('12.5%');
  });

  it('orders a statement’s type totals in the fixed order and finds one type’s total', () => {
    const statement = statementAnswer();
    expect(orderedTypeTotals(statement).map((line) => line.giving_type)).toEqual(['tithe', 'offering']);
    expect(typeTotal(statement, 'tithe')).toBe(15000);
    expect(typeTotal(statement, 'missions')).toBe(0);
  });

  it('tells where the batch page is', () => {
    expect(membersRangeText(0, 50, 123)).toBe('Members 1–50 of 123');
    expect(membersRangeText(100, 23, 123)).toBe('Members 101–123 of 123');
    expect(membersRangeText(0, 50, 2150)).toBe('Members 1–50 of 2,150');
    expect(membersRangeText(0, 0, 0)).toBe('Members 0 of 0');
  });

  it('lists the conference shares in the fixed order', () => {
    expect(sharesText(remittanceAnswer().lines)).toBe('Tithes 100%, Offerings 40%, Special Projects 0%, Building Fund 0%, Missions 100%');
  });
});

describe('CSV rows', () => {
  it('writes one statement as one row per gift and the total', () => {
    expect(statementCsvRows(statementAnswer())).toEqual([
      ['date', 'receipt_no', 'giving_type', 'payment_method', 'reference', 'amount', 'note'],
      ['2025-01-04', '2025-000001', 'Tithes', 'M-Pesa', 'QAB12CD34', '10000.00', 'Re-assigned on 9 January 2025: Paid from his wife’s phone'],
      ['2025-02-01', '2025-000017', 'Offerings', 'Cash', '', '1500.50', ''],
      ['2025-03-01', '2025-000030', 'Tithes', 'Bank Transfer', 'BT-77', '5000.00', ''],
      ['Total', '', '', '', '', '16500.50', ''],
    ]);
    expect(statementFileName(statementAnswer())).toBe('giving-statement-MZ-0001-2025-01-01-to-2025-12-31.csv');
  });

  it('writes the batch as one row per member with the type totals; a formula-like name is guarded', () => {
    const first = statementAnswer();
    const second = statementAnswer({
      member: { ...first.member, id: 'm-2', first_name: '=HYPERLINK("x")', last_name: 'Otieno', membership_number: null },
      total: 2500,
      gift_count: 1,
      by_type: [{ giving_type: 'missions', total: 2500, gift_count: 1 }],
    });
    const rows = batchCsvRows([first, second]);
    expect(rows[0]).toEqual(batchCsvHeader);
    expect(batchCsvHeader).toEqual(['membership_number', 'name', 'tithe', 'offering', 'special_project', 'building_fund', 'missions', 'total']);
    expect(rows[1]).toEqual(['MZ-0001', 'John Kariuki', '15000.00', '1500.50', '0.00', '0.00', '0.00', '16500.50']);
    expect(rows[2]).toEqual(['', `'=HYPERLINK("x") Otieno`, '0.00', '0.00', '0.00', '0.00', '2500.00', '2500.00']);
  });

  it('writes the remittance as one row per type and the totals', () => {
    const rows = remittanceCsvRows(remittanceAnswer());
    expect(rows[0]).toEqual(['giving_type', 'label', 'gifts', 'total_received', 'conference_percent', 'to_conference', 'kept_locally']);
    expect(rows[2]).toEqual(['offering', 'Offerings', '4', '1001.00', '40', '400.40', '600.60']);
    expect(rows).toHaveLength(7);
    expect(rows[6]).toEqual(['total', 'Total', '37', '128501.00', '', '122900.40', '5600.60']);
  });
});

describe('corrections (issue 31)', () => {
  it('notes a re-assigned gift with its day and reason, and nothing for the others', () => {
    const [corrected, plain] = statementAnswer().gifts;
    expect(correctionNote(corrected!)).toBe('Re-assigned on 9 January 2025: Paid from his wife’s phone');
    expect(correctionNote(plain!)).toBeNull();
    expect(correctionNote({ reassigned_on: '2025-01-09', reassign_reason: null })).toBeNull();
  });
});
