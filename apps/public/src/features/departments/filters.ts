import type { MessageKey } from '../../i18n';
import { ministries as ministriesTexts } from '../../i18n/en/ministries';
import { provide } from '../../i18n';

provide(ministriesTexts);

/** The filter buttons of /departments (public-site.md §2 Church Departments). */
export type DepartmentFilter = 'all' | 'administrative' | 'ministry';

/** Each filter and its label's catalogue key (shown with `t()`, in the active language). */
export const DEPARTMENT_FILTERS: { value: DepartmentFilter; label: MessageKey }[] = [
  { value: 'all', label: 'ministries.filterAll' },
  { value: 'administrative', label: 'ministries.departmentAdministrative' },
  { value: 'ministry', label: 'ministries.departmentMinistry' },
];

export function filterDepartments<T extends { category: string }>(departments: readonly T[], filter: DepartmentFilter): T[] {
  return filter === 'all' ? [...departments] : departments.filter((department) => department.category === filter);
}
