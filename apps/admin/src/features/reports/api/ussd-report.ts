import { KanisaError, type KanisaClient } from '@kanisa/client';
import { useKanisa } from '@kanisa/client/react';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** `get_ussd_report(from_date, to_date)` (migration 0059): the USSD menu's figures for a period. */
export interface UssdReport {
  sessions: number;
  completed: number;
  gifts: number;
  gift_total: number;
  prayer_requests: number;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function readUssdReport(value: unknown): UssdReport {
  const number = (k: string) => {
    const v = isRecord(value) ? value[k] : undefined;
    if (typeof v !== 'number') throw new Error(`The USSD report came back without ${k}.`);
    return v;
  };
  return { sessions: number('sessions'), completed: number('completed'), gifts: number('gifts'), gift_total: number('gift_total'), prayer_requests: number('prayer_requests') };
}

export const ussdReportQuery = (client: KanisaClient, from: string, to: string) =>
  queryOptions({
    queryKey: ['kanisa', 'reports', 'ussd', from, to] as const,
    queryFn: async ({ signal }) => {
      const { data, error } = await client.rpc('get_ussd_report', { from_date: from, to_date: to }, { get: true }).abortSignal(signal);
      if (error) throw error;
      return readUssdReport(data);
    },
    staleTime: 5 * 60_000,
    meta: { tables: ['payment_logs', 'prayer_requests'] },
    // A reader without the report's permissions is refused once, not retried.
    retry: (count, error) => !(error instanceof KanisaError && error.status === 403) && count < 2,
  });

export function useUssdReport(from: string, to: string) {
  const client = useKanisa();
  return useQuery(ussdReportQuery(client, from, to));
}
