import { describe, expect, it } from 'vitest';
import { CsvError, csvField, guardCell, parseCsv, toCsv, unguardCell } from './csv';

const fields = (text: string) => parseCsv(text).map((record) => record.fields);

describe('parseCsv (RFC 4180)', () => {
  it('reads plain fields, empty fields and the last line without a line break', () => {
    expect(fields('a,b,c\n1,,3')).toEqual([
      ['a', 'b', 'c'],
      ['1', '', '3'],
    ]);
    expect(fields('a,b,\n')).toEqual([['a', 'b', '']]);
  });

  it('reads quoted fields with commas, escaped quotes and line breaks inside', () => {
    const text = 'name,address\r\n"Wanjiru, Mary","Plot 5\r\nKisumu Road"\r\n"Say ""Amen""",""\r\n';
    expect(parseCsv(text)).toEqual([
      { fields: ['name', 'address'], line: 1 },
      { fields: ['Wanjiru, Mary', 'Plot 5\nKisumu Road'], line: 2 },
      { fields: ['Say "Amen"', ''], line: 4 },
    ]);
  });

  it('takes CRLF, LF and a lone CR as line breaks, skips blank lines and a byte-order mark', () => {
    expect(fields('\uFEFFfirst_name,last_name\r\nMary,Wanjiru\n\r\nJohn,Otieno\rGrace,Achieng\r\n\r\n')).toEqual([
      ['first_name', 'last_name'],
      ['Mary', 'Wanjiru'],
      ['John', 'Otieno'],
      ['Grace', 'Achieng'],
    ]);
    expect(parseCsv('a\n\nb').map((record) => record.line)).toEqual([1, 3]);
    expect(fields('\uFEFF')).toEqual([]);
    expect(fields('')).toEqual([]);
  });

  it('keeps a line holding only an empty quoted value, and a quote inside an unquoted value', () => {
    expect(fields('""\nx')).toEqual([[''], ['x']]);
    expect(fields('12" ruler,b')).toEqual([['12" ruler', 'b']]);
  });

  it('names the line of an unclosed quote or text after a closing quote', () => {
    expect(() => parseCsv('a,b\n"open,\nvalue')).toThrow(new CsvError('Line 2: a quoted value is not closed.', 2));
    expect(() => parseCsv('a\n"x"y')).toThrow(/^Line 2: there is text right after a closing quote\.$/);
  });
});

describe('writing CSV', () => {
  it('quotes only what needs it, and reads back what it wrote', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' padded')).toBe('" padded"');
    const rows = [
      ['first_name', 'address'],
      ['Mary', 'Plot 5, "Green" House\nKisumu'],
      ['', ' x '],
    ];
    const text = toCsv(rows);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(fields(text)).toEqual(rows);
  });

  it('guards values a spreadsheet would run as formulas, but not phone numbers, and undoes it on import', () => {
    expect(guardCell('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")');
    expect(guardCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(guardCell('+cmd|calc')).toBe("'+cmd|calc");
    expect(guardCell('+254 712 345 678')).toBe('+254 712 345 678');
    expect(guardCell('-5')).toBe('-5');
    expect(guardCell('Mary')).toBe('Mary');
    expect(unguardCell("'=HYPERLINK(\"x\")")).toBe('=HYPERLINK("x")');
    expect(unguardCell("O'Brien")).toBe("O'Brien");
    expect(unguardCell("'quoted'")).toBe("'quoted'");
  });
});
