/**
 * Query keys of announcements. They sit under the client's `['kanisa', 'announcements']` prefix, so a
 * write here also refreshes any other read of the table (dashboard counts) and vice versa.
 */
export const announcementKeys = {
  all: ['kanisa', 'announcements'] as const,
  adminList: () => [...announcementKeys.all, 'admin-list'] as const,
};
