import { useState } from 'react';
import { Badge } from '../../components/ui/Badge';
import { Modal } from '../../components/ui/Modal';
import { useAttachmentLinks, type Message } from './api/communication-api';
import { canComplete, formatDateTime, sizeInMb, messageStatusBadge } from './communication-rules';

interface Props {
  message: Message;
  completing: boolean;
  onComplete: () => void;
  onRespond: () => void;
  onClose: () => void;
}

/** The detail modal (§2.17): sender, date, status, the full text and the attachments through signed links. */
export function MessageDetailsModal({ message, completing, onComplete, onRespond, onClose }: Props) {
  const attachments = message.attachments ?? [];
  const [copied, setCopied] = useState<string | null>(null);
  const links = useAttachmentLinks(message);

  const copyEmail = async () => {
    if (!message.sender_email) return;
    try {
      await navigator.clipboard.writeText(message.sender_email);
      setCopied(`Email copied: ${message.sender_email}`);
    } catch {
      setCopied(`Copy this address: ${message.sender_email}`);
    }
  };

  return (
    <Modal title={message.subject} onClose={onClose} busy={completing}>
      <div className="modal-body comm-details">
        <dl className="comm-details-list">
          <div>
            <dt>From</dt>
            <dd>{message.sender_name}</dd>
          </div>
          {message.sender_email ? (
            <div>
              <dt>Email</dt>
              <dd>
                <a href={`mailto:${message.sender_email}`}>{message.sender_email}</a>
              </dd>
            </div>
          ) : null}
          {message.sender_phone ? (
            <div>
              <dt>Phone</dt>
              <dd>
                <a href={`tel:${message.sender_phone}`}>{message.sender_phone}</a>
              </dd>
            </div>
          ) : null}
          <div>
            <dt>Date</dt>
            <dd>{formatDateTime(message.created_at)}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>
              <Badge tone={messageStatusBadge(message).tone}>{messageStatusBadge(message).label}</Badge>
            </dd>
          </div>
        </dl>
        <p className="comm-details-text">{message.message}</p>
        {attachments.length > 0 ? (
          <section aria-label="Attachments">
            <h3 className="comm-details-subtitle">Attachments</h3>
            <ul className="comm-attachments">
              {attachments.map((file, index) => {
                const name = file.originalName ?? file.name ?? `Attachment ${String(index + 1)}`;
                const link = links.data?.[index];
                return (
                  <li key={file.path ?? index}>
                    <span aria-hidden="true">{file.type?.startsWith('image/') ? '🖼️' : '📄'} </span>
                    <span>{name}</span>
                    {typeof file.size === 'number' ? <span className="comm-attachment-size"> ({sizeInMb(file.size)})</span> : null}{' '}
                    {link ? (
                      <a href={link} target="_blank" rel="noopener noreferrer" aria-label={`Download ${name}`}>
                        Download
                      </a>
                    ) : links.isPending ? (
                      <span className="comm-note">Preparing link...</span>
                    ) : (
                      <span className="comm-note">Link unavailable</span>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        ) : null}
        {copied ? (
          <p className="comm-note" role="status">
            {copied}
          </p>
        ) : null}
      </div>
      <div className="modal-footer">
        {message.sender_email ? (
          <button type="button" className="btn btn-secondary" onClick={() => void copyEmail()}>
            Copy Email to Respond
          </button>
        ) : null}
        <button type="button" className="btn btn-secondary" onClick={onRespond}>
          Respond
        </button>
        {canComplete(message.status) ? (
          <button type="button" className="btn btn-primary" onClick={onComplete} disabled={completing}>
            {completing ? 'Saving...' : 'Mark as Complete'}
          </button>
        ) : null}
        <button type="button" className="btn btn-secondary" onClick={onClose} disabled={completing}>
          Close
        </button>
      </div>
    </Modal>
  );
}
