import { Link } from '../../lib/router';
import { Page } from '../../components/ui/Page';
import { t } from '../../i18n';

export default function NotFoundPage() {
  return (
    <Page title={t('layout.notFoundTitle')}>
      <p>{t('layout.notFoundText')}</p>
      <p>
        <Link to="/" className="button">
          {t('layout.notFoundHome')}
        </Link>
      </p>
    </Page>
  );
}
