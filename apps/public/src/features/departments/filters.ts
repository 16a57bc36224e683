/** The filter buttons of /departments (public-site.md §2 Church Departments). */
export type DepartmentFilter = 'all' | 'administrative' | 'ministry';

export const DEPARTMENT_FILTERS: { value: DepartmentFilter; label: string }[] = [
  { value: 'all', label: 'All Departments' },
  { value: 'administrative', label: 'Administrative' },
  { value: 'ministry', label: 'Ministry' },
];

export function filterDepartments<T extends { category: string }>(departments: readonly T[], filter: DepartmentFilter): T[] {
  return filter === 'all' ? [...departments] : departments.filter((department) => department.category === filter);
}
