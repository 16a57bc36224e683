import { KanisaError } from '@kanisa/client';

/** Texts of Your Profile (spec README point 18). Marked ones are the spec's words. */
export const profileTexts = {
  nameRequired: 'Full name is required',
  nameSaved: 'Your name has been saved.',
  currentRequired: 'Enter your current password',
  newRequired: 'Enter a new password',
  confirmRequired: 'Enter the new password again',
  /** §8 (admin users form). */
  mismatch: 'Passwords do not match',
  passwordChanged: 'Your password has been changed.',
  unexpected: 'An unexpected error occurred. Please try again.',
} as const;

export interface PasswordValues {
  current: string;
  next: string;
  confirm: string;
}

export type PasswordErrors = Partial<Record<keyof PasswordValues, string>>;

export function validateName(name: string): string | undefined {
  return name.trim() === '' ? profileTexts.nameRequired : undefined;
}

/** All three are required and the new password must be typed twice the same; the server judges its strength. */
export function validatePassword(values: PasswordValues): PasswordErrors {
  const errors: PasswordErrors = {};
  if (values.current === '') errors.current = profileTexts.currentRequired;
  if (values.next === '') errors.next = profileTexts.newRequired;
  if (values.confirm === '') errors.confirm = profileTexts.confirmRequired;
  else if (values.next !== '' && values.next !== values.confirm) errors.confirm = profileTexts.mismatch;
  return errors;
}

/** The server's words ("Current password is incorrect.", the minimum length…), else a fallback. */
export function serverMessage(error: unknown): string {
  if (error instanceof KanisaError && error.message && !error.code.startsWith('http_')) return error.message;
  return profileTexts.unexpected;
}
