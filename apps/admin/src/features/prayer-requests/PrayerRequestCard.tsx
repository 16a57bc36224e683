import { Badge } from '../../components/ui/Badge';
import {
  cardActions,
  cardText,
  formatReceivedDay,
  privacyLabels,
  privacyTones,
  statusLabels,
  statusTones,
  submitterName,
  urgencyLabels,
  urgencyTones,
  type PrayerRequest,
  type PrayerStatus,
} from './prayer-rules';

interface Props {
  request: PrayerRequest;
  /** A change to this request is under way. */
  busy: boolean;
  /** It arrived while the screen was open (a quiet highlight and a "New" badge). */
  fresh?: boolean;
  /** False when the session has no user id (Assign to Me cannot name anyone). */
  canAssign: boolean;
  onView: () => void;
  onAssign: () => void;
  onStatus: (status: PrayerStatus) => void;
}

/** One request in the grid (§2.10): title, badges, who and when, the first 150 characters, actions. */
export function PrayerRequestCard({ request, busy, fresh = false, canAssign, onView, onAssign, onStatus }: Props) {
  const actions = cardActions(request.status);
  const named = (label: string) => `${label}: ${request.title}`;
  return (
    <article className={fresh ? 'prayer-card fresh-arrival' : 'prayer-card'} aria-labelledby={`prayer-${request.id}`}>
      <header className="prayer-card-header">
        <h2 id={`prayer-${request.id}`} className="prayer-card-title">
          {request.title}
        </h2>
        <div className="prayer-badges">
          {fresh ? <Badge tone="info">New</Badge> : null}
          <Badge tone={urgencyTones[request.urgency]}>{urgencyLabels[request.urgency]}</Badge>
          <Badge tone={statusTones[request.status]}>{statusLabels[request.status]}</Badge>
          <Badge tone={privacyTones[request.privacy_level]}>{privacyLabels[request.privacy_level]}</Badge>
          {request.source === 'ussd' ? <Badge tone="info">USSD</Badge> : null}
        </div>
      </header>
      <p className="prayer-meta">
        <span>{submitterName(request)}</span>
        <span aria-hidden="true"> · </span>
        <time dateTime={request.created_at}>{formatReceivedDay(request.created_at)}</time>
        {request.assigned_user?.full_name ? <span className="prayer-assignee">{`Assigned to ${request.assigned_user.full_name}`}</span> : null}
      </p>
      <p className="prayer-text">{cardText(request.description)}</p>
      <div className="prayer-actions">
        <button type="button" className="btn btn-small btn-secondary" aria-label={named('View Details')} onClick={onView}>
          View Details
        </button>
        {actions.assign ? (
          <button
            type="button"
            className="btn btn-small btn-primary"
            aria-label={named('Assign to Me')}
            disabled={busy || !canAssign}
            onClick={onAssign}
          >
            Assign to Me
          </button>
        ) : null}
        {actions.answer ? (
          <button
            type="button"
            className="btn btn-small btn-edit"
            aria-label={named('Mark Answered')}
            disabled={busy}
            onClick={() => {
              onStatus('answered');
            }}
          >
            Mark Answered
          </button>
        ) : null}
        {actions.close ? (
          <button
            type="button"
            className="btn btn-small btn-remove"
            aria-label={named('Close')}
            disabled={busy}
            onClick={() => {
              onStatus('closed');
            }}
          >
            Close
          </button>
        ) : null}
      </div>
    </article>
  );
}
