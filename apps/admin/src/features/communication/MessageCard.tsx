import { Badge } from '../../components/ui/Badge';
import type { Message } from './api/communication-api';
import { canComplete, formatDay, parseDetails, previewText, messageStatusBadge } from './communication-rules';

interface Props {
  message: Message;
  busy: boolean;
  /** It arrived while the screen was open (a quiet highlight and a "New" badge). */
  fresh?: boolean;
  onView: () => void;
  onRespond: () => void;
  onComplete: () => void;
}

/** One message card (§2.17): subject, status, date, sender, the extra badges, preview, attachments, actions. */
export function MessageCard({ message, busy, fresh = false, onView, onRespond, onComplete }: Props) {
  const details = parseDetails(message.message);
  const attachments = message.attachments ?? [];
  const titleId = `message-${message.id}`;
  return (
    <article className={fresh ? 'comm-card fresh-arrival' : 'comm-card'} aria-labelledby={titleId}>
      <header className="comm-card-header">
        <h3 id={titleId} className="comm-card-title">
          {message.subject}
        </h3>
        {fresh ? <Badge tone="info">New</Badge> : null}
        <Badge tone={messageStatusBadge(message).tone}>{messageStatusBadge(message).label}</Badge>
      </header>
      <p className="comm-card-meta">
        <span>{formatDay(message.created_at)}</span>
        <span>
          {message.sender_name}
          {message.sender_email ? ` · ${message.sender_email}` : ''}
        </span>
      </p>
      <div className="comm-card-badges">
        {details.visitType ? <Badge tone="info">{`Type: ${details.visitType}`}</Badge> : null}
        {details.visitDate ? <Badge tone="neutral">{`Preferred: ${details.visitDate}`}</Badge> : null}
        {details.eventTitle ? <Badge tone="info">{details.eventTitle}</Badge> : null}
        {details.eventDate ? <Badge tone="neutral">{`Date: ${details.eventDate}`}</Badge> : null}
        {details.eventBudget ? <Badge tone="success">{`Budget: ${details.eventBudget}`}</Badge> : null}
        {details.location ? <Badge tone="neutral">{`Location: ${details.location}`}</Badge> : null}
        {details.priority ? (
          <Badge tone={/urgent|high/i.test(details.priority) ? 'danger' : 'warning'}>{`Priority: ${details.priority}`}</Badge>
        ) : null}
      </div>
      <p className="comm-card-preview">{previewText(message.message)}</p>
      {attachments.length > 0 ? (
        <p className="comm-card-attachments">
          <span aria-hidden="true">📎 </span>
          <span>{attachments.length === 1 ? '1 attachment' : `${String(attachments.length)} attachments`}</span>
        </p>
      ) : null}
      <div className="comm-card-actions">
        <button type="button" className="btn btn-secondary btn-small" onClick={onView} aria-label={`View Details: ${message.subject}`}>
          View Details
        </button>
        <button type="button" className="btn btn-secondary btn-small" onClick={onRespond} aria-label={`Respond: ${message.subject}`}>
          Respond
        </button>
        {canComplete(message.status) ? (
          <button
            type="button"
            className="btn btn-primary btn-small"
            onClick={onComplete}
            disabled={busy}
            aria-label={`Mark Complete: ${message.subject}`}
          >
            {busy ? 'Saving...' : 'Mark Complete'}
          </button>
        ) : null}
      </div>
    </article>
  );
}
