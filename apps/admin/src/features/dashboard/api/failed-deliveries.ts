import { useRpc } from '@kanisa/client/react';

/** How many failed deliveries the dashboard asks for (the card shows 5 and counts the rest). */
export const failedDeliveriesAsked = 20;

/**
 * Deliveries that failed for good, newest first (`rpc/get_failed_deliveries`, migration 0014).
 * The server answers rows only to the Communication staff and nothing to anyone else; `enabled`
 * is false for a user who may not see the card, so nothing is asked. The outcome is written on
 * the message or prayer request, so a write to either (e.g. sending a message again) makes it stale.
 */
export function useFailedDeliveries(enabled: boolean) {
  return useRpc(
    'get_failed_deliveries',
    { max_rows: failedDeliveriesAsked },
    { enabled, tables: ['messages', 'prayer_requests'] },
  );
}
