import { Link } from 'react-router-dom';
import { Badge } from '../../components/ui/Badge';
import { DataTable, type Column } from '../../components/ui/DataTable';
import { errorDetail } from '../../components/ui/error-detail';
import { LoadError } from '../../components/ui/LoadError';
import { Pager } from '../../components/ui/Pager';
import { countText } from '../../components/ui/paged-list';
import { Spinner } from '../../components/ui/Spinner';
import { useBroadcasts } from './api/broadcast-api';
import {
  EMPTY_TEXTS,
  HISTORY_PAGE,
  broadcastStatusLabel,
  broadcastStatusTone,
  broadcastTitle,
  channelsLabel,
  kindLabel,
  performanceText,
  type Broadcast,
} from './broadcast-rules';
import { formatDateTime } from './communication-rules';
import { useAddressParams } from '../../lib/use-address-params';

/** Delivered, sent and failed messages of a send, over both channels. */
export function OutcomeCounts({ broadcast }: { broadcast: Broadcast }) {
  const { sms, email } = broadcast;
  const simulated = sms.simulated + email.simulated;
  const queued = sms.queued + email.queued;
  return (
    <span className="comm-outcomes">
      <span>{`${String(sms.delivered)} delivered`}</span>
      <span>{`${String(sms.sent + email.sent)} sent`}</span>
      <span>{`${String(sms.failed + email.failed)} failed`}</span>
      {simulated > 0 ? <span>{`${String(simulated)} simulated`}</span> : null}
      {queued > 0 ? <span>{`${String(queued)} queued`}</span> : null}
    </span>
  );
}

const columns: readonly Column<Broadcast>[] = [
  {
    header: 'Sent',
    cell: (b) => (
      <Link to={`/communication/history/${b.id}`} aria-label={`Details: ${broadcastTitle(b)}, ${formatDateTime(b.created_at)}`}>
        {formatDateTime(b.created_at)}
      </Link>
    ),
  },
  { header: 'Type', cell: (b) => channelsLabel(b.channels) },
  { header: 'Kind', cell: (b) => kindLabel(b.kind) },
  { header: 'Subject', cell: (b) => <span className="comm-cell-text">{broadcastTitle(b)}</span> },
  { header: 'Audience', cell: (b) => b.audience_label || '—' },
  { header: 'Recipients', cell: (b) => String(b.recipients) },
  { header: 'Outcome', cell: (b) => <OutcomeCounts broadcast={b} /> },
  { header: 'Status', cell: (b) => <Badge tone={broadcastStatusTone(b.status)}>{broadcastStatusLabel(b.status)}</Badge> },
  { header: 'Performance', cell: (b) => performanceText(b.performance) },
];

/** The page (from 0) in the address (?page=2 is the second), so Back from a send's details returns to it. */
function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useAddressParams();
  const read = Number(params.get('page') ?? '1');
  const page = Number.isInteger(read) && read > 1 ? read - 1 : 0;
  return [page, (next) => { setParams(next > 0 ? { page: String(next + 1) } : {}); }];
}

/** History (/communication/history): every send, newest first, 20 a page, each opening its details. */
export function HistoryView() {
  const [page, setPage] = usePageParam();
  const list = useBroadcasts(page);
  const total = list.data?.total ?? 0;
  return (
    <section className="comm-history" aria-labelledby="comm-history-title">
      <h2 id="comm-history-title" className="comm-section-title">
        Message History
      </h2>
      {list.isError ? (
        <LoadError text="Could not load the sent messages." detail={errorDetail(list.error)} onRetry={() => list.refetch()} />
      ) : !list.data ? (
        <Spinner />
      ) : (
        <>
          <p className="result-count" aria-live="polite">
            {total > 0 ? countText({ page, size: HISTORY_PAGE, shown: list.data.items.length, total, noun: 'sent messages', filtered: false }) : ''}
          </p>
          <div aria-busy={list.isFetching || undefined} className={list.isPlaceholderData ? 'list-busy' : undefined}>
            <DataTable
              caption="Sent messages"
              columns={columns}
              rows={list.data.items}
              rowKey={(b) => b.id}
              empty={<p className="comm-empty">{EMPTY_TEXTS.sends}</p>}
            />
          </div>
          <Pager page={page} size={HISTORY_PAGE} total={total} onPage={setPage} label="Message history pages" busy={list.isFetching} />
        </>
      )}
    </section>
  );
}
