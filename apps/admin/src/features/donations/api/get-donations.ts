import type { KanisaClient } from '@kanisa/client';
import { useKanisa } from '@kanisa/client/react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { readKeyedPage, type PageOf, type PageParams } from '../../../components/ui/paged-list';
import { toDonation, type Donation, type DonationFilters, type DonationRow } from '../donation-rules';
import { donationKeys } from './donation-keys';

/** Gifts per page. */
export const DONATIONS_PAGE_SIZE = 25;

/** A gift with its member and, for an online or paybill gift, its payment (§7.5). */
export const donationColumns =
  'id, member_id, amount, giving_type, payment_method, transaction_id, giving_date, notes, is_verified, is_simulated, payment_id, receipt_no, reassigned_at, reassign_reason, created_at, ' +
  'members(first_name, last_name, membership_number), payment_logs(payment_provider, source, channel, receipt_number, phone_number, payer_name)';

/** The list's order, newest first: the giving date, then when recorded, then id (unique). */
export const donationSortColumns = ['giving_date', 'created_at', 'id'] as const;

/** A gift's place in the list, for paging by key. */
export function donationSortKey(donation: Pick<Donation, 'giving_date' | 'created_at' | 'id'>): readonly string[] {
  return [donation.giving_date, donation.created_at, donation.id];
}

/**
 * §7.5: gifts of the filter — the giving type when one is chosen, giving_date within the range
 * (both ends included) — newest giving date first (then newest recorded, then id, so pages never
 * overlap), with the true total; `order` 'asc' reverses it (reading back from a key or the end).
 */
export function donationsRequest(client: KanisaClient, { type, from, to }: DonationFilters, order: 'asc' | 'desc' = 'desc', counted = true) {
  let request = client
    .from('giving_records')
    .select(donationColumns, counted ? { count: 'exact' } : {})
    .returns<DonationRow[]>()
    .gte('giving_date', from)
    .lte('giving_date', to);
  if (type) request = request.eq('giving_type', type);
  const ascending = order === 'asc';
  return donationSortColumns.reduce((sorted, column) => sorted.order(column, { ascending }), request);
}

/** One page of gifts; deep pages are read by key, so the end of ten years costs what the start does. */
export async function getDonations(client: KanisaClient, params: PageParams<DonationFilters>, signal?: AbortSignal): Promise<PageOf<Donation>> {
  const page = await readKeyedPage(
    (order, counted) => {
      const request = donationsRequest(client, params, order, counted);
      return signal ? request.abortSignal(signal) : request;
    },
    params,
    donationSortColumns,
    DONATIONS_PAGE_SIZE,
    { order: 'desc', estimatedCount: false },
  );
  return { ...page, rows: page.rows.map(toDonation) };
}

export const donationsQuery = (client: KanisaClient, params: PageParams<DonationFilters>) =>
  queryOptions({
    queryKey: donationKeys.list(params),
    queryFn: ({ signal }) => getDonations(client, params, signal),
    placeholderData: keepPreviousData,
  });

/** One page of the list; nothing is asked while `enabled` is false (a date range being typed). */
export function useDonations(params: PageParams<DonationFilters>, enabled = true) {
  const client = useKanisa();
  return useQuery({ ...donationsQuery(client, params), enabled });
}
