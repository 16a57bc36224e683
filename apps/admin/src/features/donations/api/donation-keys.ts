import type { PageParams } from '../../../components/ui/paged-list';
import type { DonationFilters } from '../donation-rules';

/**
 * Query keys of gifts, under the client's `['kanisa', 'giving_records']` prefix, so a write
 * here also refreshes every other read of the table (the dashboard's figures) and vice versa.
 */
export const donationKeys = {
  all: ['kanisa', 'giving_records'] as const,
  /** One page of the Donations list, with its filters. */
  list: (params: PageParams<DonationFilters>) => [...donationKeys.all, 'admin-list', params] as const,
  /** One gift, for its receipt. */
  receipt: (id: string) => [...donationKeys.all, 'receipt', id] as const,
};

/** `get_donation_totals` for a filter; its `meta.tables` makes a write to giving_records refresh it. */
export const donationTotalsKey = (filters: DonationFilters) => ['kanisa', 'rpc', 'get_donation_totals', filters] as const;

