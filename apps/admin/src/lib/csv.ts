/**
 * CSV as RFC 4180 writes it, read and written in the browser: fields separated by commas,
 * records by CRLF (LF or a lone CR read too), a field in double quotes may hold commas, line
 * breaks and quotes (doubled: `""`). A byte-order mark at the start is skipped. Small on purpose:
 * the back office's one CSV use is the member import and export.
 */

/** One record of a file and the line it starts on (from 1), for messages about it. */
export interface CsvRecord {
  fields: string[];
  line: number;
}

/** A file that is not CSV as written by a spreadsheet; `line` is where the problem is. */
export class CsvError extends Error {
  override readonly name = 'CsvError';
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

/**
 * Reads CSV text into records. Blank lines are skipped; a quoted field keeps its line breaks
 * (as `\n`). An unclosed quote, or text right after a closing quote, is an error naming its line.
 */
export function parseCsv(text: string): CsvRecord[] {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  /** The current field began with a quote; `inQuotes` says whether it is still open. */
  let fieldQuoted = false;
  let inQuotes = false;
  let line = 1;
  let recordLine = 1;
  let quoteLine = 1;

  const endField = () => {
    fields.push(field);
    field = '';
    fieldQuoted = false;
  };
  const endRecord = () => {
    // A blank line (one empty, unquoted field) is not a record.
    const blank = fields.length === 0 && field === '' && !fieldQuoted;
    endField();
    if (!blank) records.push({ fields, line: recordLine });
    fields = [];
  };

  for (let i = 0; i < source.length; i++) {
    const char = source.charAt(i);
    if (inQuotes) {
      if (char === '"') {
        if (source.charAt(i + 1) === '"') {
          field += '"';
          i++;
        } else {
          inQuotes = false;
        }
      } else if (char === '\r' || char === '\n') {
        // A line break inside quotes is kept as \n, whichever kind the file uses.
        if (char === '\r' && source.charAt(i + 1) === '\n') i++;
        field += '\n';
        line++;
      } else {
        field += char;
      }
    } else if (char === ',') {
      endField();
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && source.charAt(i + 1) === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else if (fieldQuoted) {
      throw new CsvError(`Line ${String(line)}: there is text right after a closing quote.`, line);
    } else if (char === '"' && field === '') {
      inQuotes = true;
      fieldQuoted = true;
      quoteLine = line;
    } else {
      // A quote inside an unquoted value (12" ruler) is taken as it is, as spreadsheets do.
      field += char;
    }
  }
  if (inQuotes) throw new CsvError(`Line ${String(quoteLine)}: a quoted value is not closed.`, quoteLine);
  if (field !== '' || fieldQuoted || fields.length > 0) endRecord();
  return records;
}

/** A field as CSV: quoted when it holds a comma, quote or line break, or starts or ends with a space. */
export function csvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Rows as CSV text: CRLF after every record (RFC 4180), a byte-order mark first so spreadsheets read UTF-8. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/**
 * A value that a spreadsheet would run as a formula (`=…`, `@…`, or `+`/`-` followed by more than
 * a number, e.g. `=HYPERLINK(…)`) is written with a leading apostrophe, so opening an export is
 * safe. Phone numbers (`+254 712 …`) and numbers stay as they are.
 */
export function guardCell(value: string): string {
  if (/^[=@\t\r]/.test(value) || (/^[+-]/.test(value) && !/^[+-][\d\s().-]*$/.test(value))) return `'${value}`;
  return value;
}

/** Undoes `guardCell` on import: an apostrophe before a formula character is dropped. */
export function unguardCell(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}
