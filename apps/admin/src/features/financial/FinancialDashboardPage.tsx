import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '../../components/ui/Badge';
import { DataTable, type Column } from '../../components/ui/DataTable';
import { FigureCard } from '../../components/ui/FigureCard';
import { formatDay } from '../../components/ui/form-values';
import { LoadError } from '../../components/ui/LoadError';
import { PageHeader } from '../../components/ui/PageHeader';
import { SegmentedControl } from '../../components/ui/SegmentedControl';
import { formatCount } from '../../components/ui/paged-list';
import { Spinner } from '../../components/ui/Spinner';
import { screens } from '../../config/navigation';
import { canAccess } from '../../lib/access';
import { useAuth } from '../../lib/auth/auth-context';
import { churchToday } from '../../lib/church-time';
import { formatKesWhole, giftsText, givingTypeLabel, paymentMethodLabel } from '../../lib/giving';
import { useFinancialSummary } from './api/get-financial-summary';
import { useMonthlyGiving } from './api/get-monthly-giving';
import { useRecentDonations, type RecentDonation } from './api/get-recent-donations';
import {
  donorName,
  periodFrom,
  periods,
  problemText,
  sharePercent,
  trendSeries,
  trendStart,
  type FinancialSummary,
} from './financial-rules';
import { GivingChart } from './GivingChart';
import './financial.css';
import { useAddressParams } from '../../lib/use-address-params';

function periodText(summary: FinancialSummary): string {
  return summary.from === summary.to ? formatDay(summary.from) : `${formatDay(summary.from)} to ${formatDay(summary.to)}`;
}

function SummaryFigures({ summary }: { summary: FinancialSummary }) {
  const year = summary.to.slice(0, 4);
  return (
    <dl className="fin-figures">
      <FigureCard className="fin-figure" id="total" label="Total giving" note={`Verified gifts, ${periodText(summary)}`}>
        {formatKesWhole(summary.total)}
      </FigureCard>
      <FigureCard className="fin-figure" id="count" label="Number of gifts">
        {formatCount(summary.gift_count)}
      </FigureCard>
      <FigureCard className="fin-figure" id="average" label="Average gift">
        {formatKesWhole(summary.average)}
      </FigureCard>
      <FigureCard
        className="fin-figure"
        id="budget"
        label={`Budget used in ${year}`}
        note={`${formatKesWhole(summary.spent)} spent of ${formatKesWhole(summary.allocated)} allocated`}
      >
        {`${formatCount(summary.budget_percent)}%`}
      </FigureCard>
    </dl>
  );
}

function GivingByType({ summary }: { summary: FinancialSummary }) {
  return (
    <section className="fin-panel" aria-labelledby="fin-by-type">
      <h2 id="fin-by-type">Giving by type</h2>
      <div className="fin-table-wrap">
        <table className="fin-table" data-testid="giving-by-type">
          <caption className="sr-only">Verified giving by type, {periodText(summary)}</caption>
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col" className="num">
                Gifts
              </th>
              <th scope="col" className="num">
                Total
              </th>
              <th scope="col" className="num">
                Share
              </th>
            </tr>
          </thead>
          <tbody>
            {summary.by_type.map((row) => {
              const share = sharePercent(row.total, summary.total);
              return (
                <tr key={row.giving_type} data-type={row.giving_type}>
                  <th scope="row">{givingTypeLabel(row.giving_type)}</th>
                  <td className="num">{formatCount(row.gift_count)}</td>
                  <td className="num">{formatKesWhole(row.total)}</td>
                  <td className="num">
                    <span className="fin-share">
                      <span className="fin-share-bar" aria-hidden="true">
                        <span style={{ width: `${String(share)}%` }} />
                      </span>
                      {share}%
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function DonorsAndAnonymous({ summary }: { summary: FinancialSummary }) {
  return (
    <div className="fin-side">
      <section className="fin-panel" aria-labelledby="fin-top-donors">
        <h2 id="fin-top-donors">Top donors</h2>
        {summary.top_donors.length === 0 ? (
          <p className="fin-empty">No gifts from members in this period.</p>
        ) : (
          <ol className="fin-donors" data-testid="top-donors">
            {summary.top_donors.map((donor) => (
              <li key={donor.member_id} data-member={donor.member_id}>
                <span className="fin-donor-name">{donorName(donor)}</span>
                <span className="fin-donor-meta">
                  {donor.membership_number ? <span className="fin-donor-number">{donor.membership_number}</span> : 'No membership number'}
                  {' · '}
                  {giftsText(donor.gift_count)}
                </span>
                <span className="fin-donor-total">{formatKesWhole(donor.total)}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
      <section className="fin-panel" aria-labelledby="fin-anonymous">
        <h2 id="fin-anonymous">Anonymous giving</h2>
        <dl className="fin-figures fin-figures-small">
          <FigureCard className="fin-figure" id="anonymous-total" label="Total">
            {formatKesWhole(summary.anonymous_total)}
          </FigureCard>
          <FigureCard className="fin-figure" id="anonymous-count" label="Gifts">
            {formatCount(summary.anonymous_count)}
          </FigureCard>
        </dl>
        <p className="fin-note">Gifts without a member; not part of the top donors.</p>
      </section>
    </div>
  );
}

const donationColumns: Column<RecentDonation>[] = [
  {
    header: 'Donor',
    hideLabelOnPhone: true,
    cell: (row) =>
      row.member_id === null ? (
        <span className="cell-title">Anonymous</span>
      ) : (
        <>
          <span className="cell-title">{row.members ? donorName(row.members) : 'Member'}</span>
          {row.members?.membership_number ? <span className="cell-sub">{row.members.membership_number}</span> : null}
        </>
      ),
  },
  { header: 'Date', className: 'nowrap', cell: (row) => formatDay(row.giving_date) },
  { header: 'Type', cell: (row) => givingTypeLabel(row.giving_type) },
  { header: 'Method', cell: (row) => paymentMethodLabel(row.payment_method) },
  { header: 'Amount', className: 'num nowrap', cell: (row) => formatKesWhole(row.amount) },
  {
    header: 'Status',
    cell: (row) => (
      <span className="fin-badges">
        {row.is_verified ? <Badge tone="success">Verified</Badge> : <Badge tone="warning">Pending</Badge>}
        {row.is_simulated ? <Badge tone="info">Demo</Badge> : null}
      </span>
    ),
  },
];

/**
 * /admin/financial (§2.12): the period's verified giving (This Month or This Year) — total,
 * count, average, by type, the top 5 donors, anonymous giving apart — the year's budget use, the
 * 12-month trend and the 10 latest donations. Every figure is the server's aggregate; a failed
 * read says so with a retry instead of showing zeros.
 */
export default function FinancialDashboardPage() {
  const { access } = useAuth();
  const [params, setParams] = useAddressParams();
  const period = periodFrom(params.get('period'));
  const today = churchToday();
  const fromDate = trendStart(today);
  const summary = useFinancialSummary(period);
  const monthly = useMonthlyGiving(fromDate);
  const recent = useRecentDonations();
  const months = useMemo(() => (monthly.data ? trendSeries(today, monthly.data) : null), [monthly.data, today]);

  const links = [
    { to: '/financial/statements', label: 'Giving statements' },
    { to: '/financial/remittance', label: 'Monthly remittance' },
    ...(canAccess(access, screens.donations.requirement) ? [{ to: screens.donations.path, label: 'Donations' }] : []),
    ...(canAccess(access, screens.budget.requirement) ? [{ to: screens.budget.path, label: 'Budget' }] : []),
  ];

  return (
    <div className="content-page financial-page">
      <title>Financial Dashboard | Back Office</title>
      <PageHeader
        title="Financial Dashboard"
        description="Verified giving (demo gifts are never counted), the budget's use this year and the latest donations."
        actions={
          <SegmentedControl
            label="Period"
            options={periods}
            value={period}
            onChange={(next) => {
              setParams(next === 'month' ? {} : { period: next }, { replace: true });
            }}
          />
        }
      />

      <nav className="fin-links" aria-label="Finance screens">
        <ul>
          {links.map((link) => (
            <li key={link.to}>
              <Link to={link.to}>{link.label}</Link>
            </li>
          ))}
        </ul>
      </nav>

      <section className="fin-summary" aria-labelledby="fin-summary-heading" aria-busy={summary.isFetching}>
        <h2 id="fin-summary-heading" className="sr-only">
          Summary, {periods.find((p) => p.value === period)?.label}
        </h2>
        {summary.isPending ? (
          <Spinner label="Loading the financial summary..." />
        ) : summary.isError ? (
          <LoadError text="Could not load the financial summary." detail={problemText(summary.error)} onRetry={summary.refetch} />
        ) : (
          <>
            <p className="fin-period-text" data-testid="period-range">
              {periods.find((p) => p.value === summary.data.period)?.label}: {periodText(summary.data)}
            </p>
            <SummaryFigures summary={summary.data} />
            <div className="fin-columns">
              <GivingByType summary={summary.data} />
              <DonorsAndAnonymous summary={summary.data} />
            </div>
          </>
        )}
      </section>

      {monthly.isPending ? (
        <Spinner label="Loading the monthly giving..." />
      ) : monthly.isError ? (
        <LoadError text="Could not load the monthly giving." detail={problemText(monthly.error)} onRetry={monthly.refetch} />
      ) : months ? (
        <GivingChart months={months} />
      ) : null}

      <section className="fin-recent" aria-labelledby="fin-recent-heading">
        <h2 id="fin-recent-heading">Recent donations</h2>
        {recent.isPending ? (
          <Spinner label="Loading the recent donations..." />
        ) : recent.isError ? (
          <LoadError text="Could not load the recent donations." detail={problemText(recent.error)} onRetry={recent.refetch} />
        ) : (
          <DataTable
            caption="The 10 latest donations recorded, newest first"
            columns={donationColumns}
            rows={recent.data}
            rowKey={(row) => row.id}
            empty={<p>No donations recorded yet.</p>}
          />
        )}
      </section>
    </div>
  );
}
