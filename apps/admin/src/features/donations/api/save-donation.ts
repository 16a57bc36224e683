import type { KanisaClient } from '@kanisa/client';
import { invalidateTables, useKanisa } from '@kanisa/client/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DonationInput, PaidDonationInput } from '../donation-rules';

export type SaveDonation =
  /** A new gift recorded by hand; `created_by` is the signed-in staff member. */
  | { kind: 'new'; values: DonationInput; createdBy?: string | undefined }
  /** A gift recorded by hand, edited. */
  | { kind: 'edit'; id: string; values: DonationInput }
  /** A gift from a payment: only its member, type, date and notes may change (the server refuses the rest). */
  | { kind: 'paid'; id: string; values: PaidDonationInput };

/** Records or updates a gift (§7.5); the activity-log entry is the server's. */
export async function saveDonation(client: KanisaClient, input: SaveDonation): Promise<string> {
  if (input.kind === 'new') {
    const row = input.createdBy ? { ...input.values, created_by: input.createdBy } : input.values;
    const { data, error } = await client.from('giving_records').insert(row).select('id').single();
    if (error) throw error;
    return data.id;
  }
  const { error } = await client.from('giving_records').update(input.values).eq('id', input.id).select('id').single();
  if (error) throw error;
  return input.id;
}

/** Every read of giving_records (this list, its totals, the dashboard) refreshes after a write, whatever its outcome. */
export function useSaveDonation() {
  const client = useKanisa();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveDonation) => saveDonation(client, input),
    onSettled: () => invalidateTables(queryClient, ['giving_records']),
  });
}
