import type { KanisaClient } from '@kanisa/client';
import { createQueryClient, KanisaProvider } from '@kanisa/client/react';
import type { QueryClient, UseMutationResult } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { serviceModesQuery } from '../components/layout/demo-mode';
import { financeOverviewQuery } from '../features/dashboard/api/dashboard-reads';
import { donationQuery } from '../features/donations/api/get-donation';
import { donationTotalsQuery } from '../features/donations/api/get-donation-totals';
import { donationsQuery } from '../features/donations/api/get-donations';
import { useDeleteDonation } from '../features/donations/api/delete-donation';
import { useReassignGift } from '../features/donations/api/reassign-gift';
import { useSaveDonation } from '../features/donations/api/save-donation';
import { useSetDonationVerified } from '../features/donations/api/set-donation-verified';
import { financialSummaryQuery } from '../features/financial/api/get-financial-summary';
import { monthlyGivingQuery } from '../features/financial/api/get-monthly-giving';
import { recentDonationsQuery } from '../features/financial/api/get-recent-donations';
import { reportQuery } from '../features/reports/api/reports-api';
import { sermonsQuery } from '../features/sermons/api/get-sermons';
import { backupStatusQuery } from '../features/settings/api/get-backup-status';
import { useSaveSettings } from '../features/settings/api/save-settings';
import { givingStatementQuery } from '../features/statements/api/get-giving-statement';
import { statementsPageQuery } from '../features/statements/api/get-giving-statements';
import { remittanceQuery } from '../features/statements/api/get-remittance';
import { churchIdentityQuery, publicSettingQuery } from '../lib/settings';
import { json, testClient } from '../test/render';
import { queryDefaults } from './AppProviders';

/**
 * One invalidation scheme across features (issue 43): a write invalidates the tables it changed
 * (`invalidateTables`), and every read is found by its table, by its key's prefix or by the
 * tables its `meta.tables` names. These tests hold the cross-screen cases to it: a gift written
 * anywhere stales the finance dashboard, the statements and the reports; a settings save stales
 * the header's church name and the letterhead.
 */

const client = testClient();
const filters = { type: '' as const, from: '2026-11-01', to: '2026-11-30' };

/** Every read that shows giving_records, on whichever screen. */
const givingReads = {
  'the donations list': donationsQuery(client, { page: 0, search: '', ...filters }),
  'the donation totals': donationTotalsQuery(client, filters),
  'a receipt': donationQuery(client, 'g1'),
  'the financial dashboard summary': financialSummaryQuery(client, 'month'),
  'the financial dashboard chart': monthlyGivingQuery(client, '2026-01-01'),
  'the financial dashboard recent gifts': recentDonationsQuery(client),
  "a member's statement": givingStatementQuery(client, { memberId: 'm1', from: '2026-01-01', to: '2026-12-31' }),
  'the batch of statements': statementsPageQuery(client, { from: '2026-01-01', to: '2026-12-31' }, 0),
  'the remittance report': remittanceQuery(client, '2026-11'),
  'the financial report': reportQuery(client, 'financial', 'month'),
  'the overview report': reportQuery(client, 'overview', 'month'),
  "the dashboard's money figures": financeOverviewQuery(client),
};

/** Every read that shows system_settings. */
const settingsReads = {
  "the header's church name": publicSettingQuery(client, 'church_name'),
  'the letterhead': churchIdentityQuery(client),
  'the remittance (its shares)': remittanceQuery(client, '2026-11'),
  'the backup status': backupStatusQuery(client),
};

/** Reads no gift or setting changes. */
const unrelated = { 'the sermons list': sermonsQuery(client, { page: 0, search: '' }), 'the service modes': serviceModesQuery(client) };

type Reads = Record<string, { queryKey: readonly unknown[] }>;

/** A cache holding each read (as a screen left it), answered. */
function cacheWith(...groups: Reads[]): QueryClient {
  const queryClient = createQueryClient(queryDefaults);
  for (const reads of groups) {
    for (const options of Object.values(reads)) {
      queryClient.getQueryCache().build(queryClient, options).setData('answered');
    }
  }
  return queryClient;
}

const staleOf = (queryClient: QueryClient, reads: Reads) =>
  Object.fromEntries(Object.entries(reads).map(([name, { queryKey }]) => [name, queryClient.getQueryState(queryKey)?.isInvalidated]));
const all = (reads: Reads, value: boolean) => Object.fromEntries(Object.keys(reads).map((name) => [name, value]));

/** Runs one write through the client from context, the server answering `answer`. */
async function write<V>(
  queryClient: QueryClient,
  useWrite: () => UseMutationResult<unknown, Error, V>,
  variables: V,
  answer: () => Response,
): Promise<void> {
  const given: KanisaClient = testClient(null, () => Promise.resolve(answer()));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <KanisaProvider client={given} queryClient={queryClient}>
      {children}
    </KanisaProvider>
  );
  const { result } = renderHook(useWrite, { wrapper });
  await result.current.mutateAsync(variables);
  await waitFor(() => {
    expect(result.current.isSuccess).toBe(true);
  });
}

describe('cross-screen staleness (one invalidation scheme)', () => {
  const gift = { member_id: null, amount: 500, giving_type: 'tithe', payment_method: 'cash', giving_date: '2026-11-21', transaction_id: null, notes: null, is_verified: true } as const;

  it.each([
    ['recording a gift', () => useSaveDonation(), { kind: 'new', values: gift }],
    ['verifying a gift', () => useSetDonationVerified(), { id: 'g1', verified: true }],
    ['deleting a gift', () => useDeleteDonation(), 'g1'],
    ['re-assigning a gift', () => useReassignGift(), { id: 'g1', memberId: 'm1', givingType: 'offering', reason: 'Wrong member' }],
  ] as const)('%s stales every read of giving on every screen, and nothing else', async (_what, useWrite, variables) => {
    const queryClient = cacheWith(givingReads, unrelated);
    await write(queryClient, useWrite as () => UseMutationResult<unknown, Error, typeof variables>, variables, () => json({ id: 'g1' }));
    expect(staleOf(queryClient, givingReads)).toEqual(all(givingReads, true));
    expect(staleOf(queryClient, unrelated)).toEqual(all(unrelated, false));
  });

  it("a settings save stales the header's church name, the letterhead and the other reads of the settings", async () => {
    const queryClient = cacheWith(settingsReads, unrelated);
    await write(queryClient, useSaveSettings, [{ key: 'church_name', value: 'Mount Zion', updated_by: 'user-1' }], () =>
      json([{ key: 'church_name', value: 'Mount Zion', is_secret: false }]),
    );
    expect(staleOf(queryClient, settingsReads)).toEqual(all(settingsReads, true));
    // The service modes follow the settings later (the server reads them again first).
    expect(staleOf(queryClient, unrelated)).toEqual(all(unrelated, false));
  });
});
