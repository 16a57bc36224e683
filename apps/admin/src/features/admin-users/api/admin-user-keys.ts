import { tableKeys } from '@kanisa/client/react';

/**
 * Query keys of Admin Users, under the client's `['kanisa', 'users']`,
 * `['kanisa', 'user_ministries']` and `['kanisa', 'system_settings']` prefixes, so a write to one
 * of those tables elsewhere (Your Profile, Settings) refreshes these too, and
 * `invalidateTables(…, ['users'])` after a change here refreshes every read of profiles.
 */
export const adminUserKeys = {
  all: tableKeys('users').all,
  /** One page of the staff list, newest first. */
  list: (page: number) => [...tableKeys('users').all, 'admin-users', { page }] as const,
  /** Every staff account's role and state, for the role overview. */
  overview: () => [...tableKeys('users').all, 'admin-users-overview'] as const,
  /** The ministries and departments staff accounts lead, and those to choose from (issue 31). */
  scopes: () => tableKeys('user_ministries').request('admin-scopes'),
  /** The Security setting min_password_length. */
  minPasswordLength: () => tableKeys('system_settings').request('min-password-length'),
};
