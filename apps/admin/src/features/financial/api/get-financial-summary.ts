import type { KanisaClient } from '@kanisa/client';
import { useKanisa } from '@kanisa/client/react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readFinancialSummary, type FinancialSummary, type Period } from '../financial-rules';
import { financialKeys, summaryTables } from './financial-keys';

/**
 * `get_financial_summary(period)`: the period's counted gifts (verified, never demo) from its
 * first day to today — total, count, average, by type, top donors, anonymous giving apart — and
 * this year's budget use, all aggregated by the server (never summed here from capped reads).
 */
export async function getFinancialSummary(client: KanisaClient, period: Period, signal?: AbortSignal): Promise<FinancialSummary> {
  let request = client.rpc('get_financial_summary', { period });
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return readFinancialSummary(data);
}

export const financialSummaryQuery = (client: KanisaClient, period: Period) =>
  queryOptions({
    queryKey: financialKeys.summary(period),
    queryFn: ({ signal }) => getFinancialSummary(client, period, signal),
    meta: { tables: summaryTables },
  });

export function useFinancialSummary(period: Period) {
  const client = useKanisa();
  return useQuery(financialSummaryQuery(client, period));
}
