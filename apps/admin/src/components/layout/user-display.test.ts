import { describe, expect, it } from 'vitest';
import { demoModeText } from './demo-mode';
import { avatarLetter, displayName, initials } from './user-display';

describe('displayName', () => {
  it('prefers the profile, then the sign-up name, then the e-mail', () => {
    expect(displayName('Carol Content', 'Old', 'c@x.org')).toBe('Carol Content');
    expect(displayName('  ', 'Carol C', 'c@x.org')).toBe('Carol C');
    expect(displayName(null, undefined, 'c@x.org')).toBe('c@x.org');
  });
});

describe('avatarLetter and initials', () => {
  it.each([
    ['Carol Content', 'C', 'CC'],
    ['amos', 'A', 'A'],
    ['Mary Wanjiru Kamau', 'M', 'MK'],
    ['ivan@e2e.example.org', 'I', 'IO'],
    ['Mary W. Members 581', 'M', 'MM'],
    ['', '?', '?'],
  ])('%s → %s, %s', (name, letter, both) => {
    expect(avatarLetter(name)).toBe(letter);
    expect(initials(name)).toBe(both);
  });
});

describe('demoModeText', () => {
  it('names every simulated service', () => {
    expect(demoModeText({ email_simulated: true, sms_simulated: true, payments_simulated: true })).toBe(
      'Demo mode: e-mail, SMS and payments are simulated — nothing is really sent or charged.',
    );
    expect(demoModeText({ email_simulated: false, sms_simulated: true, payments_simulated: false })).toBe(
      'Demo mode: SMS is simulated — nothing is really sent.',
    );
    expect(demoModeText({ email_simulated: false, sms_simulated: false, payments_simulated: true })).toBe(
      'Demo mode: payments are simulated — nothing is really charged.',
    );
    expect(demoModeText({ email_simulated: true, sms_simulated: false, payments_simulated: true })).toBe(
      'Demo mode: e-mail and payments are simulated — nothing is really sent or charged.',
    );
  });

  it('shows nothing when every service is real, or before the answer', () => {
    expect(demoModeText({ email_simulated: false, sms_simulated: false, payments_simulated: false })).toBeNull();
    expect(demoModeText(undefined)).toBeNull();
  });
});
