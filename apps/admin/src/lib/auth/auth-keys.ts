import { tableKeys } from '@kanisa/client/react';

/**
 * Query and mutation keys of the auth domain. The profile is a read of `users`, so it sits under
 * `['kanisa', 'users']`: a write to profiles (Your Profile, Admin Users) refreshes the header's name.
 */
export const authKeys = {
  profile: (userId: string) => [...tableKeys('users').all, 'profile', userId] as const,
  signIn: () => ['auth', 'sign-in'] as const,
};
