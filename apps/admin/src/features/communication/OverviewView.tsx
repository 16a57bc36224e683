import { Link } from 'react-router-dom';
import { Badge } from '../../components/ui/Badge';
import { errorDetail } from '../../components/ui/error-detail';
import { LoadError } from '../../components/ui/LoadError';
import { Spinner } from '../../components/ui/Spinner';
import { DataTable, type Column } from '../../components/ui/DataTable';
import { useBroadcasts } from './api/broadcast-api';
import { useCategoryCounts, useMessageStats, useRecentMessages, type Message } from './api/communication-api';
import {
  EMPTY_TEXTS,
  RECENT_SENDS,
  broadcastStatusLabel,
  broadcastStatusTone,
  broadcastTitle,
  channelsLabel,
  performanceText,
  type Broadcast,
} from './broadcast-rules';
import {
  CATEGORIES,
  categoryById,
  classifyMessage,
  formatDateTime,
  formatResponseTime,
  messageStatusBadge,
} from './communication-rules';

/** Recent Messages (§2.17): the five newest sends, Performance from their real delivery data. */
const recentColumns: readonly Column<Broadcast>[] = [
  { header: 'Type', cell: (b) => channelsLabel(b.channels) },
  {
    header: 'Subject',
    cell: (b) => (
      <Link to={`/communication/history/${b.id}`} className="comm-cell-text">
        {broadcastTitle(b)}
      </Link>
    ),
  },
  { header: 'Recipients', cell: (b) => String(b.recipients) },
  { header: 'Status', cell: (b) => <Badge tone={broadcastStatusTone(b.status)}>{broadcastStatusLabel(b.status)}</Badge> },
  { header: 'Sent', cell: (b) => formatDateTime(b.created_at) },
  { header: 'Performance', cell: (b) => performanceText(b.performance) },
];

/**
 * Recent Requests: the newest requests from the website. A table on wide screens and, under
 * 768 px, a card per request, so Status and Sent are never cut off at the screen's edge (issue 32).
 */
const requestColumns: readonly Column<Message>[] = [
  { header: 'Type', cell: (message) => categoryById(classifyMessage(message)).label },
  { header: 'Subject', cell: (message) => message.subject },
  { header: 'Recipients', cell: (message) => message.recipient_name ?? '—' },
  {
    header: 'Status',
    cell: (message) => <Badge tone={messageStatusBadge(message).tone}>{messageStatusBadge(message).label}</Badge>,
  },
  { header: 'Sent', cell: (message) => formatDateTime(message.created_at) },
];

/**
 * Overview (§2.17): a count card per category (its open requests: completed ones leave it), quick actions, the summary figures, Recent
 * Messages (the 5 newest sends to members) and the newest requests from the website.
 */
export function OverviewView() {
  const counts = useCategoryCounts();
  const stats = useMessageStats();
  const sends = useBroadcasts(0, RECENT_SENDS);
  const recent = useRecentMessages();

  return (
    <div className="comm-overview">
      <section aria-labelledby="comm-categories">
        <h2 id="comm-categories" className="comm-section-title">
          Requests by category
        </h2>
        {counts.isError ? (
          <LoadError text="Could not load the message counts." detail={errorDetail(counts.error)} onRetry={() => counts.refetch()} />
        ) : (
          <ul className="comm-count-grid">
            {CATEGORIES.map((category) => (
              <li key={category.id}>
                <Link className="comm-count-card" to={`/communication/${category.slug}`} data-category={category.id}>
                  <span className="comm-count-label">{category.label}</span>
                  <span className="comm-count-value">{counts.data ? counts.data[category.id] : '…'}</span>
                  <span className="comm-count-note">open</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="comm-quick">
        <h2 id="comm-quick" className="comm-section-title">
          Quick actions
        </h2>
        <div className="comm-quick-actions">
          <Link className="btn btn-primary" to="/communication/send?channel=sms">
            Send SMS
          </Link>
          <Link className="btn btn-primary" to="/communication/send?channel=email">
            Send Email
          </Link>
          <Link className="btn btn-secondary" to="/communication/templates">
            Use Template
          </Link>
        </div>
      </section>

      <section aria-labelledby="comm-stats">
        <h2 id="comm-stats" className="comm-section-title">
          Message statistics
        </h2>
        {stats.isError ? (
          <LoadError text="Could not load the message statistics." detail={errorDetail(stats.error)} onRetry={() => stats.refetch()} />
        ) : !stats.data ? (
          <Spinner />
        ) : (
          <dl className="comm-stats">
            <Figure id="total" label="Total messages" value={stats.data.total_messages} />
            <Figure id="pending" label="Pending" value={stats.data.pending_messages} />
            <Figure id="sent" label="Sent" value={stats.data.sent_messages} />
            <Figure id="failed" label="Failed" value={stats.data.failed_messages} />
            <Figure id="month" label="This month" value={stats.data.messages_this_month} />
            <Figure id="week" label="This week" value={stats.data.messages_this_week} />
            <Figure id="today" label="Today" value={stats.data.messages_today} />
            <Figure id="response" label="Average response time" value={formatResponseTime(stats.data.avg_response_time_minutes)} />
          </dl>
        )}
      </section>

      <section aria-labelledby="comm-recent-sends">
        <div className="comm-section-head">
          <h2 id="comm-recent-sends" className="comm-section-title">
            Recent Messages
          </h2>
          <Link to="/communication/history">View All</Link>
        </div>
        {sends.isError ? (
          <LoadError text="Could not load the recent messages." detail={errorDetail(sends.error)} onRetry={() => sends.refetch()} />
        ) : !sends.data ? (
          <Spinner />
        ) : (
          <DataTable
            caption="Recent messages"
            columns={recentColumns}
            rows={sends.data.items}
            rowKey={(b) => b.id}
            empty={<p className="comm-empty">{EMPTY_TEXTS.sends}</p>}
          />
        )}
      </section>

      <section aria-labelledby="comm-recent">
        <h2 id="comm-recent" className="comm-section-title">
          Recent Requests
        </h2>
        {recent.isError ? (
          <LoadError text="Could not load the recent requests." detail={errorDetail(recent.error)} onRetry={() => recent.refetch()} />
        ) : !recent.data ? (
          <Spinner />
        ) : (
          <DataTable
            caption="Recent requests"
            columns={requestColumns}
            rows={recent.data}
            rowKey={(message) => message.id}
            empty={<p className="comm-empty">No messages yet</p>}
          />
        )}
      </section>
    </div>
  );
}

function Figure({ id, label, value }: { id: string; label: string; value: number | string }) {
  return (
    <div className="comm-figure" data-figure={id}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
