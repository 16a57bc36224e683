import type { KanisaClient } from '@kanisa/client';
import { useKanisa } from '@kanisa/client/react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { toDonation, type Donation, type DonationRow } from '../donation-rules';
import { donationKeys } from './donation-keys';
import { donationColumns } from './get-donations';

/** One gift with its member and payment, for its receipt; null when there is none (or it may not be read). */
export async function getDonation(client: KanisaClient, id: string, signal?: AbortSignal): Promise<Donation | null> {
  let request = client.from('giving_records').select(donationColumns).returns<DonationRow[]>().eq('id', id).maybeSingle();
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return data ? toDonation(data) : null;
}

export const donationQuery = (client: KanisaClient, id: string) =>
  queryOptions({ queryKey: donationKeys.receipt(id), queryFn: ({ signal }) => getDonation(client, id, signal) });

export function useDonation(id: string) {
  const client = useKanisa();
  return useQuery(donationQuery(client, id));
}
