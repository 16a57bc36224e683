import type { KanisaClient } from '@kanisa/client';
import { useKanisa } from '@kanisa/client/react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardKeys } from './dashboard-keys';

/** The last day's phone sign-in codes (issue 46): texted, asked for numbers that are no member's, refused by a limit, used. */
export interface SignInCodeStats {
  sent: number;
  not_members: number;
  refused: number;
  signed_in: number;
}

/** The answer (`jsonb`) read at the boundary: another shape is an error, never a guess. */
export function readSignInCodeStats(value: unknown): SignInCodeStats {
  const v = value as Partial<Record<keyof SignInCodeStats, unknown>> | null;
  const keys = ['sent', 'not_members', 'refused', 'signed_in'] as const;
  if (typeof v !== 'object' || v === null || keys.some((k) => typeof v[k] !== 'number')) {
    throw new Error('The sign-in figures came back in an unexpected shape.');
  }
  return { sent: v.sent as number, not_members: v.not_members as number, refused: v.refused as number, signed_in: v.signed_in as number };
}

/** `rpc/get_sign_in_code_stats` (migration 0055): for staff with system_settings or view_audit_logs. */
export async function getSignInCodeStats(client: KanisaClient, signal?: AbortSignal): Promise<SignInCodeStats> {
  let request = client.rpc('get_sign_in_code_stats', {});
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return readSignInCodeStats(data);
}

/** Members sign in from the public site: read again every minute while the dashboard is open. */
export const signInCodeStatsQuery = (client: KanisaClient) =>
  queryOptions({
    queryKey: dashboardKeys.signInCodes(),
    queryFn: ({ signal }) => getSignInCodeStats(client, signal),
    refetchInterval: 60_000,
  });

export function useSignInCodeStats(enabled: boolean) {
  return useQuery({ ...signInCodeStatsQuery(useKanisa()), enabled });
}
