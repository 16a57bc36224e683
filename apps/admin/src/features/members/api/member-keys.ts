import type { PageParams } from '../../../components/ui/paged-list';

/**
 * Query keys of members, under the client's `['kanisa', 'members']` prefix, so a write here also
 * refreshes every other read of the table (the dashboard's recent members) and vice versa.
 */
export const memberKeys = {
  all: ['kanisa', 'members'] as const,
  /** One page of the back office's list, with its search. */
  adminList: (params: PageParams) => [...memberKeys.all, 'admin-list', params] as const,
};

/** The ministries a member can take part in (for the member form). */
export const ministryKeys = {
  all: ['kanisa', 'ministries'] as const,
  choices: () => [...ministryKeys.all, 'member-choices'] as const,
};
