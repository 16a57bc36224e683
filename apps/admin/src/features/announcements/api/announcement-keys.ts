import { tableKeys } from '@kanisa/client/react';
import type { PageParams } from '../../../components/ui/paged-list';

/**
 * Query keys of announcements. They sit under the client's `['kanisa', 'announcements']` prefix, so a
 * write here also refreshes any other read of the table (dashboard counts) and vice versa.
 */
export const announcementKeys = {
  all: tableKeys('announcements').all,
  /** One page of the back office's list, with its search. */
  adminList: (params: PageParams) => [...announcementKeys.all, 'admin-list', params] as const,
};
