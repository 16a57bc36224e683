import type { KanisaClient } from '@kanisa/client';
import { invalidateTables, useKanisa } from '@kanisa/client/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExpenseInput } from '../budget-rules';

export interface SaveExpense {
  /** Absent for a new expense. */
  id?: string | undefined;
  values: ExpenseInput;
}

/**
 * Records or edits an expense. Its approval is never written from here: the server keeps every
 * written expense pending (§4) until someone with manage_finances reviews it.
 */
export async function saveExpense(client: KanisaClient, { id, values }: SaveExpense): Promise<string> {
  if (id) {
    const { error } = await client.from('expenses').update(values).eq('id', id).select('id').single();
    if (error) throw error;
    return id;
  }
  const { data, error } = await client.from('expenses').insert(values).select('id').single();
  if (error) throw error;
  return data.id;
}

export function useSaveExpense() {
  const client = useKanisa();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveExpense) => saveExpense(client, input),
    onSettled: () => invalidateTables(queryClient, ['expenses']),
  });
}
