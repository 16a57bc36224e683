import { Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useAuth } from '../../lib/auth/auth-context';
import { LiveBackOffice } from '../../lib/live';
import { PageErrorBoundary } from '../../features/errors/PageErrorBoundary';
import { roleLabel } from '../../lib/access';
import { systemName, useChurchName } from '../../lib/settings';
import { DemoModeBanner } from './DemoModeBanner';
import './layout.css';
import { visibleMenu } from './menu';
import { Sidebar } from './Sidebar';
import { StatusScreen } from './StatusScreen';
import { UserMenu } from './UserMenu';
import { displayName } from './user-display';

/**
 * The back office's frame (§2.4): sidebar, header with the user's menu, the demo-mode banner,
 * and the page. Under 768 px the sidebar is a drawer opened by the menu button, over an overlay.
 */
export default function AdminLayout() {
  const auth = useAuth();
  const { pathname } = useLocation();
  const churchName = useChurchName() ?? systemName;
  // The drawer belongs to the page it was opened on: moving to another page closes it.
  const [drawerAt, setDrawerAt] = useState<string | null>(null);
  const drawerOpen = drawerAt === pathname;
  const menuButton = useRef<HTMLButtonElement>(null);
  const close = () => {
    setDrawerAt(null);
    menuButton.current?.focus();
  };

  useEffect(() => {
    if (!drawerOpen) return;
    // Into the drawer on opening; the page behind is inert meanwhile.
    document.querySelector<HTMLElement>('#admin-sidebar .sidebar-close')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setDrawerAt(null);
        menuButton.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
    };
  }, [drawerOpen]);

  const { user, access } = auth;
  if (!user || !access) return null;
  const name = displayName(auth.profile?.full_name, user.user_metadata.full_name, user.email);
  const label =
    typeof user.app_metadata.role_label === 'string' && user.app_metadata.role_label !== ''
      ? user.app_metadata.role_label
      : roleLabel(access.role);

  return (
    <LiveBackOffice>
      {(live) => (
    <div className="admin" data-live={live ?? 'off'}>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <Sidebar entries={visibleMenu(access)} churchName={churchName} open={drawerOpen} onClose={close} />
      {drawerOpen ? <div className="sidebar-overlay" aria-hidden="true" onClick={close} /> : null}
      <div className="admin-main" inert={drawerOpen}>
        <header className="admin-header">
          <button
            ref={menuButton}
            type="button"
            className="menu-button"
            aria-expanded={drawerOpen}
            aria-controls="admin-sidebar"
            onClick={() => { setDrawerAt(drawerOpen ? null : pathname); }}
          >
            <span className="menu-icon" aria-hidden="true" />
            Menu
          </button>
          <span className="admin-header-title">{churchName}</span>
          <UserMenu name={name} email={user.email ?? ''} roleLabel={label} access={access} onSignOut={auth.signOut} />
        </header>
        <DemoModeBanner />
        <main id="main" className="admin-content" tabIndex={-1} data-path={pathname}>
          <PageErrorBoundary resetKey={pathname}>
            <Suspense fallback={<StatusScreen text="Loading..." />}>
              <Outlet />
            </Suspense>
          </PageErrorBoundary>
        </main>
      </div>
    </div>
      )}
    </LiveBackOffice>
  );
}
