import type { KanisaClient } from '@kanisa/client';
import { useKanisa } from '@kanisa/client/react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ExpenseCategory } from '../budget-rules';
import { budgetKeys } from './budget-keys';

/** §9: the expenses list shows the 10 newest. */
export const RECENT_EXPENSES = 10;

/** An expense as the list shows it, with its budget line. */
export interface ExpenseRow {
  id: string;
  budget_id: string | null;
  category: ExpenseCategory;
  amount: number;
  description: string;
  expense_date: string;
  receipt_url: string | null;
  is_approved: boolean;
  /** pending | approved | rejected (absent on a server before issue 17). */
  status?: string | null;
  review_note?: string | null;
  reviewed_at?: string | null;
  created_at: string;
  budgets: { id: string; category: string; year: number } | null;
}

/** §7.5: the year's expenses (dated in it) with their budget's category, newest first, 10 of them. */
export async function getRecentExpenses(client: KanisaClient, year: number, signal?: AbortSignal): Promise<ExpenseRow[]> {
  let request = client
    .from('expenses')
    .select('*, budgets(id, category, year)')
    .gte('expense_date', `${String(year)}-01-01`)
    .lte('expense_date', `${String(year)}-12-31`)
    .order('expense_date', { ascending: false })
    .order('created_at', { ascending: false })
    .limit(RECENT_EXPENSES)
    .returns<ExpenseRow[]>();
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return data;
}

export const recentExpensesQuery = (client: KanisaClient, year: number) =>
  queryOptions({
    queryKey: budgetKeys.recentExpenses(year),
    queryFn: ({ signal }) => getRecentExpenses(client, year, signal),
    meta: { tables: ['expenses', 'budgets'] },
    placeholderData: keepPreviousData,
  });

export function useRecentExpenses(year: number) {
  const client = useKanisa();
  return useQuery(recentExpensesQuery(client, year));
}
