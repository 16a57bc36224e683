import { KanisaError, type Database, type Json } from '@kanisa/client';
import { isEmailAddress, textOrNull } from '../../components/ui/form-values';
import { isDay } from '../../lib/church-time';

type Row = Database['public']['Tables']['members']['Row'];
export type MaritalStatus = Database['public']['Enums']['members_marital_status'];

/** A member as the list reads it, with the ministries they take part in. */
export type Member = Pick<
  Row,
  | 'id'
  | 'membership_number'
  | 'first_name'
  | 'last_name'
  | 'full_name'
  | 'date_of_birth'
  | 'address'
  | 'phone'
  | 'email'
  | 'marital_status'
  | 'baptism_date'
  | 'membership_date'
  | 'emergency_contact'
  | 'is_active'
> & { ministry_ids: string[] };

/** What the form writes to the member's row. */
export type MemberInput = Omit<Member, 'id' | 'full_name' | 'ministry_ids'>;

/** §3: the marital status values, with their labels. */
export const maritalStatuses: readonly { value: MaritalStatus; label: string }[] = [
  { value: 'single', label: 'Single' },
  { value: 'married', label: 'Married' },
  { value: 'divorced', label: 'Divorced' },
  { value: 'widowed', label: 'Widowed' },
];

/** Texts of the members screen. Marked ones are the spec's words (back-office.md §8). */
export const memberTexts = {
  firstNameRequired: 'Please enter the first name.',
  lastNameRequired: 'Please enter the last name.',
  email: 'Please enter a valid email address, e.g. name@example.org, or leave it empty.',
  date: 'Please enter the date as day, month and year, or leave it empty.',
  /** §8 */
  saveError: 'Error saving member. Please try again.',
  /** §8 */
  deleteError: 'Error deleting member. Please try again.',
  /** §8 */
  confirmDelete: 'Are you sure you want to delete this member?',
  /** The database keeps giving records linked to their member (ON DELETE RESTRICT). */
  hasGivingRecords:
    'This member has giving records, so they cannot be deleted: the records must stay linked to them. Use Deactivate instead — the member leaves the active list and their giving history is kept.',
  duplicateNumber: (number: string) => `Membership number ${number} already belongs to another member. Please use a different number.`,
  empty: 'No members yet.',
};

/** The form's fields as typed (text), the active box and the chosen ministries. */
export interface MemberFormValues {
  first_name: string;
  last_name: string;
  membership_number: string;
  email: string;
  phone: string;
  address: string;
  date_of_birth: string;
  marital_status: string;
  baptism_date: string;
  membership_date: string;
  emergency_name: string;
  emergency_phone: string;
  emergency_relationship: string;
  is_active: boolean;
  ministry_ids: string[];
}

export type MemberFormErrors = Partial<Record<keyof MemberFormValues, string>>;

export const emptyMemberForm: MemberFormValues = {
  first_name: '',
  last_name: '',
  membership_number: '',
  email: '',
  phone: '',
  address: '',
  date_of_birth: '',
  marital_status: '',
  baptism_date: '',
  membership_date: '',
  emergency_name: '',
  emergency_phone: '',
  emergency_relationship: '',
  is_active: true,
  ministry_ids: [],
};

/** An emergency contact as stored (`{name, phone, relationship}`, parts may be missing) → three texts. */
export function emergencyContactOf(value: Json | null | undefined): { name: string; phone: string; relationship: string } {
  const object = value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
  const part = (key: string) => {
    const found = object[key];
    return typeof found === 'string' ? found : '';
  };
  return { name: part('name'), phone: part('phone'), relationship: part('relationship') };
}

export function memberToForm(member: Member): MemberFormValues {
  const contact = emergencyContactOf(member.emergency_contact);
  return {
    first_name: member.first_name,
    last_name: member.last_name,
    membership_number: member.membership_number ?? '',
    email: member.email ?? '',
    phone: member.phone ?? '',
    address: member.address ?? '',
    date_of_birth: member.date_of_birth ?? '',
    marital_status: member.marital_status ?? '',
    baptism_date: member.baptism_date ?? '',
    membership_date: member.membership_date ?? '',
    emergency_name: contact.name,
    emergency_phone: contact.phone,
    emergency_relationship: contact.relationship,
    is_active: member.is_active,
    ministry_ids: [...member.ministry_ids],
  };
}


/** §5: first and last name required; the e-mail, when given, must be one; dates must be dates. */
export function validateMember(values: MemberFormValues): MemberFormErrors {
  const errors: MemberFormErrors = {};
  if (values.first_name.trim() === '') errors.first_name = memberTexts.firstNameRequired;
  if (values.last_name.trim() === '') errors.last_name = memberTexts.lastNameRequired;
  const email = values.email.trim();
  if (email !== '' && !isEmailAddress(email)) errors.email = memberTexts.email;
  for (const key of ['date_of_birth', 'baptism_date', 'membership_date'] as const) {
    if (values[key] !== '' && !isDay(values[key])) errors[key] = memberTexts.date;
  }
  return errors;
}

/**
 * §5: the emergency contact is sent only when at least one part is filled — then with the filled
 * parts (as the import stores it); otherwise null.
 */
export function emergencyContactFromForm(values: Pick<MemberFormValues, 'emergency_name' | 'emergency_phone' | 'emergency_relationship'>) {
  const parts = {
    name: textOrNull(values.emergency_name),
    phone: textOrNull(values.emergency_phone),
    relationship: textOrNull(values.emergency_relationship),
  };
  const filled = Object.entries(parts).filter((entry): entry is [string, string] => entry[1] !== null);
  return filled.length > 0 ? Object.fromEntries(filled) : null;
}

/** §5: the row to write — names trimmed, every empty optional field null. */
export function memberFromForm(values: MemberFormValues): MemberInput {
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    membership_number: textOrNull(values.membership_number),
    email: textOrNull(values.email),
    phone: textOrNull(values.phone),
    address: textOrNull(values.address),
    date_of_birth: textOrNull(values.date_of_birth),
    marital_status: (textOrNull(values.marital_status) as MaritalStatus | null),
    baptism_date: textOrNull(values.baptism_date),
    membership_date: textOrNull(values.membership_date),
    emergency_contact: emergencyContactFromForm(values),
    is_active: values.is_active,
  };
}

/** The alert when saving failed: a membership number in use says so; anything else the spec's words. */
export function saveErrorText(error: unknown, membershipNumber: string): string {
  if (error instanceof KanisaError && error.code === '23505' && `${error.message} ${error.details ?? ''}`.includes('membership_number')) {
    return memberTexts.duplicateNumber(membershipNumber.trim());
  }
  return memberTexts.saveError;
}

/** The delete dialog's alert: a member with giving records cannot go (foreign key), anything else the spec's words. */
export function deleteErrorText(error: unknown): string {
  return error instanceof KanisaError && error.code === '23503' ? memberTexts.hasGivingRecords : memberTexts.deleteError;
}

/** "Mary Wanjiru": the generated full name, or first and last name while it is not there. */
export function memberName(member: Pick<Member, 'full_name' | 'first_name' | 'last_name'>): string {
  return member.full_name ?? `${member.first_name} ${member.last_name}`;
}
