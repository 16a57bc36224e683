import { queryOptions } from '@tanstack/react-query';
import { memberKey, useMemberQuery, type MemberClient } from '../../../lib/member';

/** One counted gift on the statement. */
export interface Gift {
  id: string;
  giving_date: string;
  receipt_no: string | null;
  giving_type: string;
  amount: number;
}

/** A member's giving statement for a range: the treasurer's `get_giving_statement`, unchanged. */
export interface Statement {
  from: string;
  to: string;
  total: number;
  gift_count: number;
  by_type: { giving_type: string; total: number; gift_count: number }[];
  gifts: Gift[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The answer read at the boundary: a shape that does not match is an error, never a guess. */
export function readStatement(value: unknown): Statement {
  const bad = () => new Error('The giving statement came back in an unexpected shape.');
  if (!isRecord(value) || typeof value.total !== 'number' || !Array.isArray(value.gifts) || !Array.isArray(value.by_type)) throw bad();
  const gifts = value.gifts.map((g): Gift => {
    if (!isRecord(g) || typeof g.id !== 'string' || typeof g.giving_date !== 'string' || typeof g.amount !== 'number' || typeof g.giving_type !== 'string') {
      throw bad();
    }
    return { id: g.id, giving_date: g.giving_date, receipt_no: typeof g.receipt_no === 'string' ? g.receipt_no : null, giving_type: g.giving_type, amount: g.amount };
  });
  const byType = value.by_type.map((b) => {
    if (!isRecord(b) || typeof b.giving_type !== 'string' || typeof b.total !== 'number' || typeof b.gift_count !== 'number') throw bad();
    return { giving_type: b.giving_type, total: b.total, gift_count: b.gift_count };
  });
  return {
    from: String(value.from),
    to: String(value.to),
    total: value.total,
    gift_count: typeof value.gift_count === 'number' ? value.gift_count : gifts.length,
    by_type: byType,
    gifts,
  };
}

/** The member's statement from `from` to `to` (the same function the treasurer prints with). */
export async function getStatement(client: MemberClient, memberId: string, from: string, to: string, signal?: AbortSignal): Promise<Statement> {
  let request = client.rpc('get_giving_statement', { member_id: memberId, from_date: from, to_date: to });
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return readStatement(data);
}

export const statementQuery = (client: MemberClient, userId: string, memberId: string, from: string, to: string) =>
  queryOptions({
    queryKey: memberKey(userId, 'statement', memberId, from, to),
    queryFn: ({ signal }) => getStatement(client, memberId, from, to, signal),
  });

export function useStatement(userId: string, memberId: string, from: string, to: string) {
  return useMemberQuery((client) => statementQuery(client, userId, memberId, from, to));
}
