import { Modal } from '../../components/ui/Modal';
import { ActivityIcon } from './ActivityIcon';
import {
  actionLabel,
  actorName,
  categoryLabel,
  categoryOf,
  detailItems,
  detailsJson,
  formatMoment,
  summaryOf,
  type LogEntry,
} from './activity-rules';

const notRecorded = <span className="activity-muted">Not recorded</span>;

/**
 * §2.15 "a details modal": what was done, its category and time, who did it (name and e-mail,
 * or the system), the client address and browser the server stamped, and the details object
 * as a list of fields with the stored JSON beside it.
 */
export function ActivityDetailsModal({ entry, onClose }: { entry: LogEntry; onClose: () => void }) {
  const items = detailItems(entry.details);
  const json = detailsJson(entry.details);
  const system = entry.admin_id === null;
  return (
    <Modal title="Activity Details" onClose={onClose} initialFocus=".activity-modal-close">
      <div className="modal-body activity-modal" data-log-id={entry.id}>
        <p className="activity-modal-lead">
          <ActivityIcon action={entry.action} />
          <span>
            <strong>{actionLabel(entry.action)}</strong>{' '}
            <span className="activity-modal-summary">{summaryOf(entry)}</span>
          </span>
        </p>
        <dl className="activity-facts">
          <div data-fact="action">
            <dt>Action</dt>
            <dd>
              {actionLabel(entry.action)} <code>{entry.action}</code>
            </dd>
          </div>
          <div data-fact="category">
            <dt>Category</dt>
            <dd>{categoryLabel(categoryOf(entry.action))}</dd>
          </div>
          <div data-fact="time">
            <dt>Time</dt>
            <dd>
              <time dateTime={entry.created_at}>{formatMoment(entry.created_at)}</time> <span className="activity-muted">(Nairobi)</span>
            </dd>
          </div>
          <div data-fact="admin">
            <dt>Admin</dt>
            <dd>
              {system ? (
                <>
                  System <span className="activity-muted">(the server itself, or an account deleted since)</span>
                </>
              ) : (
                <>
                  <span className="activity-admin-name">{actorName(entry)}</span>{' '}
                  {entry.admin?.email ? <span className="activity-admin-email">{entry.admin.email}</span> : null}
                </>
              )}
            </dd>
          </div>
          <div data-fact="ip">
            <dt>IP address</dt>
            <dd>{entry.ip_address ? <code>{entry.ip_address}</code> : notRecorded}</dd>
          </div>
          <div data-fact="user-agent">
            <dt>User agent</dt>
            <dd className="activity-agent">{entry.user_agent ?? notRecorded}</dd>
          </div>
        </dl>

        <h3 className="activity-modal-heading">Details</h3>
        {items.length === 0 ? (
          <p className="activity-muted">No details recorded.</p>
        ) : (
          <dl className="activity-facts activity-details">
            {items.map((item) => (
              <div key={item.key} data-detail={item.key}>
                <dt>{item.label}</dt>
                <dd>{item.json ? <pre>{item.value}</pre> : item.value}</dd>
              </div>
            ))}
          </dl>
        )}
        {json ? (
          <details className="activity-json">
            <summary>Details as stored (JSON)</summary>
            <pre>{json}</pre>
          </details>
        ) : null}
      </div>
      <div className="modal-footer">
        <button type="button" className="btn btn-secondary activity-modal-close" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
