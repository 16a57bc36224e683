import { queryOptions } from '@tanstack/react-query';
import { useSiteQuery, type SiteClient } from '../../../lib/site-data';

/** Query keys of the departments page. */
export const departmentKeys = {
  all: ['departments'] as const,
  active: () => [...departmentKeys.all, 'active'] as const,
};

/** Active departments in their display order (table departments). */
export async function fetchDepartments(client: SiteClient) {
  const { data, error } = await client
    .from('departments')
    .select('id, name, name_sw, category, description, description_sw, head, contact, phone, responsibilities, responsibilities_sw, color')
    .eq('is_active', true)
    .order('display_order')
    .order('name');
  if (error) throw error;
  return data;
}

export type DepartmentRow = Awaited<ReturnType<typeof fetchDepartments>>[number];

/** The departments page's reads (lib/site-data.tsx). */
export const departmentQueries = {
  active: (client: SiteClient) => queryOptions({ queryKey: departmentKeys.active(), queryFn: () => fetchDepartments(client) }),
};

export function useDepartments() {
  return useSiteQuery(departmentQueries.active);
}
