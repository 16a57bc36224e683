import type { KanisaClient } from '@kanisa/client';
import { useKanisa } from '@kanisa/client/react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readGivingStatement, type GivingStatement } from './answers';
import { reportTables, statementKeys } from './statement-keys';

export interface StatementRequest {
  memberId: string;
  from: string;
  to: string;
}

/** One member's giving statement: their counted gifts (verified, no demo gifts) in the period. */
export async function getGivingStatement(client: KanisaClient, { memberId, from, to }: StatementRequest, signal?: AbortSignal): Promise<GivingStatement> {
  let request = client.rpc('get_giving_statement', { member_id: memberId, from_date: from, to_date: to });
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return readGivingStatement(data);
}

export const givingStatementQuery = (client: KanisaClient, request: StatementRequest) =>
  queryOptions({
    queryKey: statementKeys.statement({ member_id: request.memberId, from_date: request.from, to_date: request.to }),
    queryFn: ({ signal }) => getGivingStatement(client, request, signal),
    meta: { tables: reportTables },
  });

/** `request` null: nothing is asked (no member chosen, or the period is not valid). */
export function useGivingStatement(request: StatementRequest | null) {
  const client = useKanisa();
  return useQuery({ ...givingStatementQuery(client, request ?? { memberId: '', from: '', to: '' }), enabled: request !== null });
}
