import type { KanisaClient } from '@kanisa/client';
import { invalidateTables, useKanisa } from '@kanisa/client/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export interface SetDonationVerified {
  id: string;
  verified: boolean;
}

/** §4: the verification badge toggles Pending ↔ Verified (the server gives the receipt number on first verification). */
export async function setDonationVerified(client: KanisaClient, { id, verified }: SetDonationVerified): Promise<void> {
  const { error } = await client.from('giving_records').update({ is_verified: verified }).eq('id', id).select('id').single();
  if (error) throw error;
}

export function useSetDonationVerified() {
  const client = useKanisa();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetDonationVerified) => setDonationVerified(client, input),
    onSettled: () => invalidateTables(queryClient, ['giving_records']),
  });
}
