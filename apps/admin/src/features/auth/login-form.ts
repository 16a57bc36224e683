import { KanisaError } from '@kanisa/client';

/** Texts of the sign-in screen. Marked ones are the spec's words (back-office.md §8). */
export const loginTexts = {
  emailLabel: 'Email',
  passwordLabel: 'Password',
  submit: 'Sign In',
  submitting: 'Signing in...',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  /** §8: login failure without a message from the server. */
  loginFailed: 'Login failed. Please try again.',
  /** §8: an unexpected exception. */
  unexpected: 'An unexpected error occurred. Please try again.',
} as const;

export interface LoginValues {
  email: string;
  password: string;
}

export type LoginErrors = Partial<Record<keyof LoginValues, string>>;

/** Spec §5: email and password are required. */
export function validateLogin(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  if (values.email.trim() === '') errors.email = loginTexts.emailRequired;
  if (values.password === '') errors.password = loginTexts.passwordRequired;
  return errors;
}

/**
 * What the screen says when sign-in fails: the server's message; 'Login failed…' when the
 * server sent none; the client's own words when the server could not be reached; and
 * 'An unexpected error…' for anything that is not a KanisaError (a bug).
 */
export function loginErrorMessage(error: unknown): string {
  if (!(error instanceof KanisaError)) return loginTexts.unexpected;
  // `http_<status>` is the client's code for an error response without an error envelope.
  if (error.code.startsWith('http_')) return loginTexts.loginFailed;
  return error.message || loginTexts.loginFailed;
}
