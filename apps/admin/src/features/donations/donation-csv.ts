import { guardCell, toCsv } from '../../lib/csv';
import { csvAmount, givingTypeLabel, paymentMethodLabel } from '../../lib/giving';
import {
  donorName,
  providerLabel,
  reassignNote,
  sourceLabel,
  type Donation,
  type DonationFilters,
} from './donation-rules';

/**
 * The Donations export: one line per gift of the filtered list, in the list's order, as RFC 4180
 * CSV (CRLF, quoted fields, a byte-order mark so spreadsheets read UTF-8).
 */

/** The export's columns, in order. */
export const donationCsvHeader = [
  'Date',
  'Receipt No.',
  'Member',
  'Membership No.',
  'Giving Type',
  'Amount (KES)',
  'Payment Method',
  'Provider',
  'Source',
  'Transaction ID',
  'Provider Receipt',
  'Status',
  'Demo',
  'Notes',
  'Correction',
] as const;

/** One gift as the export's cells (formula-guarded). */
export function donationCsvRow(donation: Donation): string[] {
  const payment = donation.payment_logs;
  const cells = [
    donation.giving_date,
    donation.receipt_no ?? '',
    donorName(donation),
    donation.members?.membership_number ?? '',
    givingTypeLabel(donation.giving_type),
    csvAmount(donation.amount),
    paymentMethodLabel(donation.payment_method),
    payment ? providerLabel(payment.payment_provider) : '',
    payment ? sourceLabel(payment.source, payment.channel) : 'Recorded by staff',
    donation.transaction_id ?? '',
    payment?.receipt_number ?? '',
    donation.is_verified ? 'Verified' : 'Pending',
    donation.is_simulated ? 'Yes' : 'No',
    donation.notes ?? '',
    reassignNote(donation) ?? '',
  ];
  return cells.map(guardCell);
}

/** The export file: the header, then one line per gift. */
export function donationsCsv(donations: readonly Donation[]): string {
  return toCsv([[...donationCsvHeader], ...donations.map(donationCsvRow)]);
}

/** "donations-2026-11-01-to-2026-11-25-tithe.csv". */
export function donationsFileName({ type, from, to }: DonationFilters): string {
  return `donations-${from}-to-${to}${type ? `-${type.replace(/_/g, '-')}` : ''}.csv`;
}
