import { lazy, Suspense } from 'react';
import { useShellSettings } from '../../lib/settings-store';
import { t } from '../../i18n';
import { Hero } from './Hero';

// Everything below the hero reads data (React Query and the API client): its own chunk, so the
// first load stays small (apps/README.md, "First-load budget").
const HomeSections = lazy(() => import('./HomeSections'));

export function HomePage() {
  const church = useShellSettings();
  return (
    <>
      <title>{church.branch ? `${church.name} | ${church.branch}` : church.name}</title>
      <Hero />
      <Suspense
        fallback={
          <p className="page-fallback" role="status">
            {t('layout.loading')}
          </p>
        }
      >
        <HomeSections />
      </Suspense>
    </>
  );
}
