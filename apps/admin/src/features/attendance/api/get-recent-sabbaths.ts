import type { KanisaClient } from '@kanisa/client';
import { useKanisa } from '@kanisa/client/react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CHART_SABBATHS, type AttendanceRow } from '../attendance-rules';
import { attendanceKeys } from './attendance-keys';
import { attendanceColumns } from './get-attendance-page';

/** The last 12 recorded Sabbaths, oldest first (the chart reads left to right). */
export async function getRecentSabbaths(client: KanisaClient, signal?: AbortSignal): Promise<AttendanceRow[]> {
  let request = client
    .from('attendance_aggregates')
    .select(attendanceColumns)
    .order('attendance_date', { ascending: false })
    .limit(CHART_SABBATHS);
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return data.reverse();
}

export const recentSabbathsQuery = (client: KanisaClient) =>
  queryOptions({ queryKey: attendanceKeys.recent(), queryFn: ({ signal }) => getRecentSabbaths(client, signal) });

export function useRecentSabbaths() {
  const client = useKanisa();
  return useQuery(recentSabbathsQuery(client));
}
