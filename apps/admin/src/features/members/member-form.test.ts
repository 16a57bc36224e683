import { KanisaError } from '@kanisa/client';
import { describe, expect, it } from 'vitest';
import {
  deleteErrorText,
  emergencyContactFromForm,
  emptyMemberForm,
  memberFromForm,
  memberTexts,
  memberToForm,
  saveErrorText,
  validateMember,
  type Member,
} from './member-form';

describe('the member form', () => {
  it('requires first and last name, a real e-mail when given, and real dates', () => {
    expect(validateMember(emptyMemberForm)).toEqual({ first_name: memberTexts.firstNameRequired, last_name: memberTexts.lastNameRequired });
    const named = { ...emptyMemberForm, first_name: 'Mary', last_name: 'Wanjiru' };
    expect(validateMember(named)).toEqual({});
    expect(validateMember({ ...named, email: 'not-an-address', date_of_birth: '1985-13-45' })).toEqual({
      email: memberTexts.email,
      date_of_birth: memberTexts.date,
    });
  });

  it('sends every empty optional field as null and no emergency contact when nothing of it is filled', () => {
    expect(memberFromForm({ ...emptyMemberForm, first_name: ' Mary ', last_name: ' Wanjiru ', phone: '   ' })).toEqual({
      first_name: 'Mary',
      last_name: 'Wanjiru',
      membership_number: null,
      email: null,
      phone: null,
      address: null,
      date_of_birth: null,
      marital_status: null,
      baptism_date: null,
      membership_date: null,
      emergency_contact: null,
      is_active: true,
    });
  });

  it('sends the emergency contact when any part is filled, with the filled parts', () => {
    expect(emergencyContactFromForm({ emergency_name: '', emergency_phone: ' ', emergency_relationship: '' })).toBeNull();
    expect(emergencyContactFromForm({ emergency_name: '', emergency_phone: '', emergency_relationship: 'Spouse' })).toEqual({ relationship: 'Spouse' });
    expect(emergencyContactFromForm({ emergency_name: ' John ', emergency_phone: '0712', emergency_relationship: 'Spouse' })).toEqual({
      name: 'John',
      phone: '0712',
      relationship: 'Spouse',
    });
  });

  it('opens a member for editing and writes back the same row', () => {
    const member: Member = {
      id: 'm1',
      membership_number: 'M-001',
      first_name: 'Mary',
      last_name: 'Wanjiru',
      full_name: 'Mary Wanjiru',
      date_of_birth: '1985-04-12',
      address: 'Kisumu',
      phone: '+254712345678',
      email: 'mary@example.org',
      marital_status: 'widowed',
      baptism_date: '2000-06-03',
      membership_date: '2001-01-06',
      emergency_contact: { name: 'Ann', phone: '0722000000', relationship: 'Sister' },
      is_active: false,
      ministry_ids: ['min-1'],
    };
    const form = memberToForm(member);
    expect(form.ministry_ids).toEqual(['min-1']);
    const { id, full_name, ministry_ids, ...row } = member;
    expect([id, full_name, ministry_ids]).toEqual(['m1', 'Mary Wanjiru', ['min-1']]);
    expect(memberFromForm(form)).toEqual(row);
  });

  it('explains a taken membership number and a member with giving records; anything else gets the spec text', () => {
    const taken = new KanisaError({
      code: '23505',
      message: 'duplicate key value violates unique constraint "members_membership_number_key"',
      status: 409,
    });
    expect(saveErrorText(taken, ' M-001 ')).toBe(memberTexts.duplicateNumber('M-001'));
    expect(saveErrorText(new KanisaError({ code: '42501', message: 'permission denied', status: 403 }), '')).toBe(
      'Error saving member. Please try again.',
    );
    const giving = new KanisaError({
      code: '23503',
      message: 'update or delete on table "members" violates foreign key constraint "giving_records_member_id_fkey" on table "giving_records"',
      status: 409,
    });
    expect(deleteErrorText(giving)).toBe(memberTexts.hasGivingRecords);
    expect(deleteErrorText(new Error('boom'))).toBe('Error deleting member. Please try again.');
  });
});
