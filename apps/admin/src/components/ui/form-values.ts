/** Small conversions between what a form field holds (text) and what a row stores. */

/** Trimmed text, or null when nothing was typed (optional columns). */
export function textOrNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** "a, b ,, c" → ["a", "b", "c"]: split on commas, trimmed, empty parts dropped. */
export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** ["a", "b"] → "a, b" for editing. */
export function joinList(values: readonly string[] | null | undefined): string {
  return (values ?? []).join(', ');
}

/** A full web address (http:// or https://, no spaces), as the database requires. */
export function isWebAddress(value: string): boolean {
  if (!/^https?:\/\/\S+$/i.test(value)) return false;
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
}

/** A plausible e-mail address: something@domain.tld, no spaces. */
export function isEmailAddress(value: string): boolean {
  return /^[^@\s]+@[^@\s]+\.[^@\s.]+$/.test(value);
}

/** A whole number typed in a field, or undefined when it is not one. */
export function parseWholeNumber(value: string): number | undefined {
  const trimmed = value.trim();
  if (!/^-?\d+$/.test(trimmed)) return undefined;
  return Number(trimmed);
}

/** True when no field has an error. */
export function isValid(errors: Record<string, string | undefined>): boolean {
  return Object.values(errors).every((error) => !error);
}

/** 'YYYY-MM-DD' → '22 Nov 2026' (the date itself, whatever the device's time zone). */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '';
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat('en-KE', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
}
