/**
 * `@kanisa/client/phone`: Kanisa's one rule for Kenyan mobile numbers, as the crate
 * `kanisa-phone` has it (crates/kanisa-phone/src/lib.rs) and the database's `kanisa.msisdn()`
 * follows. The table of cases both run, `crates/kanisa-phone/cases.json`, is run here too
 * (phone.test.ts), so the apps accept exactly what the server accepts.
 *
 * The rule: spaces, tabs, line breaks, hyphens, dots and parentheses are ignored; then an
 * optional `+254`, `254` or `0` prefix; then nine digits starting with 1 or 7. `0712 345 678`,
 * `712345678`, `+254 712-345-678` and `(0712) 345.678` are the same number. Digits are ASCII
 * digits only (a full-width or Arabic-Indic digit is not one here, nor on the server).
 *
 * No message texts: the apps word their own refusals.
 */

/** A Kenyan mobile number in its three forms (kanisa-phone's `Msisdn`). */
export interface Msisdn {
  /** `2547…`: as the providers take it (M-Pesa, Equity Bank), `Msisdn::as_str`. */
  readonly msisdn: string;
  /** `+2547…`: how numbers are stored and sent, `Msisdn::e164`. */
  readonly e164: string;
  /** `0712 345 678`: the form people read, `Msisdn::local`. */
  readonly local: string;
}

/** The characters ignored in a typed number (kanisa-phone's `IGNORED`). */
const ignored = /[ \t\n\r\-.()]/g;
const nineDigits = /^[17][0-9]{8}$/;

/** Reads a Kenyan mobile number; null when `input` is not one (kanisa-phone's `msisdn`). */
export function msisdn(input: string): Msisdn | null {
  const compact = input.replace(ignored, '');
  const prefix = ['+254', '254', '0'].find((p) => compact.startsWith(p)) ?? '';
  const rest = compact.slice(prefix.length);
  if (!nineDigits.test(rest)) return null;
  return { msisdn: `254${rest}`, e164: `+254${rest}`, local: `0${rest.slice(0, 3)} ${rest.slice(3, 6)} ${rest.slice(6)}` };
}

/** True when `input` has nothing but ignored characters (kanisa-phone's `is_blank`): a required number is missing. */
export function isBlank(input: string): boolean {
  return input.replace(ignored, '') === '';
}
