import table from '../../../../crates/kanisa-phone/cases.json' with { type: 'json' };

/**
 * One case of Kanisa's shared phone table (crates/kanisa-phone/cases.json), which the Rust
 * (kanisa-phone), SQL (kanisa-pg) and TypeScript tests all run: what a person typed, and the
 * normal form the server reads it as (`254…`), or null when the server refuses it.
 */
export interface PhoneCase {
  input: string;
  msisdn: string | null;
  local?: string;
  stored: string | null;
  blank?: boolean;
  note?: string;
}

export const phoneCases: readonly PhoneCase[] = table.cases;
