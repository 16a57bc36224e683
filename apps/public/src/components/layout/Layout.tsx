import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { PageFallback } from '../ui/PageFallback';
import { Footer } from './Footer';
import { Header } from './Header';
import { PageLoadError } from './PageLoadError';
import { useScrollOnNavigate } from './useScrollOnNavigate';

export function Layout() {
  const { pathname } = useLocation();
  useScrollOnNavigate();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        {/* Keyed by path so that navigating away from a failed page tries again. */}
        <ErrorBoundary key={pathname} fallback={<PageLoadError />}>
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
    </>
  );
}
