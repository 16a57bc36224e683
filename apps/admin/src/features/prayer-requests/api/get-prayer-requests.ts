import type { KanisaClient } from '@kanisa/client';
import { useKanisa } from '@kanisa/client/react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, type PrayerRequest, type StatusFilter } from '../prayer-rules';
import { getStaffNames } from './get-staff-names';
import { prayerRequestKeys } from './prayer-request-keys';

/**
 * The request's own columns. The requester and the assignee are profiles, which prayer staff do
 * not read (issue 31): their names come from staff_names in a second request.
 */
const columns =
  'id, title, description, urgency, status, privacy_level, submitter_name, submitter_email, submitter_phone, ' +
  'requester_id, assigned_to, created_at, updated_at, source';

type PrayerRequestRow = Omit<PrayerRequest, 'requester' | 'assigned_user'>;

export interface PrayerRequestPage {
  rows: PrayerRequest[];
  /** Every request the filter matches (count=exact), not only this page's. */
  total: number;
}

/**
 * One page of requests, newest first, optionally of one status (§7.4), with the names of their
 * requesters and assignees. Which requests come back is the server's decision: staff with
 * manage_prayer_requests read all but the private ones, which only the pastor and the prayer
 * team (view_private_prayer_requests) read; nobody else reads any but their own
 * (policies/prayer_requests.sql). The total counts what the reader may read.
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
  const { data, error, count } = await request.returns<PrayerRequestRow[]>();
  if (error) throw error;
  const names = await getStaffNames(
    client,
    data.flatMap((row) => [row.requester_id, row.assigned_to].filter((id): id is string => id !== null)),
    signal,
  );
  const named = (id: string | null) => (id === null ? null : { full_name: names.get(id) ?? null });
  return {
    rows: data.map((row) => ({ ...row, requester: named(row.requester_id), assigned_user: named(row.assigned_to) })),
    total: count ?? data.length,
  };
}

export const prayerRequestsQuery = (client: KanisaClient, status: StatusFilter, page: number) =>
  queryOptions({
    queryKey: prayerRequestKeys.list(status, page),
    queryFn: ({ signal }) => getPrayerRequests(client, status, page, signal),
    placeholderData: keepPreviousData,
  });

export function usePrayerRequests(status: StatusFilter, page: number) {
  const client = useKanisa();
  return useQuery(prayerRequestsQuery(client, status, page));
}
