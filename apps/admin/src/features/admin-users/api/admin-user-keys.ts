import { tableKeys } from '@kanisa/client/react';

/**
 * Query keys of Admin Users, under the client's `['kanisa', 'users']` and
 * `['kanisa', 'system_settings']` prefixes, so a write to either table elsewhere (Your Profile,
 * Settings) refreshes these too, and `invalidateTable(…, 'users')` after a change here refreshes
 * every read of profiles.
 */
export const adminUserKeys = {
  all: tableKeys('users').all,
  /** One page of the staff list, newest first. */
  list: (page: number) => [...tableKeys('users').all, 'admin-users', { page }] as const,
  /** Every staff account's role and state, for the role overview. */
  overview: () => [...tableKeys('users').all, 'admin-users-overview'] as const,
  /** The Security setting min_password_length. */
  minPasswordLength: () => tableKeys('system_settings').request('min-password-length'),
};
