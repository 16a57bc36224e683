import { Link, useParams } from 'react-router-dom';
import { Alert } from '../../components/ui/Alert';
import { errorDetail } from '../../components/ui/error-detail';
import { LoadError } from '../../components/ui/LoadError';
import { Spinner } from '../../components/ui/Spinner';
import { churchToday } from '../../lib/church-time';
import { formatKesCents, givingTypeLabel, paymentMethodLabel } from '../../lib/giving';
import { systemName, useChurchIdentity, type ChurchIdentity } from '../../lib/settings';
import { useDonation } from './api/get-donation';
import { donorName, formatDay, paymentSourceText, type Donation } from './donation-rules';
import { amountInWords, receiptState, receiptTexts } from './receipt-rules';
import '../../components/ui/print.css';
import './receipt.css';

/**
 * /admin/donations/{id}/receipt: a verified gift's official receipt, ready to print on A5 (or
 * A4) — the church's identity from the public System Settings, the receipt number the server
 * gave when the gift was verified, who gave (or Anonymous), the amount in figures and words, the
 * giving type, method and transaction. In print only the receipt shows: the back office's menu
 * and header, and this page's own buttons, are hidden. A gift not verified gets no receipt.
 */
export default function ReceiptPage() {
  const { id = '' } = useParams();
  const gift = useDonation(id);
  const identity = useChurchIdentity();
  const church = identity.data;

  let body;
  if (gift.isPending) body = <Spinner label="Loading the receipt..." />;
  else if (gift.isError) body = <LoadError text={receiptTexts.loadError} detail={errorDetail(gift.error)} onRetry={gift.refetch} />;
  else if (!gift.data) body = <Alert tone="info">{receiptTexts.notFound}</Alert>;
  else {
    const state = receiptState(gift.data);
    body =
      state === 'receipt' ? (
        <Receipt donation={gift.data} church={church} churchLoading={identity.isPending} />
      ) : (
        <Alert tone="info">{state === 'demo' ? receiptTexts.demo : receiptTexts.unverified}</Alert>
      );
  }
  const printable = gift.data ? receiptState(gift.data) === 'receipt' : false;

  return (
    <div className="receipt-page print-area">
      <title>{gift.data?.receipt_no ? `Receipt ${gift.data.receipt_no} | Back Office` : 'Receipt | Back Office'}</title>
      <div className="receipt-toolbar no-print">
        <Link to="/donations" className="btn btn-secondary">
          <span aria-hidden="true">←</span> Back to Donations
        </Link>
        {printable ? (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              window.print();
            }}
          >
            Print
          </button>
        ) : null}
      </div>
      {printable ? null : <h1 className="receipt-page-title">Receipt</h1>}
      {body}
    </div>
  );
}

function Receipt({ donation, church, churchLoading }: { donation: Donation; church: ChurchIdentity | undefined; churchLoading: boolean }) {
  const payment = donation.payment_logs;
  const member = donation.members;
  const lines: { label: string; value: string; className?: string }[] = [
    { label: 'Giving Type', value: givingTypeLabel(donation.giving_type) },
    {
      label: 'Payment Method',
      value: payment ? `${paymentMethodLabel(donation.payment_method)} (${paymentSourceText(donation) ?? ''})` : paymentMethodLabel(donation.payment_method),
    },
  ];
  if (donation.transaction_id) lines.push({ label: 'Transaction ID', value: donation.transaction_id, className: 'receipt-code' });
  if (payment?.receipt_number && payment.receipt_number !== donation.transaction_id) {
    lines.push({ label: 'Provider Receipt', value: payment.receipt_number, className: 'receipt-code' });
  }
  const contact = [church?.phone, church?.email, church?.website].filter(Boolean).join(' · ');

  return (
    <article className="receipt" aria-labelledby="receipt-title">
      <header className="receipt-head">
        <p className="receipt-church">{church?.name ?? (churchLoading ? '' : systemName)}</p>
        {church?.branch ? <p className="receipt-branch">{church.branch}</p> : null}
        {church?.address ? <p>{church.address}</p> : null}
        {church?.postalAddress ? <p>{church.postalAddress}</p> : null}
        {contact ? <p>{contact}</p> : null}
      </header>

      <h1 id="receipt-title" className="receipt-title">
        {receiptTexts.title}
      </h1>

      <dl className="receipt-meta">
        <div>
          <dt>Receipt No.</dt>
          <dd className="receipt-number">{donation.receipt_no}</dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>{formatDay(donation.giving_date)}</dd>
        </div>
      </dl>

      <dl className="receipt-lines">
        <div>
          <dt>Received from</dt>
          <dd>
            {member ? donorName(donation) : 'Anonymous'}
            {member?.membership_number ? <span className="receipt-sub">{`Membership No. ${member.membership_number}`}</span> : null}
          </dd>
        </div>
        <div className="receipt-amount-line">
          <dt>Amount</dt>
          <dd>
            <span className="receipt-amount">{formatKesCents(donation.amount)}</span>
            <span className="receipt-sub receipt-words">{amountInWords(donation.amount)}</span>
          </dd>
        </div>
        {lines.map((line) => (
          <div key={line.label}>
            <dt>{line.label}</dt>
            <dd className={line.className}>{line.value}</dd>
          </div>
        ))}
      </dl>

      <p className="receipt-thanks">{receiptTexts.thanks}</p>

      <footer className="receipt-foot">
        <div className="receipt-sign">
          <span className="receipt-sign-line" aria-hidden="true" />
          <span>Received by (treasurer)</span>
        </div>
        <p className="receipt-printed">{`Printed on ${formatDay(churchToday())}`}</p>
      </footer>
    </article>
  );
}
