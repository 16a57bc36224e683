import { useNavigate } from 'react-router-dom';
import { roleLabel } from '../../lib/access';

/** §2.3 and §8: the role is below the screen's; §2.16: the Super Admin screens add their own line. */
export function AccessDeniedPage({ role, requiredRole, note }: { role: string | null; requiredRole: string; note?: string | undefined }) {
  const navigate = useNavigate();
  return (
    <section className="notice-page" aria-labelledby="access-denied-title">
      <title>Access Denied</title>
      <h1 id="access-denied-title">Access Denied</h1>
      <p>You don&apos;t have permission to access this page.</p>
      {note ? <p>{note}</p> : null}
      <dl className="notice-facts">
        <div>
          <dt>Your role</dt>
          <dd>{roleLabel(role)}</dd>
        </div>
        <div>
          <dt>Required role</dt>
          <dd>{roleLabel(requiredRole)}</dd>
        </div>
      </dl>
      <GoBack onBack={() => void navigate(-1)} onHome={() => void navigate('/dashboard')} />
    </section>
  );
}

/**
 * Whether this tab has a page to go back to. The Navigation API knows (Chromium, Safari,
 * Firefox); elsewhere the router's own index, then the tab's history length, which counts pages
 * outside the back office too (the public site, or the address the user came from).
 */
export function canGoBack(): boolean {
  if (typeof window === 'undefined') return false;
  const navigation = (window as { navigation?: { canGoBack?: unknown } }).navigation;
  if (typeof navigation?.canGoBack === 'boolean') return navigation.canGoBack;
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  if (typeof idx === 'number' && idx > 0) return true;
  return window.history.length > 1;
}

/**
 * Go Back: to the page before this one, wherever it was (another back-office screen, the public
 * site, the sign-in page's origin); only in a tab with no earlier page (a typed address in a new
 * tab) to the dashboard instead. Decided when clicked, not when the page was drawn.
 */
export function GoBack({ onBack, onHome }: { onBack: () => void; onHome: () => void }) {
  return (
    <button
      type="button"
      className="button button-inline"
      onClick={() => {
        if (canGoBack()) onBack();
        else onHome();
      }}
    >
      Go Back
    </button>
  );
}
