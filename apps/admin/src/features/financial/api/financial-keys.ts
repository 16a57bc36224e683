import { rpcKeys, tableKeys } from '@kanisa/client/react';
import type { Period } from '../financial-rules';

/**
 * Query keys of the Financial Dashboard, on the client's own prefixes (`['kanisa', 'rpc', fn,
 * args]`, `['kanisa', table, …]`), and the tables each read depends on (`meta.tables`): a write
 * to a donation, budget or expense anywhere in the back office makes these reads stale.
 */
export const financialKeys = {
  summary: (period: Period) => rpcKeys('get_financial_summary').call({ period }),
  monthly: (fromDate: string) => rpcKeys('get_monthly_giving').call({ from_date: fromDate }),
  recent: () => tableKeys('giving_records').request('financial-dashboard-recent'),
};

export const summaryTables = ['giving_records', 'members', 'budgets', 'expenses'];
export const givingTables = ['giving_records'];
