import type { KanisaClient } from '@kanisa/client';
import { useKanisa } from '@kanisa/client/react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readRemittance, type Remittance } from './answers';
import { reportTables, statementKeys } from './statement-keys';

/** The monthly remittance: counted gifts of `month` (YYYY-MM) per type and the conference's share. */
export async function getRemittance(client: KanisaClient, month: string, signal?: AbortSignal): Promise<Remittance> {
  let request = client.rpc('get_remittance', { month: `${month}-01` });
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return readRemittance(data);
}

export const remittanceQuery = (client: KanisaClient, month: string) =>
  queryOptions({
    queryKey: statementKeys.remittance(month),
    queryFn: ({ signal }) => getRemittance(client, month, signal),
    meta: { tables: reportTables },
  });

export function useRemittance(month: string) {
  const client = useKanisa();
  return useQuery(remittanceQuery(client, month));
}
