import type { Database } from '@kanisa/client';

/**
 * Giving as every finance screen names it and writes its money (back-office.md §9): the giving
 * types in their fixed order with their labels, the payment methods with theirs, and KES in the
 * Kenyan locale. Donations, the Financial Dashboard, Budget, the receipts, the statements and the
 * dashboard read them here, so no two screens can name a gift or an amount differently.
 */

type Enums = Database['public']['Enums'];
export type GivingType = Enums['giving_records_giving_type'];
export type PaymentMethod = Enums['giving_records_payment_method'];

/** §9: the giving types in their fixed order, with their labels. */
export const givingTypes: readonly { value: GivingType; label: string }[] = [
  { value: 'tithe', label: 'Tithes' },
  { value: 'offering', label: 'Offerings' },
  { value: 'special_project', label: 'Special Projects' },
  { value: 'building_fund', label: 'Building Fund' },
  { value: 'missions', label: 'Missions' },
];

export function isGivingType(value: string | null | undefined): value is GivingType {
  return givingTypes.some((type) => type.value === value);
}

/** §9: a giving type's label; an unknown type keeps its raw name, a missing one becomes 'other'. */
export function givingTypeLabel(type: string | null | undefined): string {
  if (type === null || type === undefined || type.trim() === '') return 'other';
  return givingTypes.find((known) => known.value === type)?.label ?? type;
}

/** How a gift can be paid, with the labels a member reads (Equity Bank only comes with an online gift). */
export const paymentMethods: readonly { value: PaymentMethod; label: string }[] = [
  { value: 'mpesa', label: 'M-Pesa' },
  { value: 'cash', label: 'Cash' },
  { value: 'bank_transfer', label: 'Bank Transfer' },
  { value: 'check', label: 'Cheque' },
  { value: 'equity_bank', label: 'Equity Bank' },
];

export function isPaymentMethod(value: string | null | undefined): value is PaymentMethod {
  return paymentMethods.some((method) => method.value === value);
}

/** A payment method's label; an unknown method keeps its raw name, a missing one is '—'. */
export function paymentMethodLabel(method: string | null | undefined): string {
  if (!method) return '—';
  return paymentMethods.find((known) => known.value === method)?.label ?? method;
}

// ---- money -----------------------------------------------------------------------------------

const kesWhole = new Intl.NumberFormat('en-KE', { style: 'currency', currency: 'KES', maximumFractionDigits: 0 });
const kesCents = new Intl.NumberFormat('en-KE', { style: 'currency', currency: 'KES', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const plainWhole = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 });
const plainCents = new Intl.NumberFormat('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const counts = new Intl.NumberFormat('en-KE');

/** An amount with no cents once rounded to the cent. */
const isWhole = (amount: number) => Number.isInteger(Math.round(amount * 100) / 100);

/** A report's figure (§9: 0 decimals in reports): "Ksh 1,235" for 1,234.50. */
export function formatKesWhole(amount: number): string {
  return kesWhole.format(amount);
}

/**
 * KES in the Kenyan locale, whole shillings without decimals and the cents when an amount has
 * some: "Ksh 1,500", "Ksh 400.40" (a conference share of 40 % of Ksh 1,001 is forwarded exactly).
 */
export function formatKes(amount: number): string {
  return isWhole(amount) ? kesWhole.format(amount) : kesCents.format(amount);
}

/** Always with cents, as a receipt states an amount: "Ksh 1,500.00". */
export function formatKesCents(amount: number): string {
  return kesCents.format(amount);
}

/** §9: budget figures as plain numbers in Ksh, cents only when there are some ('Ksh 120,000', 'Ksh 1,250.50'). */
export function formatKsh(amount: number): string {
  return `Ksh ${isWhole(amount) ? plainWhole.format(amount) : plainCents.format(amount)}`;
}

/** An amount for a spreadsheet cell: "1500.00" (two decimals, no grouping, no currency). */
export function csvAmount(amount: number): string {
  return amount.toFixed(2);
}

/** "1 gift", "1,200 gifts". */
export function giftsText(count: number): string {
  return `${counts.format(count)} ${count === 1 ? 'gift' : 'gifts'}`;
}
