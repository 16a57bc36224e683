import { rpcKeys, tableKeys } from '@kanisa/client/react';

/** What the dashboard counts (`count=exact`, HEAD: no rows travel), and the table each counts. */
export const countedTables = {
  'active-members': 'members',
  sermons: 'sermons',
  events: 'events',
  announcements: 'announcements',
  'prayer-requests': 'prayer_requests',
  'open-prayer-requests': 'prayer_requests',
} as const;

export type Counted = keyof typeof countedTables;

/**
 * Query keys of the dashboard, on the client's prefixes: each count and the recent members under
 * their table (`tableKeys`), so a write anywhere in the back office (a new sermon, a member
 * added) makes the matching figure stale; the RPC reads under their function (`rpcKeys`) with
 * the tables they read in `meta.tables`.
 */
export const dashboardKeys = {
  recentMembers: () => tableKeys('members').request('dashboard-recent'),
  count: (what: Counted) => [...tableKeys(countedTables[what]).all, 'dashboard-count', what] as const,
  financeOverview: () => rpcKeys('get_finance_overview').call({}),
  failedDeliveries: (maxRows: number) => rpcKeys('get_failed_deliveries').call({ max_rows: maxRows }),
  scheduledTasks: () => rpcKeys('get_scheduled_tasks').call({}),
  signInCodes: () => rpcKeys('get_sign_in_code_stats').call({}),
};

/** The tables the money figures are summed from. */
export const financeTables = ['giving_records', 'budgets', 'expenses'];

/** Where a delivery's outcome is written: sending a message or prayer request's mail again makes the list stale. */
export const deliveryTables = ['messages', 'prayer_requests'];
