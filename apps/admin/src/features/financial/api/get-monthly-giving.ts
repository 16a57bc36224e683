import type { KanisaClient } from '@kanisa/client';
import { useKanisa } from '@kanisa/client/react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readMonthlyGiving } from '../financial-rules';
import { financialKeys, givingTables } from './financial-keys';

/** `get_monthly_giving(from_date)`: counted giving per month from that month to this one. */
export async function getMonthlyGiving(client: KanisaClient, fromDate: string, signal?: AbortSignal) {
  let request = client.rpc('get_monthly_giving', { from_date: fromDate });
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return readMonthlyGiving(data);
}

export const monthlyGivingQuery = (client: KanisaClient, fromDate: string) =>
  queryOptions({
    queryKey: financialKeys.monthly(fromDate),
    queryFn: ({ signal }) => getMonthlyGiving(client, fromDate, signal),
    meta: { tables: givingTables },
  });

export function useMonthlyGiving(fromDate: string) {
  const client = useKanisa();
  return useQuery(monthlyGivingQuery(client, fromDate));
}
