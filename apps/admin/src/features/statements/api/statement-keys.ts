import { rpcKeys } from '@kanisa/client/react';

/**
 * Query keys of this feature, under the client's prefix (`['kanisa', 'rpc', fn, args]`), so a
 * write through the client — a gift verified, a member renamed,
 * the shares changed in System Settings — makes the documents stale. The function calls end in
 * 'read': their data is the checked answer, not `useRpc`'s raw one under the same call.
 */
export const statementKeys = {
  statement: (args: { member_id: string; from_date: string; to_date: string }) =>
    [...rpcKeys('get_giving_statement').call(args), 'read'] as const,
  statements: (args: { from_date: string; to_date: string; page_offset: number; page_size: number }) =>
    [...rpcKeys('get_giving_statements').call(args), 'read'] as const,
  remittance: (month: string) => [...rpcKeys('get_remittance').call({ month: `${month}-01` }), 'read'] as const,
};

/** The tables the report functions read: a write to one of them makes a report stale. */
export const reportTables = ['giving_records', 'members', 'system_settings'];
