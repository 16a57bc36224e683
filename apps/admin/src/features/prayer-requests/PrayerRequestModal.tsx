import { useEffect, useRef } from 'react';
import { Alert } from '../../components/ui/Alert';
import { Badge } from '../../components/ui/Badge';
import { Modal } from '../../components/ui/Modal';
import {
  formatReceived,
  modalActionDisabled,
  modalActions,
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
  busy: boolean;
  /** The last change's failure (§8 text), shown inside the dialog. */
  problem: string | null;
  /** The last change's success, shown inside the dialog. */
  notice: string | null;
  onStatus: (status: PrayerStatus) => void;
  onClose: () => void;
}

/** The full request (§2.10): its text, requester and assignee, and the three status buttons. */
export function PrayerRequestModal({ request, busy, problem, notice, onStatus, onClose }: Props) {
  const email = request.submitter_email;
  // The buttons are disabled while a change runs (and the one of the new status stays so), which
  // drops the keyboard focus: it goes to the outcome instead, inside the dialog, where Escape and
  // Tab keep working and a screen reader reads the result.
  const feedback = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice ?? problem) feedback.current?.focus();
  }, [notice, problem]);
  return (
    <Modal title={request.title} onClose={onClose}>
      <div className="modal-body prayer-details">
        <div ref={feedback} tabIndex={-1} className="prayer-feedback">
          {notice ? <Alert tone="success">{notice}</Alert> : null}
          {problem ? <Alert>{problem}</Alert> : null}
        </div>
        <div className="prayer-badges">
          <Badge tone={urgencyTones[request.urgency]}>{`Urgency: ${urgencyLabels[request.urgency]}`}</Badge>
          <Badge tone={statusTones[request.status]}>{`Status: ${statusLabels[request.status]}`}</Badge>
          <Badge tone={privacyTones[request.privacy_level]}>{privacyLabels[request.privacy_level]}</Badge>
        </div>
        <p className="prayer-full-text">{request.description}</p>
        <dl className="prayer-facts">
          <div>
            <dt>Requested by</dt>
            <dd>{submitterName(request)}</dd>
          </div>
          {request.requester?.full_name && request.requester.full_name !== submitterName(request) ? (
            <div>
              <dt>Requester account</dt>
              <dd>{request.requester.full_name}</dd>
            </div>
          ) : null}
          {email ? (
            <div>
              <dt>Email</dt>
              <dd>
                <a href={`mailto:${email}`}>{email}</a>
              </dd>
            </div>
          ) : null}
          {request.submitter_phone ? (
            <div>
              <dt>Phone</dt>
              <dd>
                <a href={`tel:${request.submitter_phone}`}>{request.submitter_phone}</a>
              </dd>
            </div>
          ) : null}
          <div>
            <dt>Assigned to</dt>
            <dd>{request.assigned_user?.full_name ?? (request.assigned_to ? 'A staff member' : 'Nobody yet')}</dd>
          </div>
          <div>
            <dt>Received</dt>
            <dd>
              <time dateTime={request.created_at}>{formatReceived(request.created_at)}</time>
            </dd>
          </div>
          <div>
            <dt>Last updated</dt>
            <dd>
              <time dateTime={request.updated_at}>{formatReceived(request.updated_at)}</time>
            </dd>
          </div>
        </dl>
      </div>
      <div className="modal-footer">
        {modalActions.map(({ status, label }) => (
          <button
            key={status}
            type="button"
            className={status === 'closed' ? 'btn btn-remove' : 'btn btn-secondary'}
            disabled={busy || modalActionDisabled(request.status, status)}
            onClick={() => {
              onStatus(status);
            }}
          >
            {label}
          </button>
        ))}
      </div>
    </Modal>
  );
}
