import type { KanisaClient } from '@kanisa/client';
import { useKanisa } from '@kanisa/client/react';
import { queryOptions, useQuery } from '@tanstack/react-query';
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

export const latestAttendanceDateQuery = (client: KanisaClient) =>
  queryOptions({ queryKey: attendanceKeys.latestDate(), queryFn: ({ signal }) => getLatestAttendanceDate(client, signal) });

/** Only asked for on /admin/attendance/new (the default date). */
export function useLatestAttendanceDate(enabled: boolean) {
  const client = useKanisa();
  return useQuery({ ...latestAttendanceDateQuery(client), enabled });
}
