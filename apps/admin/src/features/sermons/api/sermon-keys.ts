import type { PageParams } from '../../../components/ui/paged-list';

/**
 * Query keys of sermons. They sit under the client's `['kanisa', 'sermons']` prefix, so a
 * write here also refreshes any other read of the table (dashboard counts) and vice versa.
 */
export const sermonKeys = {
  all: ['kanisa', 'sermons'] as const,
  /** One page of the back office's list, with its search. */
  adminList: (params: PageParams) => [...sermonKeys.all, 'admin-list', params] as const,
};
