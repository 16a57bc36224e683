import type { KanisaClient } from '@kanisa/client';
import { invalidateTables, useKanisa } from '@kanisa/client/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberInput } from '../member-form';

export interface SaveMember {
  /** Absent for a new member. */
  id?: string | undefined;
  values: MemberInput;
  /** The ministries the member took part in when the form opened, and the ones chosen now. */
  ministries: { before: readonly string[]; after: readonly string[] };
}

/**
 * Adds or updates a member, then their ministry links: removed ones deleted, new ones inserted
 * (a link that already exists is left alone, so saving again after a failure is safe).
 * `onCreated` hears the new member's id as soon as it exists: if the links then fail, the
 * dialog's next attempt updates that member instead of adding a second one.
 */
export async function saveMember(client: KanisaClient, { id, values, ministries }: SaveMember, onCreated?: (id: string) => void): Promise<string> {
  let memberId = id;
  if (memberId) {
    const { error } = await client.from('members').update(values).eq('id', memberId).select('id').single();
    if (error) throw error;
  } else {
    const { data, error } = await client.from('members').insert(values).select('id').single();
    if (error) throw error;
    memberId = data.id;
    onCreated?.(memberId);
  }

  const removed = ministries.before.filter((ministry) => !ministries.after.includes(ministry));
  const added = ministries.after.filter((ministry) => !ministries.before.includes(ministry));
  if (removed.length > 0) {
    const { error } = await client.from('member_ministries').delete().eq('member_id', memberId).in('ministry_id', removed);
    if (error) throw error;
  }
  if (added.length > 0) {
    const links = added.map((ministry_id) => ({ member_id: memberId, ministry_id }));
    const { error } = await client.from('member_ministries').upsert(links, { onConflict: 'member_id,ministry_id', ignoreDuplicates: true });
    if (error) throw error;
  }
  return memberId;
}

export function useSaveMember(onCreated?: (id: string) => void) {
  const client = useKanisa();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveMember) => saveMember(client, input, onCreated),
    onSettled: () => invalidateTables(queryClient, ['members', 'member_ministries']),
  });
}
