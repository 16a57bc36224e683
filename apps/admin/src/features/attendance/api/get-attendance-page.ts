import type { KanisaClient } from '@kanisa/client';
import { useKanisa } from '@kanisa/client/react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, type AttendanceRow } from '../attendance-rules';
import { attendanceKeys } from './attendance-keys';

export const attendanceColumns =
  'id, attendance_date, sabbath_school_count, divine_children_count, divine_youth_count, divine_adults_count, divine_total';

export interface AttendancePage {
  rows: AttendanceRow[];
  /** Every recorded Sabbath (count=exact), not only this page's. */
  total: number;
}

/** One page of recorded Sabbaths, newest first, with the exact total (§7.3: paged list by date descending). */
export async function getAttendancePage(client: KanisaClient, page: number, signal?: AbortSignal): Promise<AttendancePage> {
  const from = (page - 1) * PAGE_SIZE;
  let request = client
    .from('attendance_aggregates')
    .select(attendanceColumns, { count: 'exact' })
    .order('attendance_date', { ascending: false })
    .range(from, from + PAGE_SIZE - 1);
  if (signal) request = request.abortSignal(signal);
  const { data, error, count } = await request;
  if (error) throw error;
  return { rows: data, total: count ?? data.length };
}

export const attendancePageQuery = (client: KanisaClient, page: number) =>
  queryOptions({
    queryKey: attendanceKeys.page(page),
    queryFn: ({ signal }) => getAttendancePage(client, page, signal),
    // The old page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useAttendancePage(page: number) {
  const client = useKanisa();
  return useQuery(attendancePageQuery(client, page));
}
