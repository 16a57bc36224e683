import type { KanisaClient } from '@kanisa/client';
import { useKanisa } from '@kanisa/client/react';
import { useMutation } from '@tanstack/react-query';
import { toDonation, type Donation, type DonationFilters } from '../donation-rules';
import { donationsRequest } from './get-donations';

/** Rows per request of an export: the server's cap, so no request is cut short unnoticed. */
export const EXPORT_CHUNK = 1000;

/**
 * Every gift of the filter (all pages), in the list's order, read 1,000 at a time until the
 * server's total is reached — never silently cut. Each request continues where the rows so far
 * end, so a server with a lower cap only means more requests.
 */
export async function exportDonations(client: KanisaClient, filters: DonationFilters, signal?: AbortSignal): Promise<Donation[]> {
  const donations: Donation[] = [];
  for (;;) {
    let request = donationsRequest(client, filters).range(donations.length, donations.length + EXPORT_CHUNK - 1);
    if (signal) request = request.abortSignal(signal);
    const { data, error, count } = await request;
    if (error) throw error;
    donations.push(...data.map(toDonation));
    const done = count === null ? data.length < EXPORT_CHUNK : donations.length >= count;
    if (data.length === 0 || done) return donations;
  }
}

/** The CSV export as a mutation (a one-off read the page starts): its pending state and error. */
export function useExportDonations() {
  const client = useKanisa();
  return useMutation({ mutationFn: (filters: DonationFilters) => exportDonations(client, filters) });
}
