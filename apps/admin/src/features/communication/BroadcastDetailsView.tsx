import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Alert } from '../../components/ui/Alert';
import { Badge } from '../../components/ui/Badge';
import { CheckboxField } from '../../components/ui/CheckboxField';
import { DataTable, type Column } from '../../components/ui/DataTable';
import { errorDetail } from '../../components/ui/error-detail';
import { LoadError } from '../../components/ui/LoadError';
import { Pager } from '../../components/ui/Pager';
import { Spinner } from '../../components/ui/Spinner';
import { useBroadcast } from './api/broadcast-api';
import {
  EMPTY_TEXTS,
  RECIPIENTS_PAGE,
  broadcastStatusLabel,
  broadcastStatusTone,
  broadcastTitle,
  channelsLabel,
  formatKes,
  isNotFound,
  kindLabel,
  performanceText,
  progressOf,
  queuedCount,
  recipientStatusLabel,
  recipientStatusTone,
  type Broadcast,
  type BroadcastRecipient,
} from './broadcast-rules';
import { formatDateTime } from './communication-rules';

interface Row extends BroadcastRecipient {
  id: string;
}

const columns: readonly Column<Row>[] = [
  { header: 'Name', cell: (r) => r.name || '—' },
  { header: 'Channel', cell: (r) => (r.channel === 'sms' ? 'SMS' : 'Email') },
  { header: 'Address', cell: (r) => <span className="comm-cell-text">{r.address || '—'}</span> },
  { header: 'Status', cell: (r) => <Badge tone={recipientStatusTone(r.status)}>{recipientStatusLabel(r.status)}</Badge> },
  { header: 'Code', cell: (r) => (r.status_code === null ? '—' : String(r.status_code)) },
  { header: 'Provider status', cell: (r) => r.provider_status ?? '—' },
  { header: 'Failure reason', cell: (r) => <span className="comm-cell-text">{r.failure_reason ?? '—'}</span> },
  { header: 'Cost', cell: (r) => (r.cost === null ? '—' : formatKes(r.cost)) },
  { header: 'Sent at', cell: (r) => (r.sent_at ? formatDateTime(r.sent_at) : '—') },
];

/** A send's details (/communication/history/:id): its facts, totals, progress and every recipient's outcome. */
export function BroadcastDetailsView() {
  const { id = '' } = useParams();
  // Another send starts afresh: its first page, nothing of the previous one shown meanwhile.
  return <BroadcastDetails key={id} id={id} />;
}

function BroadcastDetails({ id }: { id: string }) {
  const [page, setPage] = useState(0);
  const [failedOnly, setFailedOnly] = useState(false);
  const detail = useBroadcast(id, page);

  const back = (
    <p className="comm-back">
      <Link to="/communication/history">← Back to History</Link>
    </p>
  );

  if (detail.isError && !detail.data) {
    return (
      <section className="comm-broadcast" aria-label="Sent message">
        {back}
        {isNotFound(detail.error) ? (
          <p className="comm-empty">{EMPTY_TEXTS.notFound}</p>
        ) : (
          <LoadError text="Could not load the message." detail={errorDetail(detail.error)} onRetry={() => detail.refetch()} />
        )}
      </section>
    );
  }
  if (!detail.data) {
    return (
      <section className="comm-broadcast" aria-label="Sent message">
        {back}
        <Spinner />
      </section>
    );
  }

  const { broadcast, recipients_total: total } = detail.data;
  const rows: Row[] = detail.data.recipients
    .filter((r) => !failedOnly || r.status === 'failed')
    .map((r, i) => ({ ...r, id: `${String(page)}-${String(i)}-${r.channel}-${r.address}` }));
  const failedHere = detail.data.recipients.filter((r) => r.status === 'failed').length;

  return (
    <section className="comm-broadcast" aria-labelledby="comm-broadcast-title">
      {back}
      <div className="comm-broadcast-head">
        <h2 id="comm-broadcast-title" className="comm-section-title">
          {broadcastTitle(broadcast)}
        </h2>
        <Badge tone={broadcastStatusTone(broadcast.status)}>{broadcastStatusLabel(broadcast.status)}</Badge>
      </div>
      {detail.isError ? <LoadError text="Could not refresh the message." detail={errorDetail(detail.error)} onRetry={() => detail.refetch()} /> : null}
      <dl className="comm-details-list">
        <Fact label="Sent by">{broadcast.sent_by_name ?? '—'}</Fact>
        <Fact label="Sent">{formatDateTime(broadcast.created_at)}</Fact>
        <Fact label="Kind">{kindLabel(broadcast.kind)}</Fact>
        <Fact label="Audience">{broadcast.audience_label || '—'}</Fact>
        <Fact label="Channels">{channelsLabel(broadcast.channels)}</Fact>
        <Fact label="Recipients">{String(broadcast.recipients)}</Fact>
        <Fact label="Performance">{performanceText(broadcast.performance)}</Fact>
        {broadcast.subject ? <Fact label="Subject">{broadcast.subject}</Fact> : null}
      </dl>
      <h3 className="comm-details-subtitle">Message</h3>
      <p className="comm-details-text comm-broadcast-body">{broadcast.body}</p>

      <Progress broadcast={broadcast} />
      <Totals broadcast={broadcast} />

      <h3 className="comm-details-subtitle" id="comm-recipients-title">
        Recipients
      </h3>
      <p className="comm-note">Failed messages are listed first.</p>
      <CheckboxField
        label="Failed only"
        hint={failedOnly ? `The failed messages on this page (${String(failedHere)}).` : undefined}
        checked={failedOnly}
        onChange={(event) => { setFailedOnly(event.target.checked); }}
      />
      <div aria-busy={detail.isFetching || undefined} className={detail.isPlaceholderData ? 'list-busy' : undefined}>
        <DataTable
          caption="Recipients and their outcomes"
          columns={columns}
          rows={rows}
          rowKey={(r) => r.id}
          empty={<p className="comm-empty">{failedOnly ? 'No failed messages on this page' : 'No recipients'}</p>}
        />
      </div>
      <Pager page={page} size={RECIPIENTS_PAGE} total={total} onPage={setPage} label="Recipient pages" busy={detail.isFetching} />
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** While messages are queued: how many of them have been handed over (the page asks again every 2 s). */
function Progress({ broadcast }: { broadcast: Broadcast }) {
  const { done, total } = progressOf(broadcast);
  if (total === 0) return null;
  const queued = queuedCount(broadcast);
  return (
    <div className="comm-progress">
      <label htmlFor="comm-progress-bar">{queued > 0 ? 'Sending' : 'Sent'}</label>
      <progress id="comm-progress-bar" max={total} value={done} aria-valuetext={`${String(done)} of ${String(total)} messages processed`} />
      <p className="comm-note" aria-live="polite">
        {queued > 0 ? `${String(done)} of ${String(total)} messages processed, ${String(queued)} queued…` : `All ${String(total)} messages processed.`}
      </p>
    </div>
  );
}

/** The outcomes per channel. */
function Totals({ broadcast }: { broadcast: Broadcast }) {
  const { sms, email } = broadcast;
  const show = { sms: sms.total > 0 || broadcast.channels.includes('sms'), email: email.total > 0 || broadcast.channels.includes('email') };
  if (!show.sms && !show.email) return null;
  return (
    <div className="comm-table-wrap">
      <table className="comm-table comm-totals">
        <caption className="comm-details-subtitle comm-caption">Totals per channel</caption>
        <thead>
          <tr>
            <th scope="col">Channel</th>
            <th scope="col">Messages</th>
            <th scope="col">Queued</th>
            <th scope="col">Sent</th>
            <th scope="col">Delivered</th>
            <th scope="col">Failed</th>
            <th scope="col">Simulated</th>
          </tr>
        </thead>
        <tbody>
          {show.sms ? (
            <tr>
              <th scope="row">SMS</th>
              <td>{sms.total}</td>
              <td>{sms.queued}</td>
              <td>{sms.sent}</td>
              <td>{sms.delivered}</td>
              <td>{sms.failed}</td>
              <td>{sms.simulated}</td>
            </tr>
          ) : null}
          {show.email ? (
            <tr>
              <th scope="row">Email</th>
              <td>{email.total}</td>
              <td>{email.queued}</td>
              <td>{email.sent}</td>
              <td>—</td>
              <td>{email.failed}</td>
              <td>{email.simulated}</td>
            </tr>
          ) : null}
        </tbody>
      </table>
      {broadcast.status === 'failed' || broadcast.status === 'partly_failed' ? (
        <Alert tone="info">Some messages failed: their reasons are in the recipients list below.</Alert>
      ) : null}
    </div>
  );
}
