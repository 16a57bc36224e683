import { KanisaError } from '@kanisa/client';
import { describe, expect, it } from 'vitest';
import { serverMessage, validateName, validatePassword } from './profile-form';

describe('profile forms', () => {
  it('requires a name that is not only spaces', () => {
    expect(validateName('  ')).toBe('Full name is required');
    expect(validateName('Carol')).toBeUndefined();
  });

  it('requires all three passwords and the same new password twice', () => {
    expect(validatePassword({ current: '', next: '', confirm: '' })).toEqual({
      current: 'Enter your current password',
      next: 'Enter a new password',
      confirm: 'Enter the new password again',
    });
    expect(validatePassword({ current: 'a', next: 'secret-1', confirm: 'secret-2' })).toEqual({
      confirm: 'Passwords do not match',
    });
    expect(validatePassword({ current: 'a', next: 'secret-1', confirm: 'secret-1' })).toEqual({});
  });

  it("shows the server's words, or a fallback", () => {
    expect(serverMessage(new KanisaError({ code: 'current_password_mismatch', message: 'Current password is incorrect.' }))).toBe(
      'Current password is incorrect.',
    );
    expect(serverMessage(KanisaError.fromResponseBody(502, '<html>'))).toBe('An unexpected error occurred. Please try again.');
    expect(serverMessage(new Error('x'))).toBe('An unexpected error occurred. Please try again.');
  });
});
