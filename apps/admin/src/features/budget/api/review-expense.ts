import type { KanisaClient } from '@kanisa/client';
import { invalidateTables, useKanisa } from '@kanisa/client/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';

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
  const client = useKanisa();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewExpense) => reviewExpense(client, input),
    onSettled: () => invalidateTables(queryClient, ['expenses']),
  });
}
