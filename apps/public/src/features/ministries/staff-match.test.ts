import { describe, expect, it } from 'vitest';
import { findMinistryStaff, withStaffOverride, type StaffRecord } from './staff-match';

function person(id: string, position: string): StaffRecord {
  return { id, name: `Name ${id}`, position, email: `${id}@example.org`, phone: `+2547001000${id}` };
}

const staff = [
  person('01', 'Senior Pastor'),
  person('02', "Women's Ministries Leader"),
  person('03', "Men's Ministries Leader"),
  person('04', 'Youth Ministry Leader'),
  person('05', "Children's Ministries Leader"),
  person('06', 'Choir Director'),
  person('07', 'Sabbath School Superintendent'),
  person('08', 'Mentorship Coordinator'),
];

function match(name: string, people: StaffRecord[] = staff): string | undefined {
  return findMinistryStaff({ name }, people)?.id;
}

describe('findMinistryStaff', () => {
  it('matches when the position contains the ministry name, case-insensitively', () => {
    expect(match('YOUTH MINISTRY')).toBe('04');
    expect(match('sabbath school')).toBe('07');
  });

  it('matches when the ministry name contains the position', () => {
    expect(match('The Senior Pastor Office')).toBe('01');
  });

  it('falls back to the women, men and children keywords without confusing men with women', () => {
    expect(match("Women's Ministry")).toBe('02');
    expect(match("Men's Ministry")).toBe('03');
    expect(match("Children's Ministry")).toBe('05');
    expect(match('Ministry to Men')).toBe('03');
  });

  it('pairs music with choir both ways', () => {
    expect(match('Music Ministry')).toBe('06');
    expect(match('Church Choir', [person('09', 'Music Director')])).toBe('09');
  });

  it('falls back to youth', () => {
    expect(match('Youth Choir Outreach', [person('10', 'Head of Youth')])).toBe('10');
  });

  it('finds nothing for an unrelated ministry', () => {
    expect(match('Health Ministry')).toBeUndefined();
    expect(match('Community Outreach')).toBeUndefined();
    expect(match('   ')).toBeUndefined();
  });

  it('prefers the linked leader record', () => {
    expect(findMinistryStaff({ name: 'Youth Ministry', leader_id: '01' }, staff)?.id).toBe('01');
    expect(findMinistryStaff({ name: 'Youth Ministry', leader_id: 'gone' }, staff)?.id).toBe('04');
  });
});

describe('withStaffOverride', () => {
  const ministry = { name: 'Youth Ministry', leader: 'Old Leader', contact: 'old@example.org', phone: '+254700000000' };

  it('replaces leader, contact and phone with the staff record', () => {
    expect(withStaffOverride(ministry, staff)).toEqual({
      name: 'Youth Ministry',
      leader: 'Name 04',
      contact: '04@example.org',
      phone: '+254700100004',
    });
  });

  it('keeps the ministry values when nobody matches or the record lacks them', () => {
    expect(withStaffOverride({ ...ministry, name: 'Health Ministry' }, staff)).toEqual({ ...ministry, name: 'Health Ministry' });
    const bare = { ...person('04', 'Youth Ministry Leader'), email: null, phone: null };
    expect(withStaffOverride(ministry, [bare])).toMatchObject({ leader: 'Name 04', contact: 'old@example.org', phone: '+254700000000' });
  });
});
