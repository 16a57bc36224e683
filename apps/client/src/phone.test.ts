import { describe, expect, it } from 'vitest';
import table from '../../../crates/kanisa-phone/cases.json' with { type: 'json' };
import { isBlank, msisdn } from './phone';

/** One case of the shared table (crates/kanisa-phone/cases.json; the Rust and SQL tests run it too). */
interface PhoneCase {
  input: string;
  msisdn: string | null;
  local?: string;
  stored: string | null;
  blank?: boolean;
}

const cases: PhoneCase[] = table.cases;

describe('the one phone rule (kanisa-phone), in TypeScript', () => {
  it.each(cases.map((c) => [JSON.stringify(c.input), c] as const))('%s as the shared table says', (_, c) => {
    const read = msisdn(c.input);
    expect(read?.msisdn ?? null).toBe(c.msisdn);
    if (read) {
      // The three forms: providers', stored and sent, read by people.
      expect(read.e164).toBe(c.stored);
      expect(read.local).toBe(c.local);
    }
    expect(isBlank(c.input)).toBe(c.blank ?? false);
  });

  it('holds both kinds in numbers', () => {
    const accepted = cases.filter((c) => c.msisdn !== null).length;
    expect(accepted).toBeGreaterThanOrEqual(20);
    expect(cases.length - accepted).toBeGreaterThanOrEqual(20);
  });
});
