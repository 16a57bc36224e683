import { guardCell, parseCsv, toCsv, unguardCell } from '../../lib/csv';
import { emergencyContactOf, type Member } from './member-form';

/** The template's columns, in order: what an import reads and an export writes (migration 0016). */
export const memberCsvColumns = [
  'membership_number',
  'first_name',
  'last_name',
  'date_of_birth',
  'phone',
  'email',
  'address',
  'marital_status',
  'baptism_date',
  'membership_date',
  'emergency_contact_name',
  'emergency_contact_phone',
  'emergency_contact_relationship',
  'is_active',
] as const;

export type MemberCsvColumn = (typeof memberCsvColumns)[number];

/** One member as the import sends it: column → text (empty = no value). */
export type MemberCsvRow = Partial<Record<MemberCsvColumn, string>>;

/** The most rows one import takes (the server refuses more, and says so). */
export const MAX_IMPORT_ROWS = 5000;

/** The template file: the header line only. */
export function memberTemplateCsv(): string {
  return toCsv([[...memberCsvColumns]]);
}

/** A member as a CSV row in the template's columns (so an export can be imported again). */
export function memberCsvValues(member: Member): string[] {
  const contact = emergencyContactOf(member.emergency_contact);
  const values: Record<MemberCsvColumn, string> = {
    membership_number: member.membership_number ?? '',
    first_name: member.first_name,
    last_name: member.last_name,
    date_of_birth: member.date_of_birth ?? '',
    phone: member.phone ?? '',
    email: member.email ?? '',
    address: member.address ?? '',
    marital_status: member.marital_status ?? '',
    baptism_date: member.baptism_date ?? '',
    membership_date: member.membership_date ?? '',
    emergency_contact_name: contact.name,
    emergency_contact_phone: contact.phone,
    emergency_contact_relationship: contact.relationship,
    is_active: member.is_active ? 'true' : 'false',
  };
  return memberCsvColumns.map((column) => guardCell(values[column]));
}

/** The export file of `members`: the template's header, then one row each. */
export function membersCsv(members: readonly Member[]): string {
  return toCsv([[...memberCsvColumns], ...members.map(memberCsvValues)]);
}

/** A header cell as a column name: "First Name" and " first_name " both read `first_name`. */
function columnName(header: string): string {
  return header.trim().toLowerCase().replace(/[\s-]+/g, '_');
}

/** A CSV file read for the import. */
export interface MemberCsvFile {
  rows: MemberCsvRow[];
  /** The file line each row starts on (a quoted value may span lines): rows[i] is on lines[i]. */
  lines: number[];
  /** Header cells that are not template columns: their values are not imported. */
  ignored: string[];
}

/** Texts of reading an import file. */
export const csvTexts = {
  empty: 'The file is empty. Download the template, fill in one member per line, and choose it again.',
  noRows: 'The file has a header line but no members under it.',
  missingNames: 'The file needs the columns first_name and last_name (see the template).',
  duplicateColumn: (name: string) => `The column ${name} appears twice in the header line.`,
} as const;

/** A file that cannot be imported as it is, with the reason to show. */
export class MemberCsvError extends Error {
  override readonly name = 'MemberCsvError';
}

/**
 * Reads an import file: the first line names the columns (in any order; unknown ones are
 * ignored), every further line is a member. Values are trimmed; a spreadsheet's formula guard
 * (a leading apostrophe, see `guardCell`) is dropped. The rules about the values themselves are
 * the server's (the preview says which rows it refuses and why).
 */
export function readMemberCsv(text: string): MemberCsvFile {
  const records = parseCsv(text);
  const [header, ...body] = records;
  if (!header) throw new MemberCsvError(csvTexts.empty);
  const names = header.fields.map(columnName);
  const known = new Set<string>(memberCsvColumns);
  const seen = new Set<string>();
  for (const name of names) {
    if (known.has(name) && seen.has(name)) throw new MemberCsvError(csvTexts.duplicateColumn(name));
    seen.add(name);
  }
  if (!seen.has('first_name') || !seen.has('last_name')) throw new MemberCsvError(csvTexts.missingNames);
  if (body.length === 0) throw new MemberCsvError(csvTexts.noRows);
  const ignored = header.fields.filter((_, i) => !known.has(names[i] ?? '')).map((cell) => cell.trim()).filter(Boolean);

  const rows = body.map((record) => {
    const row: MemberCsvRow = {};
    names.forEach((name, i) => {
      if (known.has(name)) row[name as MemberCsvColumn] = unguardCell((record.fields[i] ?? '').trim());
    });
    return row;
  });
  return { rows, lines: body.map((record) => record.line), ignored };
}
