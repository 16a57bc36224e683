/** The figures of the dashboard (§7.5), computed from the rows the API returns. */

/** Today's date (YYYY-MM-DD) in the church's time zone (§9: Africa/Nairobi). */
export function churchToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(now);
}

/** The first day of the month of `today` (YYYY-MM-DD). */
export function monthStart(today: string): string {
  return `${today.slice(0, 7)}-01`;
}

export function yearOf(today: string): number {
  return Number(today.slice(0, 4));
}

/** §7.5: approved expenses this year over the total allocated this year, rounded; divisor 1 if none. */
export function budgetPercentage(spent: number, allocated: number): number {
  return Math.round((spent / (allocated || 1)) * 100);
}

const kes = new Intl.NumberFormat('en-KE', { style: 'currency', currency: 'KES', maximumFractionDigits: 0 });

/** Kenyan shillings, no decimals (§9). */
export function formatKes(amount: number): string {
  return kes.format(amount);
}
