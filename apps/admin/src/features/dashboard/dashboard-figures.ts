/** The figures of the dashboard (§7.5), computed from the rows the API returns. */

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
