import type { KanisaClient } from '@kanisa/client';
import { invalidateTable } from '@kanisa/client/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { kanisa } from '../../../lib/kanisa';

export interface ReviewExpense {
  id: string;
  approve: boolean;
  /** The reviewer's note (a rejection's reason); null for none. */
  note: string | null;
}

/**
 * `review_expense(expense_id, approve, note)`: approves or rejects an expense. Needs
 * manage_finances; the server refuses anyone else (403) whatever the page shows.
 */
export async function reviewExpense(client: KanisaClient, { id, approve, note }: ReviewExpense): Promise<void> {
  // No note: the argument is left out (the function defaults it to NULL).
  const { error } = await client.rpc('review_expense', { expense_id: id, approve, ...(note === null ? {} : { note }) });
  if (error) throw error;
}

export function useReviewExpense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewExpense) => reviewExpense(kanisa, input),
    onSettled: () => invalidateTable(queryClient, 'expenses'),
  });
}
