import { KanisaError, type Database } from '@kanisa/client';
import { formatDay, textOrNull } from '../../components/ui/form-values';
import { answerReader } from '../../lib/answer-reader';
import { churchToday, isDay } from '../../lib/church-time';
import {
  formatKes,
  givingTypeLabel,
  isGivingType,
  isPaymentMethod,
  paymentMethodLabel,
  paymentMethods,
  type GivingType,
  type PaymentMethod,
} from '../../lib/giving';

/**
 * The Donations screen's rules (§2.11, §5 Donations, §7.5, §8, §9) as plain functions: labels,
 * the form's defaults, parsing and validation, the row the form writes, dates, and the texts of
 * the screen. Giving types, payment methods and money are named as everywhere else
 * (`lib/giving.ts`). No React, no requests.
 */

type Enums = Database['public']['Enums'];
export type PaymentProvider = Enums['payment_logs_payment_provider'];
export type PaymentSource = Enums['payment_logs_source'];

/** The methods a gift recorded by hand can have (§3); Equity Bank only comes with an online gift. */
export const manualPaymentMethods: readonly { value: PaymentMethod; label: string }[] = paymentMethods.filter(
  (method) => method.value !== 'equity_bank',
);

const providerLabels: Partial<Record<string, string>> = { mpesa: 'M-Pesa', equity_bank: 'Equity Bank' };
const sourceLabels: Partial<Record<string, string>> = { prompt: 'Online prompt', paybill: 'Paybill' };

export function providerLabel(provider: string | null | undefined): string {
  if (!provider) return '—';
  return providerLabels[provider] ?? provider;
}

/** Where an online gift came from: a prompt from the website or from the USSD menu (`channel`, issue 47), or paybill. */
export function sourceLabel(source: string | null | undefined, channel?: string | null): string {
  if (!source) return '—';
  if (source === 'prompt' && channel === 'ussd') return 'USSD prompt';
  return sourceLabels[source] ?? source;
}

/** The member a gift is linked to, as embedded in the list's read. */
export interface DonationMember {
  first_name: string;
  last_name: string;
  membership_number: string | null;
}

/** The payment an online or paybill gift came from, as embedded in the list's read. */
export interface DonationPayment {
  payment_provider: PaymentProvider;
  source: PaymentSource;
  /** website or ussd (migration 0059); absent in answers read before it. */
  channel?: string;
  receipt_number: string | null;
  phone_number: string | null;
  payer_name: string | null;
}

/** A gift as the screen reads it (giving_records with its member and payment). */
export interface Donation {
  id: string;
  member_id: string | null;
  amount: number;
  giving_type: GivingType;
  payment_method: PaymentMethod;
  transaction_id: string | null;
  giving_date: string;
  notes: string | null;
  is_verified: boolean;
  is_simulated: boolean;
  payment_id: string | null;
  /** The church's receipt number ('2026-000042'), given when a non-demo gift is first verified. */
  receipt_no: string | null;
  /** When its member or type was last corrected with `reassign_gift`, and why. */
  reassigned_at: string | null;
  reassign_reason: string | null;
  created_at: string;
  members: DonationMember | null;
  payment_logs: DonationPayment | null;
}

/** The row as the API answers it: numeric columns may come as text from some servers. */
export type DonationRow = Omit<Donation, 'amount'> & { amount: number | string };

export function toDonation(row: DonationRow): Donation {
  return { ...row, amount: Number(row.amount) };
}

/** A member as the picker offers it. */
export interface MemberChoice {
  id: string;
  first_name: string;
  last_name: string;
  membership_number: string | null;
}

/** "Mary Wanjiru". */
export function memberName(member: Pick<DonationMember, 'first_name' | 'last_name'>): string {
  return `${member.first_name} ${member.last_name}`.trim();
}

/** "Mary Wanjiru (M-001)" or "Mary Wanjiru" without a number. */
export function memberChoiceLabel(member: DonationMember): string {
  return member.membership_number ? `${memberName(member)} (${member.membership_number})` : memberName(member);
}

/** Who gave: the member's name, or the spec's 'Anonymous Donation' (§5). */
export function donorName(donation: Pick<Donation, 'members'>): string {
  return donation.members ? memberName(donation.members) : donationTexts.anonymous;
}

/** "Ksh 1,500 from Mary Wanjiru on 25 Nov 2026": a gift named for screen-reader labels and notices. */
export function giftName(donation: Pick<Donation, 'amount' | 'members' | 'giving_date'>): string {
  return `${formatKes(donation.amount)} from ${donorName(donation)} on ${formatDay(donation.giving_date)}`;
}

/** A gift from an online prompt or the paybill: its amount, method, receipt and verification are the payment's. */
export function isPaidGift(donation: Pick<Donation, 'payment_id'>): boolean {
  return donation.payment_id !== null;
}

/**
 * A gift from a provider (an online prompt, the paybill, or a demo payment): it is the record of
 * that payment, so it is never deleted, and its member and type change only by a re-assignment
 * with a reason (`reassign_gift`); only its notes are edited (migration 0027).
 */
export function isProviderGift(donation: Pick<Donation, 'payment_id'>): boolean {
  return donation.payment_id !== null;
}

/** A paybill gift nobody has matched to a member yet: its re-assignment is called linking. */
export function needsMemberLink(donation: Pick<Donation, 'payment_id' | 'member_id' | 'payment_logs'>): boolean {
  return donation.payment_id !== null && donation.member_id === null && donation.payment_logs?.source === 'paybill';
}

/** A receipt can be printed for a verified gift that has its receipt number — never for a demo gift. */
export function hasReceipt(donation: Pick<Donation, 'is_verified' | 'is_simulated' | 'receipt_no'>): boolean {
  return donation.is_verified && !donation.is_simulated && donation.receipt_no !== null && donation.receipt_no !== '';
}

/** The receipt number to show beside a gift: a demo gift's is never shown. */
export function shownReceiptNo(donation: Pick<Donation, 'is_simulated' | 'receipt_no'>): string | null {
  return donation.is_simulated ? null : donation.receipt_no;
}

/** The line under an online or paybill gift's method: its source, and its provider when the method does not already say it. */
export function paymentSourceText(donation: Pick<Donation, 'payment_method' | 'payment_logs'>): string | null {
  const payment = donation.payment_logs;
  if (!payment) return null;
  const provider = providerLabel(payment.payment_provider);
  const source = sourceLabel(payment.source, payment.channel);
  return provider === paymentMethodLabel(donation.payment_method) ? source : `${provider} · ${source}`;
}

/** An instant's day in Nairobi, YYYY-MM-DD. */
function churchDayOf(instant: string): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? instant.slice(0, 10) : churchToday(date);
}

/** 'Re-assigned on 12 May 2026: Paid from her husband's phone' — a corrected gift's note; null when never corrected. */
export function reassignNote(donation: Pick<Donation, 'reassigned_at' | 'reassign_reason'>): string | null {
  if (!donation.reassigned_at || !donation.reassign_reason) return null;
  return donationTexts.reassignedOn(formatDay(churchDayOf(donation.reassigned_at)), donation.reassign_reason);
}

/** The provider's own receipt (M-Pesa's code) when it differs from the transaction id shown. */
export function providerReceipt(donation: Pick<Donation, 'transaction_id' | 'payment_logs'>): string | null {
  const receipt = donation.payment_logs?.receipt_number ?? null;
  return receipt && receipt !== donation.transaction_id ? receipt : null;
}

// ---- days ------------------------------------------------------------------------------------

/** The first day of `day`'s month. */
export function monthStart(day: string): string {
  return `${day.slice(0, 7)}-01`;
}


export { formatDay };

// ---- filters ---------------------------------------------------------------------------------

/** The list's filters: a giving type ('' for all) and a date range (both ends included). */
export interface DonationFilters {
  type: GivingType | '';
  from: string;
  to: string;
}

/** §7.5: all types, from the first of the current month to today. */
export function defaultFilters(today: string = churchToday()): DonationFilters {
  return { type: '', from: monthStart(today), to: today };
}


/** "1 Nov 2026 – 25 Nov 2026". */
export function rangeText(from: string, to: string): string {
  return from === to ? formatDay(from) : `${formatDay(from)} – ${formatDay(to)}`;
}

// ---- the form ---------------------------------------------------------------------------------

/** The form's fields as typed. */
export interface DonationFormValues {
  member: MemberChoice | null;
  amount: string;
  giving_type: string;
  payment_method: string;
  giving_date: string;
  transaction_id: string;
  notes: string;
  is_verified: boolean;
}

export type DonationFormErrors = Partial<Record<keyof DonationFormValues, string>>;

/** §5: no member (anonymous), type tithe, method M-Pesa, today, unverified. */
export function emptyDonationForm(today: string = churchToday()): DonationFormValues {
  return {
    member: null,
    amount: '',
    giving_type: 'tithe',
    payment_method: 'mpesa',
    giving_date: today,
    transaction_id: '',
    notes: '',
    is_verified: false,
  };
}

/** The largest amount numeric(12,2) holds. */
export const MAX_AMOUNT = 9_999_999_999.99;

/** An amount as typed: "1,500.50" and "1500.5" are 1500.5; anything that is not a number of shillings is undefined. */
export function parseAmount(value: string): number | undefined {
  const text = value.trim().replace(/,/g, '');
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(text)) return undefined;
  return Number(text);
}

export function donationToForm(donation: Donation): DonationFormValues {
  return {
    member: donation.member_id && donation.members ? { id: donation.member_id, ...donation.members } : null,
    amount: donation.amount.toFixed(2),
    giving_type: donation.giving_type,
    payment_method: donation.payment_method,
    giving_date: donation.giving_date,
    transaction_id: donation.transaction_id ?? '',
    notes: donation.notes ?? '',
    is_verified: donation.is_verified,
  };
}

/** The last day a gift may carry: a year from `today` (a post-dated cheque), as the server allows. */
export function latestGiftDay(today: string = churchToday()): string {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  // 29 February a year on is 28 February, as PostgreSQL counts it.
  const last = new Date(Date.UTC(year + 1, month - 1, 1));
  const daysInMonth = new Date(Date.UTC(year + 1, month, 0)).getUTCDate();
  last.setUTCDate(Math.min(day, daysInMonth));
  return last.toISOString().slice(0, 10);
}

/**
 * §5: amount required, a number, in cents (step 0.01), and at least KES 0.01 (the server refuses
 * an amount that rounds to nothing, issue 31); type, method and date required, the date from
 * 1900 to a year from today. A gift from a payment is not checked: only its notes change.
 */
export function validateDonation(values: DonationFormValues, paid = false, today: string = churchToday()): DonationFormErrors {
  const errors: DonationFormErrors = {};
  if (paid) return errors;
  const text = values.amount.trim();
  const amount = parseAmount(text);
  if (text === '') errors.amount = donationTexts.amountRequired;
  else if (amount === undefined) errors.amount = donationTexts.amountNumber;
  else if (amount < 0) errors.amount = donationTexts.amountNegative;
  else if (/\.\d{3,}$/.test(text)) errors.amount = donationTexts.amountCents;
  else if (Math.round(amount * 100) < 1) errors.amount = donationTexts.amountTooSmall;
  else if (amount > MAX_AMOUNT) errors.amount = donationTexts.amountTooLarge;
  if (!isPaymentMethod(values.payment_method)) errors.payment_method = donationTexts.methodRequired;
  if (!isGivingType(values.giving_type)) errors.giving_type = donationTexts.typeRequired;
  const day = values.giving_date;
  if (day === '') errors.giving_date = donationTexts.dateRequired;
  else if (/^\d{4}-\d{2}-\d{2}$/.test(day) && Number(day.slice(0, 4)) < 1900) errors.giving_date = donationTexts.dateTooEarly;
  else if (!isDay(day)) errors.giving_date = donationTexts.dateInvalid;
  else if (day > latestGiftDay(today)) errors.giving_date = donationTexts.dateTooLate;
  return errors;
}

/** What a gift recorded by hand writes (insert, or update of such a gift). */
export interface DonationInput {
  member_id: string | null;
  amount: number;
  giving_type: GivingType;
  payment_method: PaymentMethod;
  giving_date: string;
  transaction_id: string | null;
  notes: string | null;
  is_verified: boolean;
}

/** What the edit form changes on a gift from a payment: its notes (the server refuses the rest; member and type change by re-assignment). */
export type PaidDonationInput = Pick<DonationInput, 'notes'>;

/** §5: the row to write from valid values — empty optional fields null, the amount in cents. */
export function donationFromForm(values: DonationFormValues): DonationInput {
  const amount = parseAmount(values.amount) ?? 0;
  return {
    member_id: values.member?.id ?? null,
    amount: Math.round(amount * 100) / 100,
    giving_type: values.giving_type as GivingType,
    payment_method: values.payment_method as PaymentMethod,
    giving_date: values.giving_date,
    transaction_id: textOrNull(values.transaction_id),
    notes: textOrNull(values.notes),
    is_verified: values.is_verified,
  };
}

/** The changes of a gift from a payment: only its notes. */
export function paidDonationFromForm(values: DonationFormValues): PaidDonationInput {
  return { notes: textOrNull(values.notes) };
}

// ---- re-assigning a provider gift --------------------------------------------------------------

/** The re-assignment form as typed: the member the gift belongs to (none: anonymous), its type, and why. */
export interface ReassignValues {
  member: MemberChoice | null;
  giving_type: string;
  reason: string;
}

export type ReassignErrors = Partial<Record<keyof ReassignValues | 'form', string>>;

/** The longest reason the server keeps. */
export const MAX_REASON = 500;

export function reassignForm(donation: Donation): ReassignValues {
  return {
    member: donation.member_id && donation.members ? { id: donation.member_id, ...donation.members } : null,
    giving_type: donation.giving_type,
    reason: '',
  };
}

/**
 * A reason is required, and something must change (the member or the type); linking an
 * unmatched paybill gift (`memberRequired`) needs the member.
 */
export function validateReassign(
  donation: Pick<Donation, 'member_id' | 'giving_type'>,
  values: ReassignValues,
  memberRequired = false,
): ReassignErrors {
  const errors: ReassignErrors = {};
  if (memberRequired && !values.member) errors.member = donationTexts.memberRequired;
  const reason = values.reason.trim();
  if (reason === '') errors.reason = donationTexts.reasonRequired;
  else if (reason.length > MAX_REASON) errors.reason = donationTexts.reasonTooLong;
  if (!isGivingType(values.giving_type)) errors.giving_type = donationTexts.typeRequired;
  else if (!errors.member && (values.member?.id ?? null) === donation.member_id && values.giving_type === donation.giving_type) {
    errors.form = donationTexts.reassignNothing;
  }
  return errors;
}

/** What `reassign_gift` is sent: no member means anonymous; the reason trimmed. */
export interface ReassignInput {
  id: string;
  memberId: string | null;
  givingType: GivingType;
  reason: string;
}

export function reassignFromForm(donation: Pick<Donation, 'id'>, values: ReassignValues): ReassignInput {
  return { id: donation.id, memberId: values.member?.id ?? null, givingType: values.giving_type as GivingType, reason: values.reason.trim() };
}

/** The confirmation's question: from whom to whom, and the type when it changes. */
export function reassignQuestion(donation: Donation, values: ReassignValues): string {
  const to = values.member ? memberName(values.member) : donationTexts.anonymous;
  const type =
    values.giving_type === donation.giving_type ? '' : ` and make it ${givingTypeLabel(values.giving_type)} instead of ${givingTypeLabel(donation.giving_type)}`;
  const who = (values.member?.id ?? null) === donation.member_id ? `keep it with ${to}` : `move it from ${donorName(donation)} to ${to}`;
  return `${formatKes(donation.amount)} on ${formatDay(donation.giving_date)}: ${who}${type}? Your reason is kept with the gift, shown on the member’s giving statement and recorded in the activity log.`;
}

// ---- totals ----------------------------------------------------------------------------------

/** `get_donation_totals`' answer: non-demo gifts of the filter. */
export interface DonationTotals {
  gift_count: number;
  total: number;
  verified_count: number;
  verified_total: number;
  pending_count: number;
  pending_total: number;
  anonymous_total: number;
}

const totalKeys = ['gift_count', 'total', 'verified_count', 'verified_total', 'pending_count', 'pending_total', 'anonymous_total'] as const;

/** Reads the function's answer (one row, or a list of one), checking every figure: a mismatch is an error, never a guess. */
export function readDonationTotals(data: unknown): DonationTotals {
  const read = answerReader();
  const row = read.record(Array.isArray(data) ? data[0] : data, 'the totals');
  const totals = {} as DonationTotals;
  for (const key of totalKeys) totals[key] = read.number(row[key], key);
  return totals;
}

// ---- errors ----------------------------------------------------------------------------------

/**
 * The server's words when it refused something for a reason a person can act on — a rule of the
 * church's books (an online gift keeps its amount, a transaction id already recorded) — rather
 * than a technical failure. Undefined otherwise.
 */
export function refusalDetail(error: unknown, transactionId?: string): string | undefined {
  if (!(error instanceof KanisaError)) return undefined;
  if (error.code === '23505' && `${error.message} ${error.details ?? ''}`.includes('transaction_id')) {
    return donationTexts.duplicateTransaction(transactionId?.trim() ?? '');
  }
  if (error.code === '42501' && /^permission denied/i.test(error.message)) return donationTexts.notAllowed;
  if (['42501', '22023', 'P0001', '23514', 'PT409'].includes(error.code) && error.message) return error.message;
  return undefined;
}

/** §8's words, with the server's reason after them when it gave a clear one. */
export function withRefusal(text: string, error: unknown, transactionId?: string): string {
  const detail = refusalDetail(error, transactionId);
  return detail ? `${text} ${detail}` : text;
}

/** Texts of the Donations screen. Marked ones are the spec's words (back-office.md §5, §8). */
export const donationTexts = {
  /** §5 */
  anonymous: 'Anonymous Donation',
  /** §8 */
  saveError: 'Error saving donation. Please try again.',
  /** §8 */
  deleteError: 'Error deleting donation. Please try again.',
  /** §8 */
  confirmDelete: 'Are you sure you want to delete this donation record?',
  toggleError: 'Could not change the donation’s status. Please try again.',
  linkError: 'Could not link the gift to the member. Please try again.',
  exportFailed: 'Could not export the donations. Please try again.',
  amountRequired: 'Please enter the amount.',
  amountNumber: 'Please enter the amount as a number of shillings, e.g. 1500 or 1500.50.',
  amountNegative: 'The amount cannot be negative.',
  amountCents: 'The amount can have at most two decimal places (cents).',
  amountTooSmall: 'The amount must be at least KES 0.01.',
  amountTooLarge: 'The amount is too large.',
  typeRequired: 'Please choose the giving type.',
  methodRequired: 'Please choose the payment method.',
  dateRequired: 'Please enter the date of the gift.',
  dateInvalid: 'Please enter the date as day, month and year.',
  dateTooEarly: 'The date cannot be before 1900.',
  dateTooLate: 'The date cannot be more than a year from today.',
  notAllowed: 'Your account may not make this change.',
  duplicateTransaction: (id: string) =>
    id ? `Transaction ID ${id} is already recorded on another gift.` : 'That transaction ID is already recorded on another gift.',
  paidNote: (provider: string, source: string) =>
    `This gift came from ${provider} (${source}). It is the record of that payment: its amount, date, method, transaction ID and verification cannot be changed, and it cannot be deleted. You can add notes here; to give it to another member or correct its type, use Re-assign, with the reason.`,
  reassignError: 'Could not re-assign the gift. Please try again.',
  reasonRequired: 'Please give the reason for this change.',
  memberRequired: 'Please choose the member who gave this gift.',
  reasonTooLong: `The reason can be at most ${String(MAX_REASON)} characters.`,
  reassignNothing: 'Choose another member or giving type: this is what the gift already has.',
  reassignedOn: (day: string, reason: string) => `Re-assigned on ${day}: ${reason}`,
  demoNote: 'A demo gift (payments in demo mode): it is never counted in the totals and gets no receipt.',
};
