import type { KanisaClient } from '@kanisa/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { kanisa } from '../../../lib/kanisa';
import { attendanceKeys } from './attendance-keys';

/** The latest recorded date, or null when nothing is recorded yet (§7.3: descending, limit 1). */
export async function getLatestAttendanceDate(client: KanisaClient, signal?: AbortSignal): Promise<string | null> {
  let request = client
    .from('attendance_aggregates')
    .select('attendance_date')
    .order('attendance_date', { ascending: false })
    .limit(1)
    .maybeSingle();
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return data?.attendance_date ?? null;
}

export const latestAttendanceDateQuery = () =>
  queryOptions({ queryKey: attendanceKeys.latestDate(), queryFn: ({ signal }) => getLatestAttendanceDate(kanisa, signal) });

/** Only asked for on /admin/attendance/new (the default date). */
export function useLatestAttendanceDate(enabled: boolean) {
  return useQuery({ ...latestAttendanceDateQuery(), enabled });
}
