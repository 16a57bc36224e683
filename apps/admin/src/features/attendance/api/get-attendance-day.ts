import type { KanisaClient } from '@kanisa/client';
import { useKanisa } from '@kanisa/client/react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AttendanceRow } from '../attendance-rules';
import { attendanceKeys } from './attendance-keys';
import { attendanceColumns } from './get-attendance-page';

/** The counts recorded for one date, or null when that date has none yet (§7.3). */
export async function getAttendanceDay(client: KanisaClient, date: string, signal?: AbortSignal): Promise<AttendanceRow | null> {
  let request = client.from('attendance_aggregates').select(attendanceColumns).eq('attendance_date', date).maybeSingle();
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return data;
}

/** The Sabbath recorded before `date` (the week-over-week comparison), or null when there is none. */
export async function getPreviousSabbath(client: KanisaClient, date: string, signal?: AbortSignal): Promise<AttendanceRow | null> {
  let request = client
    .from('attendance_aggregates')
    .select(attendanceColumns)
    .lt('attendance_date', date)
    .order('attendance_date', { ascending: false })
    .limit(1)
    .maybeSingle();
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return data;
}

export const attendanceDayQuery = (client: KanisaClient, date: string) =>
  queryOptions({ queryKey: attendanceKeys.day(date), queryFn: ({ signal }) => getAttendanceDay(client, date, signal) });

export const previousSabbathQuery = (client: KanisaClient, date: string) =>
  queryOptions({ queryKey: attendanceKeys.previous(date), queryFn: ({ signal }) => getPreviousSabbath(client, date, signal) });

export function useAttendanceDay(date: string | undefined) {
  const client = useKanisa();
  return useQuery({ ...attendanceDayQuery(client, date ?? ''), enabled: date !== undefined });
}

export function usePreviousSabbath(date: string | undefined) {
  const client = useKanisa();
  return useQuery({ ...previousSabbathQuery(client, date ?? ''), enabled: date !== undefined });
}
