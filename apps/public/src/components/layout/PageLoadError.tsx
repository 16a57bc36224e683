import { Page } from '../ui/Page';
import { t } from '../../i18n';

/** Shown inside the layout when a page fails, typically a page chunk that could not download. */
export function PageLoadError() {
  return (
    <Page title={t('layout.loadErrorTitle')}>
      <p>{t('layout.loadErrorText')}</p>
      <button
        type="button"
        className="button"
        onClick={() => {
          window.location.reload();
        }}
      >
        {t('layout.tryAgain')}
      </button>
    </Page>
  );
}
