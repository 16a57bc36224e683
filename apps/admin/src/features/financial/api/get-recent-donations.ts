import type { KanisaClient } from '@kanisa/client';
import { useKanisa } from '@kanisa/client/react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GivingType, PaymentMethod } from '../../../lib/giving';
import { RECENT_DONATIONS } from '../financial-rules';
import { financialKeys } from './financial-keys';

/** A donation as the recent list shows it, with its member (null: anonymous, or not readable). */
export interface RecentDonation {
  id: string;
  amount: number;
  giving_type: GivingType;
  payment_method: PaymentMethod;
  giving_date: string;
  is_verified: boolean;
  is_simulated: boolean;
  created_at: string;
  member_id: string | null;
  members: { first_name: string; last_name: string; membership_number: string | null } | null;
}

export const recentDonationColumns =
  'id, amount, giving_type, payment_method, giving_date, is_verified, is_simulated, created_at, member_id, members(first_name, last_name, membership_number)';

/** §7.5: the 10 latest donations by created_at, newest first, with their member — verified or not. */
export async function getRecentDonations(client: KanisaClient, signal?: AbortSignal): Promise<RecentDonation[]> {
  let request = client
    .from('giving_records')
    .select(recentDonationColumns)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(RECENT_DONATIONS)
    .returns<RecentDonation[]>();
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return data;
}

export const recentDonationsQuery = (client: KanisaClient) =>
  queryOptions({
    queryKey: financialKeys.recent(),
    queryFn: ({ signal }) => getRecentDonations(client, signal),
    meta: { tables: ['giving_records', 'members'] },
  });

export function useRecentDonations() {
  const client = useKanisa();
  return useQuery(recentDonationsQuery(client));
}
