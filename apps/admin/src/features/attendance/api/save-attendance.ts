import type { KanisaClient } from '@kanisa/client';
import { invalidateTables, useKanisa } from '@kanisa/client/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Counts } from '../attendance-rules';

export interface SaveAttendance {
  date: string;
  counts: Counts;
}

/**
 * Saves a Sabbath's counts: an upsert keyed on the date (§4, §7.3), so saving a recorded date
 * updates its one row and a new date creates it. The notes column is not sent, so a note kept
 * on an existing row stays. Asking for the row back makes a write the server refused silently
 * an error; the activity-log entry is the server's work.
 */
export async function saveAttendance(client: KanisaClient, { date, counts }: SaveAttendance): Promise<string> {
  const { data, error } = await client
    .from('attendance_aggregates')
    .upsert({ attendance_date: date, ...counts }, { onConflict: 'attendance_date' })
    .select('id')
    .single();
  if (error) throw error;
  return data.id;
}

export function useSaveAttendance() {
  const client = useKanisa();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveAttendance) => saveAttendance(client, input),
    onSettled: () => invalidateTables(queryClient, ['attendance_aggregates']),
  });
}
