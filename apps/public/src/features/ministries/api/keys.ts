/** Query keys of the ministries page. */
export const ministryKeys = {
  all: ['ministries'] as const,
  active: () => [...ministryKeys.all, 'active'] as const,
  leaders: () => ['church_leaders', 'active'] as const,
};
