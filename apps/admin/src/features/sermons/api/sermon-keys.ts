import { tableKeys } from '@kanisa/client/react';
import type { PageParams } from '../../../components/ui/paged-list';

/**
 * Query keys of sermons. They sit under the client's `['kanisa', 'sermons']` prefix, so a
 * write here also refreshes any other read of the table (dashboard counts) and vice versa.
 */
export const sermonKeys = {
  all: tableKeys('sermons').all,
  /** One page of the back office's list, with its search. */
  adminList: (params: PageParams) => [...sermonKeys.all, 'admin-list', params] as const,
  /** The active series' titles (the Series field's suggestions), under `['kanisa', 'sermon_series']`. */
  seriesTitles: () => tableKeys('sermon_series').request('titles'),
};
