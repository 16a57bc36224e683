import type { KanisaClient } from '@kanisa/client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { kanisa } from '../../../lib/kanisa';
import { PAGE_SIZE, type PrayerRequest, type StatusFilter } from '../prayer-rules';
import { prayerRequestKeys } from './prayer-request-keys';

/**
 * The requester and the assignee are both users, so each embed names its foreign key (the
 * server refuses an ambiguous `users(…)`).
 */
const columns =
  'id, title, description, urgency, status, privacy_level, submitter_name, submitter_email, submitter_phone, ' +
  'requester_id, assigned_to, created_at, updated_at, ' +
  'requester:users!prayer_requests_requester_id_fkey(full_name, email), ' +
  'assigned_user:users!prayer_requests_assigned_to_fkey(full_name)';

export interface PrayerRequestPage {
  rows: PrayerRequest[];
  /** Every request the filter matches (count=exact), not only this page's. */
  total: number;
}

/**
 * One page of requests, newest first, optionally of one status (§7.4). Which requests come back
 * is the server's decision: staff with manage_prayer_requests read all of them, private ones
 * included; nobody else reads any but their own (policies/prayer_requests.sql).
 */
export async function getPrayerRequests(
  client: KanisaClient,
  status: StatusFilter,
  page: number,
  signal?: AbortSignal,
): Promise<PrayerRequestPage> {
  const from = (page - 1) * PAGE_SIZE;
  let request = client
    .from('prayer_requests')
    .select(columns, { count: 'exact' })
    .order('created_at', { ascending: false })
    .order('id', { ascending: true })
    .range(from, from + PAGE_SIZE - 1);
  if (status !== 'all') request = request.eq('status', status);
  if (signal) request = request.abortSignal(signal);
  const { data, error, count } = await request.returns<PrayerRequest[]>();
  if (error) throw error;
  return { rows: data, total: count ?? data.length };
}

export const prayerRequestsQuery = (status: StatusFilter, page: number) =>
  queryOptions({
    queryKey: prayerRequestKeys.list(status, page),
    queryFn: ({ signal }) => getPrayerRequests(kanisa, status, page, signal),
    placeholderData: keepPreviousData,
  });

export function usePrayerRequests(status: StatusFilter, page: number) {
  return useQuery(prayerRequestsQuery(status, page));
}
