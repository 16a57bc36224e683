import { useId } from 'react';
import { formatCount } from '../../components/ui/paged-list';
import { formatKes, givingTypeLabel, rangeText, type DonationFilters, type DonationTotals } from './donation-rules';

interface Props {
  filters: DonationFilters;
  totals: DonationTotals | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
}

interface Card {
  label: string;
  value: string;
  note?: string;
}

const gifts = (count: number) => `${formatCount(count)} ${count === 1 ? 'gift' : 'gifts'}`;

/**
 * The totals cards over the list's filter (§2.11): all gifts, verified, pending, how many, and
 * the anonymous ones — as the database sums them (`get_donation_totals`, demo gifts left out).
 */
export function DonationTotalsCards({ filters, totals, isPending, isError, onRetry }: Props) {
  const headingId = useId();
  const cards: Card[] = totals
    ? [
        { label: 'Total', value: formatKes(totals.total), note: gifts(totals.gift_count) },
        { label: 'Verified', value: formatKes(totals.verified_total), note: gifts(totals.verified_count) },
        { label: 'Pending', value: formatKes(totals.pending_total), note: gifts(totals.pending_count) },
        { label: 'Number of gifts', value: formatCount(totals.gift_count) },
        { label: 'Anonymous', value: formatKes(totals.anonymous_total) },
      ]
    : [];

  return (
    <section className="donation-totals" aria-labelledby={headingId} aria-busy={isPending || undefined}>
      <h2 id={headingId} className="donation-totals-title">
        {`Totals · ${filters.type ? givingTypeLabel(filters.type) : 'All types'} · ${rangeText(filters.from, filters.to)}`}
      </h2>
      {isError ? (
        <p className="donation-totals-error" role="alert">
          Could not load the totals.{' '}
          <button type="button" className="btn-link" onClick={onRetry}>
            Try again
          </button>
        </p>
      ) : (
        <dl className="donation-cards">
          {(totals ? cards : ['Total', 'Verified', 'Pending', 'Number of gifts', 'Anonymous'].map((label): Card => ({ label, value: '…' }))).map(
            (card) => (
              <div key={card.label} className="donation-card">
                <dt>{card.label}</dt>
                <dd>
                  <span className="donation-card-value">{card.value}</span>
                  {card.note ? <span className="donation-card-note">{card.note}</span> : null}
                </dd>
              </div>
            ),
          )}
        </dl>
      )}
      <p className="donation-totals-help">Demo gifts are not counted.</p>
    </section>
  );
}
