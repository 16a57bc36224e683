import { t } from '../../i18n';

/** Shown while a page's code downloads; CSS keeps it invisible for the first moment. */
export function PageFallback() {
  return (
    <p className="page-fallback" role="status">
      {t('layout.loading')}
    </p>
  );
}
