import type { KanisaClient } from '@kanisa/client';
import { useKanisa } from '@kanisa/client/react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FailedDelivery } from '../failed-deliveries';
import { dashboardKeys, deliveryTables } from './dashboard-keys';

/** How many failed deliveries the dashboard asks for (the card shows 5 and counts the rest). */
export const failedDeliveriesAsked = 20;

/**
 * Deliveries that failed for good, newest first (`rpc/get_failed_deliveries`, migration 0014).
 * The server answers rows only to the Communication staff and nothing to anyone else.
 */
export async function getFailedDeliveries(client: KanisaClient, maxRows: number, signal?: AbortSignal): Promise<FailedDelivery[]> {
  let request = client.rpc('get_failed_deliveries', { max_rows: maxRows });
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return data;
}

/** The outcome is written on the message or prayer request, so a write to either (e.g. sending a message again) makes it stale. */
export const failedDeliveriesQuery = (client: KanisaClient) =>
  queryOptions({
    queryKey: dashboardKeys.failedDeliveries(failedDeliveriesAsked),
    queryFn: ({ signal }) => getFailedDeliveries(client, failedDeliveriesAsked, signal),
    meta: { tables: deliveryTables },
  });

/** `enabled` is false for a user who may not see the card, so nothing is asked. */
export function useFailedDeliveries(enabled: boolean) {
  return useQuery({ ...failedDeliveriesQuery(useKanisa()), enabled });
}
