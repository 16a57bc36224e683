import { rpcKeys, tableKeys } from '@kanisa/client/react';

/**
 * Query keys of Budget Management, on the client's own prefixes, so a write here also refreshes
 * every other read of budgets and expenses (the dashboards) and theirs refresh these.
 */
export const budgetKeys = {
  summary: (year: number) => rpcKeys('get_budget_summary').call({ budget_year: year }),
  recentExpenses: (year: number) => tableKeys('expenses').request(`budget-recent-${String(year)}`),
};

/** The tables the budget summary is computed from. */
export const summaryTables = ['budgets', 'expenses'];
