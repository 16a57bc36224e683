import { formatDay } from '../../components/ui/form-values';
import {
  countFields,
  divineTotal,
  formatCount,
  formatPercent,
  percentChange,
  shares,
  trendOf,
  type CountKey,
  type Counts,
} from './attendance-rules';

interface Props {
  counts: Counts;
  /** The Sabbath recorded before the form's date; null when there is none. */
  previous: (Counts & { attendance_date: string }) | null;
  /** While the previous Sabbath is being looked up. */
  comparing?: boolean;
  /**
   * The counters that hold a count someone gave (a recorded Sabbath's, or typed): only these
   * are compared, so a blank form does not show every group "down 100%". Default all.
   */
  entered?: ReadonlySet<CountKey> | 'all';
}

interface Metric {
  label: string;
  value: number;
  previous: number | null;
}

const divineKeys: readonly CountKey[] = ['divine_children_count', 'divine_youth_count', 'divine_adults_count'];

function metrics(counts: Counts, previous: Props['previous'], entered: NonNullable<Props['entered']>): Metric[] {
  const given = (key: CountKey) => entered === 'all' || entered.has(key);
  return [
    ...countFields.map(({ key, label }) => ({ label, value: counts[key], previous: previous && given(key) ? previous[key] : null })),
    {
      label: 'Divine Total',
      value: divineTotal(counts),
      previous: previous && divineKeys.some(given) ? divineTotal(previous) : null,
    },
  ];
}

const arrows = { up: '▲', down: '▼', same: '▬' } as const;
const words = { up: 'up', down: 'down', same: 'no change' } as const;

/** One card's week-over-week line: an arrow and the percent, or nothing when it is hidden (§9). */
export function ChangeLine({ value, previous }: { value: number; previous: number | null }) {
  const change = percentChange(value, previous);
  if (change === null) return null;
  const trend = trendOf(change);
  return (
    <span className={`change change-${trend}`}>
      <span aria-hidden="true">{arrows[trend]} </span>
      <span className="sr-only">{`${words[trend]} `}</span>
      {trend === 'same' ? '0.0%' : formatPercent(change)}
    </span>
  );
}

/**
 * The summary (§2.9): a card per counter and the divine total with the change from the previous
 * recorded Sabbath, and each group's share of the divine total. Follows the counters as they change.
 */
export function AttendanceSummary({ counts, previous, comparing = false, entered = 'all' }: Props) {
  const total = divineTotal(counts);
  return (
    <section className="attendance-summary" aria-labelledby="attendance-summary-title">
      <h2 id="attendance-summary-title">Summary</h2>
      <p className="summary-compare">
        {comparing
          ? 'Looking for the previous recorded Sabbath...'
          : previous
          ? `Change from the previous recorded Sabbath, ${formatDay(previous.attendance_date)}.`
          : 'No earlier Sabbath is recorded, so there is no change to show.'}
      </p>
      <dl className="summary-cards">
        {metrics(counts, previous, entered).map((metric) => (
          <div key={metric.label} className="summary-card" data-metric={metric.label}>
            <dt>{metric.label}</dt>
            <dd>
              <span className="summary-value">{formatCount(metric.value)}</span>
              <ChangeLine value={metric.value} previous={metric.previous} />
            </dd>
          </div>
        ))}
      </dl>
      <div className="small-table-wrap">
        <table className="small-table">
          <caption>Share of the divine total</caption>
          <thead>
            <tr>
              <th scope="col">Group</th>
              <th scope="col" className="num">
                Count
              </th>
              <th scope="col" className="num">
                Share
              </th>
            </tr>
          </thead>
          <tbody>
            {shares(counts).map((share) => (
              <tr key={share.key}>
                <th scope="row">{share.label}</th>
                <td className="num" data-label="Count">
                  {formatCount(share.count)}
                </td>
                <td className="num" data-label="Share">
                  {share.percent === null ? '—' : `${share.percent.toFixed(1)}%`}
                </td>
              </tr>
            ))}
            <tr className="share-total">
              <th scope="row">Divine Total</th>
              <td className="num" data-label="Count">
                {formatCount(total)}
              </td>
              <td className="num" data-label="Share">
                {total === 0 ? '—' : '100.0%'}
              </td>
            </tr>
          </tbody>
        </table>
      </div>
    </section>
  );
}
