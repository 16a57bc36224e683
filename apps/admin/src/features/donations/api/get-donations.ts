import type { KanisaClient } from '@kanisa/client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { readPage, type PageOf, type PageParams } from '../../../components/ui/paged-list';
import { kanisa } from '../../../lib/kanisa';
import { toDonation, type Donation, type DonationFilters, type DonationRow } from '../donation-rules';
import { donationKeys } from './donation-keys';

/** Gifts per page. */
export const DONATIONS_PAGE_SIZE = 25;

/** A gift with its member and, for an online or paybill gift, its payment (§7.5). */
export const donationColumns =
  'id, member_id, amount, giving_type, payment_method, transaction_id, giving_date, notes, is_verified, is_simulated, payment_id, receipt_no, reassigned_at, reassign_reason, created_at, ' +
  'members(first_name, last_name, membership_number), payment_logs(payment_provider, source, receipt_number, phone_number, payer_name)';

/**
 * §7.5: gifts of the filter — the giving type when one is chosen, giving_date within the range
 * (both ends included) — newest giving date first (then newest recorded, then id, so pages never
 * overlap), with the true total.
 */
export function donationsRequest(client: KanisaClient, { type, from, to }: DonationFilters) {
  let request = client
    .from('giving_records')
    .select(donationColumns, { count: 'exact' })
    .returns<DonationRow[]>()
    .gte('giving_date', from)
    .lte('giving_date', to);
  if (type) request = request.eq('giving_type', type);
  return request.order('giving_date', { ascending: false }).order('created_at', { ascending: false }).order('id', { ascending: false });
}

export async function getDonations(client: KanisaClient, params: PageParams<DonationFilters>, signal?: AbortSignal): Promise<PageOf<Donation>> {
  let request = donationsRequest(client, params);
  if (signal) request = request.abortSignal(signal);
  const { rows, total } = await readPage(request, params.page, DONATIONS_PAGE_SIZE);
  return { rows: rows.map(toDonation), total };
}

export const donationsQuery = (params: PageParams<DonationFilters>) =>
  queryOptions({
    queryKey: donationKeys.list(params),
    queryFn: ({ signal }) => getDonations(kanisa, params, signal),
    placeholderData: keepPreviousData,
  });

/** One page of the list; nothing is asked while `enabled` is false (a date range being typed). */
export function useDonations(params: PageParams<DonationFilters>, enabled = true) {
  return useQuery({ ...donationsQuery(params), enabled });
}
