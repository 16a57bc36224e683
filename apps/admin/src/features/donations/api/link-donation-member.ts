import type { KanisaClient } from '@kanisa/client';
import { invalidateTable } from '@kanisa/client/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { kanisa } from '../../../lib/kanisa';

export interface LinkDonationMember {
  id: string;
  memberId: string;
}

/** Matches an unmatched paybill gift to the member who gave it (only member_id changes). */
export async function linkDonationMember(client: KanisaClient, { id, memberId }: LinkDonationMember): Promise<void> {
  const { error } = await client.from('giving_records').update({ member_id: memberId }).eq('id', id).select('id').single();
  if (error) throw error;
}

export function useLinkDonationMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LinkDonationMember) => linkDonationMember(kanisa, input),
    onSettled: () => invalidateTable(queryClient, 'giving_records'),
  });
}
