import { tableKeys } from '@kanisa/client/react';
import type { PageParams } from '../../../components/ui/paged-list';

/**
 * Query keys of the Members screen, under the client's `['kanisa', table]` prefixes
 * (`tableKeys`), so a write here (`invalidateTables(…, ['members'])`) also refreshes every other
 * read of the table (the dashboard's figures, the reports) and theirs refresh these.
 */
export const memberKeys = {
  all: tableKeys('members').all,
  /** One page of the back office's list, with its search. */
  adminList: (params: PageParams) => [...memberKeys.all, 'admin-list', params] as const,
  /** The register's figures above the list (issue 41): all members, and the active ones. */
  count: (which: 'all' | 'active') => [...memberKeys.all, 'members-count', which] as const,
  /** The ministries a member can take part in (for the member form), under `['kanisa', 'ministries']`. */
  ministryChoices: () => [...tableKeys('ministries').all, 'member-choices'] as const,
};
