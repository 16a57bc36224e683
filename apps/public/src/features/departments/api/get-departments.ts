import { queryOptions, useQuery } from '@tanstack/react-query';
import { kanisa } from '../../../lib/kanisa';
import { queryClient } from '../../../lib/query-client';
import { departmentKeys } from './keys';

/** Active departments in their display order (table departments). */
export async function fetchDepartments() {
  const { data, error } = await kanisa
    .from('departments')
    .select('id, name, name_sw, category, description, description_sw, head, contact, phone, responsibilities, responsibilities_sw, color')
    .eq('is_active', true)
    .order('display_order')
    .order('name');
  if (error) throw error;
  return data;
}

export type DepartmentRow = Awaited<ReturnType<typeof fetchDepartments>>[number];

export const departmentsQuery = queryOptions({ queryKey: departmentKeys.active(), queryFn: fetchDepartments });

export function useDepartments() {
  return useQuery(departmentsQuery, queryClient);
}
