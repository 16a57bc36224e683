/** Query keys of the departments page. */
export const departmentKeys = {
  all: ['departments'] as const,
  active: () => [...departmentKeys.all, 'active'] as const,
};
