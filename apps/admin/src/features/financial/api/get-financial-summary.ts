import type { KanisaClient } from '@kanisa/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { kanisa } from '../../../lib/kanisa';
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

export const financialSummaryQuery = (period: Period) =>
  queryOptions({
    queryKey: financialKeys.summary(period),
    queryFn: ({ signal }) => getFinancialSummary(kanisa, period, signal),
    meta: { tables: summaryTables },
  });

export function useFinancialSummary(period: Period) {
  return useQuery(financialSummaryQuery(period));
}
