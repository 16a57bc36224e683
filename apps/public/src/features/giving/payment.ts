import type { GivingType, PaymentStatus } from '@kanisa/client';
import { msisdn } from '@kanisa/client/phone';
import { formatNumber, type MessageKey, provide, t } from '../../i18n';
import type { FieldErrors } from '../../lib/form';
import { giving as givingTexts } from '../../i18n/en/giving';

provide(givingTexts);

/**
 * Giving's rules and words (public-site.md §5, §8, §9): the phone and amount checks, the
 * quick amounts, the polling timings and every text the payment dialog shows (from the
 * catalogue, in the page's language, so computed when asked), with the provider's name
 * ('Equity Bank' or 'M-Pesa') put in wherever the spec says Equity Bank.
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

/** Spec §3 "giving type": tithe, offering, special (labels as catalogue keys). */
export const givingTypes: { value: GivingType; label: MessageKey }[] = [
  { value: 'tithe', label: 'giving.typeTithe' },
  { value: 'offering', label: 'giving.typeOffering' },
  { value: 'special', label: 'giving.typeSpecial' },
];

/** The giving types with their labels in the page's language (for a select). */
export function givingTypeOptions(): { value: GivingType; label: string }[] {
  return givingTypes.map((type) => ({ value: type.value, label: t(type.label) }));
}

/** A giving type's label in the page's language (the value itself for one this page does not know). */
export function givingTypeLabel(type: GivingType): string {
  const found = givingTypes.find((option) => option.value === type);
  return found ? t(found.label) : type;
}

/** The thank-you per gift ("your generous {type}"), as the server names it too. */
const thanksKeys: Record<GivingType, MessageKey> = { tithe: 'giving.thanksTithe', offering: 'giving.thanksOffering', special: 'giving.thanksSpecial' };

/** Spec §8 "Invalid phone" (the example number is the server's too). */
export const invalidPhoneText = (): string => t('giving.invalidPhone');
/** Spec §8 "Invalid amount". */
export const invalidAmountText = (): string => t('giving.invalidAmount');
/** Spec §8 "Payment errors": a failed POST whose answer brought no message of its own. */
export const initiationFailedText = (): string => t('giving.initiationFailed');
/** Spec §8 "Payment errors": a failed payment without the provider's description. */
export const cancelledOrFailedText = (): string => t('giving.cancelledOrFailed');

/**
 * The donor's number as the server reads it (spec §5: an optional +254, 254 or 0 prefix, then
 * nine digits starting with 1 or 7): Kanisa's one phone rule (`@kanisa/client/phone`, the crate
 * kanisa-phone's), so every spelling the server takes — `(0712) 345.678` too — is taken here.
 * `254…`, as the providers take it; null when it is not a Kenyan mobile number.
 */
export function donorPhone(phone: string): string | null {
  return msisdn(phone)?.msisdn ?? null;
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
  if (donorPhone(values.phone) === null) errors.phone = invalidPhoneText();
  if (parseAmount(values.amount) === null) errors.amount = invalidAmountText();
  return errors;
}

/** 1000 → "1,000" (the page's locale's grouping; KES stays 'KES'). */
export function formatKes(amount: number): string {
  return formatNumber(amount, { maximumFractionDigits: 0 });
}

/** Spec §8 "Status texts", "Payment errors": what the dialog's status line says. */
export function paymentTexts(label: string) {
  return {
    initiating: t('giving.statusInitiating', { provider: label }),
    pending: t('giving.statusPending'),
    completed: t('giving.statusCompleted', { provider: label }),
    cancelled: t('giving.statusCancelled'),
    timeout: t('giving.statusTimeout'),
    unverified: t('giving.statusUnverified'),
  };
}

/** Spec §8 "Failure alert", without a doubled full stop when the error ends with one. */
export function failureText(error: string): string {
  return t('giving.failure', { reason: error.trim().replace(/[.\s]+$/, '') });
}

/** Spec §8 "Success alert": the toast after a completed payment. */
export function thanksText(type: GivingType, amount: number): string {
  return t(thanksKeys[type], { amount: formatKes(amount) });
}
