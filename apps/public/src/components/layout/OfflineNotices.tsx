import { useOfflineBanner } from '../../lib/offline-status';
import { dismissOutboxResults, useOutbox, type OutboxResult } from '../../lib/outbox';
import { formatNumber, t } from '../../i18n';

function formsWaiting(count: number): string {
  return count === 1 ? t('layout.formsWaitingOne') : t('layout.formsWaitingMany', { count: formatNumber(count) });
}

function resultText(result: OutboxResult): string {
  return result.status === 'sent'
    ? t('layout.savedFormSent', { label: result.label })
    : t('layout.savedFormRefused', { label: result.label, message: result.message ?? '' }).trim();
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
                {t('layout.dismiss')}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
    </>
  );
}
