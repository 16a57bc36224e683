import { tableKeys } from '@kanisa/client/react';
import type { StatusFilter } from '../prayer-rules';

/**
 * Query keys of prayer requests, under the client's `['kanisa', 'prayer_requests']` prefix, so a
 * change here also refreshes the dashboard's counts.
 */
export const prayerRequestKeys = {
  all: tableKeys('prayer_requests').all,
  list: (status: StatusFilter, page: number) => [...prayerRequestKeys.all, 'admin-list', status, page] as const,
};
