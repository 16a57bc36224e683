import { tableKeys } from '@kanisa/client/react';
import type { PageParams } from '../../../components/ui/paged-list';

/**
 * Query keys of church leaders, under the client's `['kanisa', 'church_leaders']` prefix so a
 * write here also refreshes any other read of the table.
 */
export const leaderKeys = {
  all: tableKeys('church_leaders').all,
  /** One page of the back office's list, with its search and category filter. */
  adminList: (params: PageParams) => [...leaderKeys.all, 'admin-list', params] as const,
  /** How many active leaders there are. */
  count: () => [...leaderKeys.all, 'admin-count'] as const,
};
