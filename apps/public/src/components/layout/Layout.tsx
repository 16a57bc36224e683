import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from '../../lib/router';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { PageFallback } from '../ui/PageFallback';
import { Header } from './Header';
import { OfflineNotices } from './OfflineNotices';
import { PageLoadError } from './PageLoadError';
import { useScrollOnNavigate } from './useScrollOnNavigate';
import { t } from '../../i18n';

// The footer is below the fold and needs the settings (React Query and the API client), which
// are not in the first-load chunk: it is its own chunk, with an empty footer until it arrives.
const Footer = lazy(() => import('./Footer'));

export function Layout() {
  const { pathname } = useLocation();
  useScrollOnNavigate();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('layout.skipToContent')}
      </a>
      <Header />
      <OfflineNotices />
      <main id="main" tabIndex={-1}>
        {/* Keyed by path so that navigating away from a failed page tries again. */}
        <ErrorBoundary key={pathname} fallback={<PageLoadError />}>
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Suspense fallback={<footer className="site-footer site-footer-pending" />}>
        <Footer />
      </Suspense>
    </>
  );
}
