import type { KanisaClient } from '@kanisa/client';
import { invalidateTables, useKanisa } from '@kanisa/client/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BudgetInput } from '../budget-rules';

export interface SaveBudget {
  /** Absent for a new budget line. */
  id?: string | undefined;
  values: BudgetInput;
}

/** Adds or updates a budget line (the activity log entry is the server's). One per category and year (23505). */
export async function saveBudget(client: KanisaClient, { id, values }: SaveBudget): Promise<string> {
  if (id) {
    const { error } = await client.from('budgets').update(values).eq('id', id).select('id').single();
    if (error) throw error;
    return id;
  }
  const { data, error } = await client.from('budgets').insert(values).select('id').single();
  if (error) throw error;
  return data.id;
}

export function useSaveBudget() {
  const client = useKanisa();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveBudget) => saveBudget(client, input),
    onSettled: () => invalidateTables(queryClient, ['budgets']),
  });
}
