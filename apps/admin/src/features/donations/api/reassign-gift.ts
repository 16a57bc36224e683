import type { KanisaClient } from '@kanisa/client';
import { invalidateTables, useKanisa } from '@kanisa/client/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReassignInput } from '../donation-rules';

/**
 * Re-assigns a gift to a member (none: anonymous) and type, with the reason: `reassign_gift`,
 * the one way to change an online, paybill or demo gift's member or type. The server records
 * who, when, from whom and why on the gift, and logs it.
 */
export async function reassignGift(client: KanisaClient, { id, memberId, givingType, reason }: ReassignInput): Promise<void> {
  const args = memberId ? { gift: id, member: memberId, giving_type: givingType, reason } : { gift: id, giving_type: givingType, reason };
  const { error } = await client.rpc('reassign_gift', args);
  if (error) throw error;
}

/** Every read of giving_records (the list, its totals, statements) refreshes afterwards, whatever the outcome. */
export function useReassignGift() {
  const client = useKanisa();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReassignInput) => reassignGift(client, input),
    onSettled: () => invalidateTables(queryClient, ['giving_records']),
  });
}
