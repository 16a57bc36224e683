/**
 * Query keys of sermons. They sit under the client's `['kanisa', 'sermons']` prefix, so a
 * write here also refreshes any other read of the table (dashboard counts) and vice versa.
 */
export const sermonKeys = {
  all: ['kanisa', 'sermons'] as const,
  adminList: () => [...sermonKeys.all, 'admin-list'] as const,
};
