/**
 * Query keys of church leaders, under the client's `['kanisa', 'church_leaders']` prefix so a
 * write here also refreshes any other read of the table.
 */
export const leaderKeys = {
  all: ['kanisa', 'church_leaders'] as const,
  adminList: () => [...leaderKeys.all, 'admin-list'] as const,
};
