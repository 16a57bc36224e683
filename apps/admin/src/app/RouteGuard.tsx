import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { StatusScreen } from '../components/layout/StatusScreen';
import { useAuth } from '../lib/auth/auth-context';
import { AccessDeniedPage } from '../features/errors/AccessDeniedPage';
import { InsufficientPermissionsPage } from '../features/errors/InsufficientPermissionsPage';
import { checkAccess, type Requirement } from '../lib/access';

/**
 * §2.3, first half: a spinner while the session is read; nobody signed in → the sign-in screen,
 * which returns to the requested path afterwards.
 */
export function RequireSignIn() {
  const { loading, user } = useAuth();
  const location = useLocation();
  if (loading) return <StatusScreen text="Loading..." fullPage />;
  if (!user) {
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}${location.hash}` }} />;
  }
  return <Outlet />;
}

/**
 * §2.3, second half, for one screen inside the layout: 'Loading user profile...' while the
 * profile of a signed-in user loads where more than MEMBER is needed; Access Denied when the
 * role is too low; Insufficient Permissions when none of the screen's permissions is held. The
 * decision uses the server's answer (role, rank, permissions), so a profile that failed to load
 * does not lock the user out.
 */
export function Guard({ requirement, children }: { requirement: Requirement; children: ReactNode }) {
  const { access, profileStatus } = useAuth();
  if (!access) return null; // RequireSignIn above has already sent the visitor to sign in.
  if (requirement.level !== 'MEMBER' && profileStatus === 'loading') {
    return <StatusScreen text="Loading user profile..." />;
  }
  const check = checkAccess(access, requirement);
  if (check.ok) return children;
  if (check.reason === 'role') return <AccessDeniedPage role={access.role} requiredRole={requirement.level} note={requirement.deniedNote} />;
  return <InsufficientPermissionsPage permissions={requirement.anyOf ?? []} />;
}
