import type { GivingType, PaymentStatus } from '@kanisa/client';
import type { FieldErrors } from '../../lib/form';

/**
 * Giving's rules and words (public-site.md §5, §8, §9): the phone and amount checks, the
 * quick amounts, the polling timings and every text the payment dialog shows, with the
 * provider's name ('Equity Bank' or 'M-Pesa') put in wherever the spec says Equity Bank.
 */

/** Spec §9: first status check 3 s after the prompt, then every 3 s, at most 30 checks. */
export const POLL_FIRST_MS = 3000;
export const POLL_EVERY_MS = 3000;
export const MAX_POLL_ATTEMPTS = 30;

/** The statuses a payment ends in; anything else (pending, or one this page does not know) is watched on. */
export function isSettled(payment: PaymentStatus): boolean {
  return ['completed', 'cancelled', 'failed', 'expired'].includes(payment.status);
}

/** Spec §9 "giving toast 5 s". */
export const THANKS_MS = 5000;

/** Spec §9: the giving page's quick amounts; the dialog also offers 20000. */
export const PAGE_QUICK_AMOUNTS = [500, 1000, 2000, 5000, 10000] as const;
export const DIALOG_QUICK_AMOUNTS = [...PAGE_QUICK_AMOUNTS, 20000] as const;

/** Spec §3 "giving type": tithe, offering, special. */
export const givingTypes: { value: GivingType; label: string }[] = [
  { value: 'tithe', label: 'Tithe' },
  { value: 'offering', label: 'Offering' },
  { value: 'special', label: 'Special Project' },
];

/** How the thank-you names a gift ("your generous {type}"), as the server names it too. */
const giftWords: Record<GivingType, string> = { tithe: 'tithe', offering: 'offering', special: 'special project gift' };

/** Spec §8 "Invalid phone" (the example number is the server's too). */
export const INVALID_PHONE = 'Please enter a valid Kenyan phone number (e.g., 0712345678)';
/** Spec §8 "Invalid amount". */
export const INVALID_AMOUNT = 'Please enter a valid amount (minimum KES 1)';
/** Spec §8 "Payment errors": a failed POST whose answer brought no message of its own. */
export const INITIATION_FAILED = 'Payment initiation failed';
/** Spec §8 "Payment errors": a failed payment without the provider's description. */
export const CANCELLED_OR_FAILED = 'Payment was cancelled or failed';

/** The number without the spaces and hyphens people type. */
export function compactPhone(phone: string): string {
  return phone.trim().replace(/[\s-]/g, '');
}

/** Spec §5: an optional +254, 254 or 0 prefix, then nine digits starting with 1 or 7. */
export function isKenyanPhone(phone: string): boolean {
  return /^(?:\+254|254|0)?[17]\d{8}$/.test(compactPhone(phone));
}

/** Spec §5: a whole number of shillings, at least 1 ("1,000" reads as 1000); null otherwise. */
export function parseAmount(text: string): number | null {
  const digits = text.trim().replace(/[,\s]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  const amount = Number(digits);
  return Number.isSafeInteger(amount) && amount >= 1 ? amount : null;
}

/** The dialog's checks: each field's message, keyed as the server names the fields. */
export function validatePayment(values: { phone: string; amount: string }): FieldErrors {
  const errors: FieldErrors = {};
  if (!isKenyanPhone(values.phone)) errors.phone = INVALID_PHONE;
  if (parseAmount(values.amount) === null) errors.amount = INVALID_AMOUNT;
  return errors;
}

/** 1000 → "1,000" (en-KE grouping). */
export function formatKes(amount: number): string {
  return amount.toLocaleString('en-KE', { maximumFractionDigits: 0 });
}

/** Spec §8 "Status texts", "Payment errors": what the dialog's status line says. */
export function paymentTexts(label: string) {
  return {
    initiating: `Initiating payment via ${label}...`,
    pending: 'Payment request sent to your phone...',
    completed: `Payment completed successfully via ${label}! Thank you for your generous giving.`,
    cancelled: 'Payment was cancelled. You can try again if needed.',
    timeout: 'Payment request timed out. Please try again.',
    unverified: 'Payment verification timed out. Please contact support if money was deducted.',
  };
}

/** Spec §8 "Failure alert", without a doubled full stop when the error ends with one. */
export function failureText(error: string): string {
  return `Payment failed: ${error.trim().replace(/[.\s]+$/, '')}. Please try again or contact support.`;
}

/** Spec §8 "Success alert": the toast after a completed payment. */
export function thanksText(type: GivingType, amount: number): string {
  return `Thank you for your generous ${giftWords[type]} of KES ${formatKes(amount)}! May God bless you abundantly.`;
}
