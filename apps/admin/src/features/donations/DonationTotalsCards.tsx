import { useId } from 'react';
import { FigureCard } from '../../components/ui/FigureCard';
import { formatCount } from '../../components/ui/paged-list';
import { formatKes, giftsText, givingTypeLabel } from '../../lib/giving';
import { rangeText, type DonationFilters, type DonationTotals } from './donation-rules';

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

/**
 * The totals cards over the list's filter (§2.11): all gifts, verified, pending, how many, and
 * the anonymous ones — as the database sums them (`get_donation_totals`, demo gifts left out).
 */
export function DonationTotalsCards({ filters, totals, isPending, isError, onRetry }: Props) {
  const headingId = useId();
  const cards: Card[] = totals
    ? [
        { label: 'Total', value: formatKes(totals.total), note: giftsText(totals.gift_count) },
        { label: 'Verified', value: formatKes(totals.verified_total), note: giftsText(totals.verified_count) },
        { label: 'Pending', value: formatKes(totals.pending_total), note: giftsText(totals.pending_count) },
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
              <FigureCard key={card.label} className="donation-card" label={card.label} note={card.note}>
                {card.value}
              </FigureCard>
            ),
          )}
        </dl>
      )}
      <p className="donation-totals-help">Demo gifts are not counted.</p>
    </section>
  );
}
