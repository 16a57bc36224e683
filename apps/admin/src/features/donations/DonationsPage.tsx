import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '../../components/ui/Badge';
import type { Column } from '../../components/ui/DataTable';
import { DateRangeFields } from '../../components/ui/DateRangeFields';
import { ListPage } from '../../components/ui/ListPage';
import { PagedTable } from '../../components/ui/PagedTable';
import { formatCount } from '../../components/ui/paged-list';
import { SelectField } from '../../components/ui/SelectField';
import { useListPage } from '../../components/ui/use-list-page';
import { usePagedList } from '../../components/ui/use-paged-list';
import { useAuth } from '../../lib/auth/auth-context';
import { churchToday, rangeProblem } from '../../lib/church-time';
import { formatKes, givingTypeLabel, givingTypes, paymentMethodLabel, type GivingType } from '../../lib/giving';
import { useExportDonations } from './api/export-donations';
import { useDeleteDonation } from './api/delete-donation';
import { useDonationTotals } from './api/get-donation-totals';
import { DONATIONS_PAGE_SIZE, donationSortKey, useDonations } from './api/get-donations';
import { useSetDonationVerified } from './api/set-donation-verified';
import { downloadText } from '../../lib/download';
import { donationsCsv, donationsFileName } from './donation-csv';
import {
  defaultFilters,
  donationTexts,
  donorName,
  formatDay,
  giftName,
  hasReceipt,
  isPaidGift,
  isProviderGift,
  needsMemberLink,
  paymentSourceText,
  providerReceipt,
  rangeText,
  reassignNote,
  shownReceiptNo,
  withRefusal,
  type Donation,
  type DonationFilters,
} from './donation-rules';
import { DonationFormModal } from './DonationFormModal';
import { DonationTotalsCards } from './DonationTotalsCards';
import { ReassignGiftModal } from './ReassignGiftModal';
import './donations.css';

const typeOptions = [{ value: '', label: 'All types' }, ...givingTypes];

/**
 * /admin/donations (§2.11, §5, §7.5, §8): totals cards over the filter (giving type and date
 * range, by default this month), the gifts a page at a time newest first, a record/edit dialog,
 * the verification badge that toggles Pending ↔ Verified, delete after the spec's question,
 * a printable receipt per verified gift, and a CSV export of the whole filtered list. A gift from
 * a provider (online prompt, paybill, demo payment) is the record of its payment (issue 31): it
 * has no Delete, its dialog edits only notes, and Re-assign (Link to member for an unmatched
 * paybill gift) moves it to another member or type with a reason the server keeps and logs.
 */
export default function DonationsPage() {
  const { access } = useAuth();
  const canManage = access?.permissions.includes('manage_donations') ?? false;
  const [initial] = useState(() => defaultFilters(churchToday()));
  const list = usePagedList<DonationFilters>(initial, DONATIONS_PAGE_SIZE);
  const filters: DonationFilters = { type: list.filters.type, from: list.filters.from, to: list.filters.to };
  // The dates as typed; the list follows them once they make a range.
  const [draft, setDraft] = useState({ from: initial.from, to: initial.to });
  const draftProblem = rangeProblem(draft.from, draft.to);

  const donations = useDonations(list.params);
  list.settle(donations.data?.total);
  const totals = useDonationTotals(filters);
  const toggle = useSetDonationVerified();
  const page = useListPage<Donation>(useDeleteDonation());
  const [reassigning, setReassigning] = useState<Donation | null>(null);
  const exporting = useExportDonations();

  const setDates = (next: { from: string; to: string }) => {
    setDraft(next);
    if (!rangeProblem(next.from, next.to)) list.setFilters(next);
  };

  const runExport = () => {
    page.dismissNotice();
    page.dismissProblem();
    exporting.mutate(filters, {
      onSuccess: (rows) => {
        downloadText(donationsFileName(filters), donationsCsv(rows));
        page.showNotice(`Exported ${formatCount(rows.length)} ${rows.length === 1 ? 'donation' : 'donations'} to a CSV file.`);
      },
      onError: (error) => {
        console.error('Exporting the donations failed', error);
        page.showProblem(donationTexts.exportFailed);
      },
    });
  };

  const setVerified = (donation: Donation) => {
    const verified = !donation.is_verified;
    page.dismissNotice();
    page.dismissProblem();
    toggle.mutate(
      { id: donation.id, verified },
      {
        onSuccess: () => {
          page.showNotice(`The gift of ${giftName(donation)} is now ${verified ? 'verified' : 'pending'}.`);
        },
        onError: (error) => {
          console.error('Changing whether the donation is verified failed', error);
          page.showProblem(withRefusal(donationTexts.toggleError, error));
        },
      },
    );
  };

  const columns: Column<Donation>[] = [
    { header: 'Date', className: 'nowrap', cell: (d) => formatDay(d.giving_date) },
    {
      header: 'Member',
      className: 'donation-member',
      cell: (d) => (
        <>
          <span className={d.members ? 'cell-title' : 'donation-anonymous'}>{donorName(d)}</span>
          {d.members?.membership_number ? <span className="cell-sub">{d.members.membership_number}</span> : null}
          {!d.members && d.payment_logs?.payer_name ? <span className="cell-sub">{`Paid by ${d.payment_logs.payer_name}`}</span> : null}
          {reassignNote(d) ? <span className="donation-correction">{reassignNote(d)}</span> : null}
        </>
      ),
    },
    { header: 'Type', cell: (d) => givingTypeLabel(d.giving_type) },
    { header: 'Amount', className: 'donation-amount', cell: (d) => formatKes(d.amount) },
    {
      header: 'Method',
      cell: (d) => (
        <>
          {paymentMethodLabel(d.payment_method)}
          {paymentSourceText(d) ? <span className="cell-sub">{paymentSourceText(d)}</span> : null}
        </>
      ),
    },
    {
      header: 'Transaction',
      className: 'donation-transaction',
      cell: (d) => {
        const receipt = providerReceipt(d);
        if (!d.transaction_id && !receipt) return '—';
        return (
          <>
            {d.transaction_id ? <span className="donation-code">{d.transaction_id}</span> : null}
            {receipt ? <span className="cell-sub">{`Provider receipt ${receipt}`}</span> : null}
          </>
        );
      },
    },
    {
      header: 'Status',
      className: 'donation-status',
      cell: (d) => {
        const pending = toggle.isPending && toggle.variables.id === d.id;
        const shown = pending ? toggle.variables.verified : d.is_verified;
        const label = shown ? 'Verified' : 'Pending';
        return (
          <div className="donation-badges">
            {canManage && !isPaidGift(d) ? (
              <button
                type="button"
                className={`badge badge-${shown ? 'success' : 'warning'} badge-button`}
                aria-label={`${label}: mark the gift of ${giftName(d)} as ${shown ? 'pending' : 'verified'}`}
                title={shown ? 'Click to mark as pending' : 'Click to mark as verified'}
                disabled={pending}
                onClick={() => {
                  setVerified(d);
                }}
              >
                {label}
              </button>
            ) : (
              <Badge tone={shown ? 'success' : 'warning'}>{label}</Badge>
            )}
            {d.is_simulated ? <Badge tone="neutral">Demo</Badge> : null}
            {shownReceiptNo(d) ? <span className="cell-sub">{`Receipt ${shownReceiptNo(d) ?? ''}`}</span> : null}
          </div>
        );
      },
    },
  ];
  if (canManage) {
    columns.push({
      header: 'Actions',
      className: 'donation-actions',
      hideLabelOnPhone: true,
      cell: (d) => {
        const name = giftName(d);
        return (
          <div className="row-actions">
            <button
              type="button"
              className="btn btn-small btn-edit"
              aria-label={`Edit the gift of ${name}`}
              onClick={() => {
                page.startEdit(d);
              }}
            >
              Edit
            </button>
            {isProviderGift(d) ? (
              <button
                type="button"
                className="btn btn-small btn-secondary"
                aria-label={needsMemberLink(d) ? `Link the gift of ${name} to a member` : `Re-assign the gift of ${name}`}
                onClick={() => {
                  page.dismissNotice();
                  setReassigning(d);
                }}
              >
                {needsMemberLink(d) ? 'Link to member' : 'Re-assign'}
              </button>
            ) : (
              <button
                type="button"
                className="btn btn-small btn-remove"
                aria-label={`Delete the gift of ${name}`}
                onClick={() => {
                  page.startDelete(d);
                }}
              >
                Delete
              </button>
            )}
            {hasReceipt(d) ? (
              <Link className="btn btn-small btn-secondary" to={`/donations/${d.id}/receipt`} aria-label={`Receipt ${d.receipt_no ?? ''} for the gift of ${name}`}>
                Receipt
              </Link>
            ) : null}
          </div>
        );
      },
    });
  }

  const noneText = `No donations ${filters.type ? `of ${givingTypeLabel(filters.type)} ` : ''}recorded for ${rangeText(filters.from, filters.to)}.`;

  return (
    <>
      <ListPage
        page={page}
        title="Donations"
        description="Record, verify and correct the church’s tithes and offerings, and print receipts."
        addLabel="+ Record Donation"
        canAdd={canManage}
        actions={
          <button type="button" className="btn btn-secondary" onClick={runExport} disabled={exporting.isPending || donations.isPending}>
            {exporting.isPending ? 'Exporting...' : 'Export CSV'}
          </button>
        }
        query={donations}
        noun="donations"
        toolbar={
          <>
            <div className="toolbar donation-filters" role="group" aria-label="Filter donations">
              <SelectField
                label="Giving Type"
                options={typeOptions}
                value={list.filters.type}
                onChange={(event) => {
                  list.setFilters({ type: event.target.value as GivingType | '' });
                }}
              />
              <DateRangeFields from={draft.from} to={draft.to} onChange={setDates} />
              <button
                type="button"
                className="btn btn-secondary donation-reset"
                disabled={!list.filtered && !draftProblem}
                onClick={() => {
                  setDraft({ from: initial.from, to: initial.to });
                  list.setFilters(initial);
                }}
              >
                This month
              </button>
            </div>
            <DonationTotalsCards
              filters={filters}
              totals={totals.data}
              isPending={totals.isPending}
              isError={totals.isError}
              onRetry={() => void totals.refetch()}
            />
          </>
        }
        list={(addButton) => (
          <div className="donations-list">
            <PagedTable
              list={list}
              result={donations.data ?? { rows: [], total: 0 }}
              busy={donations.isPlaceholderData}
              noun="donations"
              caption={`Donations, newest first: ${filters.type ? givingTypeLabel(filters.type) : 'all types'}, ${rangeText(filters.from, filters.to)}`}
              columns={columns}
              sortKey={donationSortKey}
              noMatch={<p>{noneText}</p>}
              empty={
                <>
                  <p>{noneText}</p>
                  {addButton}
                </>
              }
            />
          </div>
        )}
        editor={(donation) => <DonationFormModal donation={donation} onClose={page.closeEditor} onSaved={page.saved} />}
        confirm={(donation) => ({
          title: 'Delete Donation',
          message: donationTexts.confirmDelete,
          confirmLabel: 'Delete',
          busyLabel: 'Deleting...',
          error: (error) => withRefusal(donationTexts.deleteError, error),
          done: `The gift of ${giftName(donation)} was deleted.`,
          log: 'Deleting the donation failed',
        })}
      />
      {reassigning ? (
        <ReassignGiftModal
          donation={reassigning}
          onClose={() => {
            setReassigning(null);
          }}
          onDone={(notice) => {
            setReassigning(null);
            page.showNotice(notice);
          }}
        />
      ) : null}
    </>
  );
}
