/**
 * Query keys of events. They sit under the client's `['kanisa', 'events']` prefix, so a
 * write here also refreshes any other read of the table (dashboard counts) and vice versa.
 */
export const eventKeys = {
  all: ['kanisa', 'events'] as const,
  adminList: () => [...eventKeys.all, 'admin-list'] as const,
};
