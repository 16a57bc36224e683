/**
 * Phone numbers as people read them. The database stores a Kenyan mobile number in one form,
 * +254 and nine digits (migrations 0032 and 0045, crate kanisa-phone); a screen shows it in the
 * local form people type and read, `0712 345 678` (kanisa-phone's `Msisdn::local`). Anything
 * else (a landline, a number abroad) is shown as stored.
 */
export function readablePhone(stored: string): string;
export function readablePhone(stored: string | null | undefined): string | null;
export function readablePhone(stored: string | null | undefined): string | null {
  if (stored == null) return null;
  const mobile = /^\+254([17]\d{2})(\d{3})(\d{3})$/.exec(stored);
  if (!mobile) return stored;
  const [, prefix = '', middle = '', end = ''] = mobile;
  return `0${prefix} ${middle} ${end}`;
}
