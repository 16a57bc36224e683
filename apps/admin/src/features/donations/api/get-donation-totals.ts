import type { KanisaClient } from '@kanisa/client';
import { useKanisa } from '@kanisa/client/react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readDonationTotals, type DonationFilters, type DonationTotals } from '../donation-rules';
import { donationKeys } from './donation-keys';

/**
 * `get_donation_totals(from_date, to_date, giving_type)`: the totals cards' figures over the
 * list's filter, summed by the database (never in the browser from capped pages); demo gifts
 * are left out by the server.
 */
export async function getDonationTotals(client: KanisaClient, { type, from, to }: DonationFilters, signal?: AbortSignal): Promise<DonationTotals> {
  let request = client.rpc('get_donation_totals', type ? { from_date: from, to_date: to, giving_type: type } : { from_date: from, to_date: to });
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  // One row; numeric columns are checked one by one (a server may send them as text).
  return readDonationTotals(data);
}

export const donationTotalsQuery = (client: KanisaClient, filters: DonationFilters) =>
  queryOptions({
    queryKey: donationKeys.totals(filters),
    queryFn: ({ signal }) => getDonationTotals(client, filters, signal),
    meta: { tables: ['giving_records'] },
  });

export function useDonationTotals(filters: DonationFilters, enabled = true) {
  const client = useKanisa();
  return useQuery({ ...donationTotalsQuery(client, filters), enabled });
}
