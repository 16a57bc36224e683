import type { KanisaClient } from '@kanisa/client';
import { invalidateTable } from '@kanisa/client/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { kanisa } from '../../../lib/kanisa';

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetDonationVerified) => setDonationVerified(kanisa, input),
    onSettled: () => invalidateTable(queryClient, 'giving_records'),
  });
}
