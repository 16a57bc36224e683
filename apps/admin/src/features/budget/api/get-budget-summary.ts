import type { KanisaClient } from '@kanisa/client';
import { useKanisa } from '@kanisa/client/react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { readBudgetSummary, type BudgetSummary } from '../budget-rules';
import { budgetKeys, summaryTables } from './budget-keys';

/**
 * `get_budget_summary(year)`: the year's allocated, spent (approved expenses), pending and
 * remaining, and the same per budget line — aggregated by the server; rejected expenses count
 * nowhere.
 */
export async function getBudgetSummary(client: KanisaClient, year: number, signal?: AbortSignal): Promise<BudgetSummary> {
  let request = client.rpc('get_budget_summary', { budget_year: year });
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return readBudgetSummary(data);
}

export const budgetSummaryQuery = (client: KanisaClient, year: number) =>
  queryOptions({
    queryKey: budgetKeys.summary(year),
    queryFn: ({ signal }) => getBudgetSummary(client, year, signal),
    meta: { tables: summaryTables },
    placeholderData: keepPreviousData,
  });

export function useBudgetSummary(year: number) {
  const client = useKanisa();
  return useQuery(budgetSummaryQuery(client, year));
}
