import { tableKeys } from '@kanisa/client/react';
import type { PageParams } from '../../../components/ui/paged-list';

/**
 * Query keys of events. They sit under the client's `['kanisa', 'events']` prefix, so a
 * write here also refreshes any other read of the table (dashboard counts) and vice versa.
 */
export const eventKeys = {
  all: tableKeys('events').all,
  /** One page of the back office's list, with its search and Show filter. */
  adminList: (params: PageParams) => [...eventKeys.all, 'admin-list', params] as const,
};
