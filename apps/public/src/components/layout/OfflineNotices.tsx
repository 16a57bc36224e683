import { useOfflineBanner } from '../../lib/offline-status';
import { dismissOutboxResults, useOutbox, type OutboxResult } from '../../lib/outbox';

function formsWaiting(count: number): string {
  return count === 1
    ? '1 form is saved on your phone. It will be sent when you are back online.'
    : `${String(count)} forms are saved on your phone. They will be sent when you are back online.`;
}

function resultText(result: OutboxResult): string {
  return result.status === 'sent'
    ? `Your saved ${result.label} has been sent.`
    : `Your saved ${result.label} was not accepted: ${result.message ?? ''}`.trim();
}

/**
 * Under the header on every page (issue 22): the offline banner while the page shows a saved
 * copy, the forms waiting on this phone, and what became of them once sent.
 */
export function OfflineNotices() {
  const banner = useOfflineBanner();
  const { pending, results } = useOutbox();
  return (
    <>
      <div role="status" className="offline-status">
        {banner ? <p className="offline-banner">{banner}</p> : null}
      </div>
      <div role="status" className="outbox-status">
        {pending || results.length ? (
          <div className="outbox-notice">
            {pending ? <p>{formsWaiting(pending)}</p> : null}
            {results.map((result) => (
              <p key={result.key} className={result.status === 'refused' ? 'outbox-notice-refused' : undefined}>
                {resultText(result)}
              </p>
            ))}
            {results.length ? (
              <button type="button" onClick={dismissOutboxResults}>
                Dismiss
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
    </>
  );
}
