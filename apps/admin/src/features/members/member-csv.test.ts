import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../lib/csv';
import { csvTexts, memberCsvColumns, membersCsv, memberTemplateCsv, readMemberCsv } from './member-csv';
import type { Member } from './member-form';

const member: Member = {
  id: 'm1',
  membership_number: 'M-001',
  first_name: 'Mary',
  last_name: 'Wanjiru',
  full_name: 'Mary Wanjiru',
  date_of_birth: '1985-04-12',
  address: 'Plot 5, Kisumu Road',
  phone: '+254712345678',
  email: 'mary@example.org',
  marital_status: 'married',
  baptism_date: null,
  membership_date: '2010-01-09',
  emergency_contact: { name: 'John Wanjiru', relationship: 'Spouse' },
  is_active: true,
  ministry_ids: [],
};

describe('the member CSV', () => {
  it('has a template of exactly the import columns', () => {
    expect(memberTemplateCsv()).toBe(
      '\uFEFFmembership_number,first_name,last_name,date_of_birth,phone,email,address,marital_status,baptism_date,membership_date,emergency_contact_name,emergency_contact_phone,emergency_contact_relationship,is_active\r\n',
    );
  });

  it('exports members in the template columns, so an export can be imported again', () => {
    const text = membersCsv([member, { ...member, id: 'm2', membership_number: null, emergency_contact: null, is_active: false }]);
    const [header, first, second] = parseCsv(text).map((record) => record.fields);
    expect(header).toEqual([...memberCsvColumns]);
    expect(first).toEqual([
      'M-001', 'Mary', 'Wanjiru', '1985-04-12', '+254712345678', 'mary@example.org', 'Plot 5, Kisumu Road', 'married', '', '2010-01-09',
      'John Wanjiru', '', 'Spouse', 'true',
    ]);
    expect(second?.[0]).toBe('');
    expect(second?.slice(10)).toEqual(['', '', '', 'false']);
    const again = readMemberCsv(text);
    expect(again.rows[0]).toMatchObject({ membership_number: 'M-001', address: 'Plot 5, Kisumu Road', emergency_contact_name: 'John Wanjiru' });
  });

  it('reads an import file: columns in any order and case, values trimmed, unknown columns ignored, each row’s line', () => {
    const file = readMemberCsv('Last Name,First Name,Notes,email\r\n Wanjiru , Mary ,x,\r\n"Otieno","John\nPaul",,j@x.org\r\n\r\nAchieng,Grace,,\r\n');
    expect(file.rows).toEqual([
      { last_name: 'Wanjiru', first_name: 'Mary', email: '' },
      { last_name: 'Otieno', first_name: 'John\nPaul', email: 'j@x.org' },
      { last_name: 'Achieng', first_name: 'Grace', email: '' },
    ]);
    expect(file.lines).toEqual([2, 3, 6]);
    expect(file.ignored).toEqual(['Notes']);
  });

  it('refuses a file without names, without rows, or with a column twice', () => {
    expect(() => readMemberCsv('')).toThrow(csvTexts.empty);
    expect(() => readMemberCsv('first_name,email\nMary,m@x.org')).toThrow(csvTexts.missingNames);
    expect(() => readMemberCsv('first_name,last_name\r\n')).toThrow(csvTexts.noRows);
    expect(() => readMemberCsv('first_name,last_name,First Name\nA,B,C')).toThrow(csvTexts.duplicateColumn('first_name'));
  });
});
