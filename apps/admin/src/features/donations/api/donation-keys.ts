import { rpcKeys, tableKeys } from '@kanisa/client/react';
import type { PageParams } from '../../../components/ui/paged-list';
import type { DonationFilters } from '../donation-rules';

/**
 * Query keys of gifts, under the client's `['kanisa', 'giving_records']` prefix (`tableKeys`), so
 * a write here (`invalidateTables(…, ['giving_records'])`) also refreshes every other read of the
 * table (the dashboard's figures, the financial dashboard, statements, reports) and vice versa.
 */
export const donationKeys = {
  all: tableKeys('giving_records').all,
  /** One page of the Donations list, with its filters. */
  list: (params: PageParams<DonationFilters>) => [...donationKeys.all, 'admin-list', params] as const,
  /** One gift, for its receipt. */
  receipt: (id: string) => [...donationKeys.all, 'receipt', id] as const,
  /** `get_donation_totals` for a filter; its `meta.tables` makes a write to giving_records refresh it. */
  totals: (filters: DonationFilters) => rpcKeys('get_donation_totals').call(filters),
};

