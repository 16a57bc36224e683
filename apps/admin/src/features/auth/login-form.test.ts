import { KanisaError } from '@kanisa/client';
import { describe, expect, it } from 'vitest';
import { loginErrorMessage, validateLogin } from './login-form';

describe('validateLogin', () => {
  it.each([
    [{ email: '', password: '' }, { email: 'Email is required', password: 'Password is required' }],
    [{ email: ' ', password: 'x' }, { email: 'Email is required' }],
    [{ email: 'a@b.c', password: '' }, { password: 'Password is required' }],
    [{ email: 'a@b.c', password: ' ' }, {}],
  ])('%j → %j', (values, errors) => {
    expect(validateLogin(values)).toEqual(errors);
  });
});

describe('loginErrorMessage', () => {
  it("uses the server's message", () => {
    expect(loginErrorMessage(new KanisaError({ code: 'invalid_credentials', message: 'Invalid login credentials' }))).toBe(
      'Invalid login credentials',
    );
  });

  it('falls back to the spec text when the response had no error envelope', () => {
    expect(loginErrorMessage(KanisaError.fromResponseBody(500, 'oops'))).toBe('Login failed. Please try again.');
  });

  it('gives the spec text for an unexpected exception', () => {
    expect(loginErrorMessage(new Error('boom'))).toBe('An unexpected error occurred. Please try again.');
    expect(loginErrorMessage(undefined)).toBe('An unexpected error occurred. Please try again.');
  });
});
