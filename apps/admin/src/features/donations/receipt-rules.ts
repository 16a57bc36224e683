import { hasReceipt, type Donation } from './donation-rules';

/** What the receipt page shows for a gift. */
export type ReceiptState = 'receipt' | 'demo' | 'unverified';

/**
 * A receipt is issued for a verified gift that has its receipt number; a demo gift never gets
 * one; any other gift gets one only once it is verified.
 */
export function receiptState(donation: Pick<Donation, 'is_verified' | 'is_simulated' | 'receipt_no'>): ReceiptState {
  if (donation.is_simulated) return 'demo';
  return hasReceipt(donation) ? 'receipt' : 'unverified';
}

export const receiptTexts = {
  title: 'Official Receipt',
  unverified: 'No receipt is issued for this gift until it is verified. Verify it on the Donations screen first.',
  demo: 'This is a demo gift (payments in demo mode): no receipt is issued for it.',
  notFound: 'This donation was not found. It may have been deleted.',
  loadError: 'Could not load the donation.',
  thanks: 'Thank you for your faithful giving. “Each of you should give what you have decided in your heart to give, not reluctantly or under compulsion, for God loves a cheerful giver.” — 2 Corinthians 9:7',
};

const ones = ['', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen'];
const tens = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];
const scales = ['', 'Thousand', 'Million', 'Billion'];

/** 0–999 in words ("Four Hundred and Twenty-Five"); '' for 0. */
function hundredsInWords(n: number): string {
  const hundred = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundred > 0) parts.push(`${ones[hundred] ?? ''} Hundred`);
  if (rest > 0) {
    const restWords = rest < 20 ? (ones[rest] ?? '') : `${tens[Math.floor(rest / 10)] ?? ''}${rest % 10 ? `-${ones[rest % 10] ?? ''}` : ''}`;
    parts.push(hundred > 0 ? `and ${restWords}` : restWords);
  }
  return parts.join(' ');
}

/** A whole number (0 to 999,999,999,999) in British English words: 1500 → "One Thousand Five Hundred". */
export function wholeInWords(value: number): string {
  let n = Math.floor(Math.abs(value));
  if (n === 0) return 'Zero';
  const groups: string[] = [];
  let scale = 0;
  while (n > 0 && scale < scales.length) {
    const group = n % 1000;
    if (group > 0) {
      const words = hundredsInWords(group);
      // "One Thousand and Five": a last group under 100 after a larger one takes "and".
      const joined = scale === 0 && group < 100 && Math.floor(value / 1000) > 0 ? `and ${words}` : words;
      groups.unshift(scales[scale] ? `${joined} ${scales[scale] ?? ''}` : joined);
    }
    n = Math.floor(n / 1000);
    scale++;
  }
  return groups.join(' ');
}

/**
 * An amount in words as a receipt states it: 1500 → "Kenya Shillings One Thousand Five Hundred
 * Only", 1500.5 → "Kenya Shillings One Thousand Five Hundred and Fifty Cents Only".
 */
export function amountInWords(amount: number): string {
  const cents = Math.round(Math.abs(amount) * 100);
  const shillings = Math.floor(cents / 100);
  const rest = cents % 100;
  const centsText = rest > 0 ? ` and ${hundredsInWords(rest)} ${rest === 1 ? 'Cent' : 'Cents'}` : '';
  return `Kenya Shillings ${wholeInWords(shillings)}${centsText} Only`;
}
