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

/** Go Back; with no earlier page in this tab (a typed address), go to the dashboard instead. */
export function GoBack({ onBack, onHome }: { onBack: () => void; onHome: () => void }) {
  const hasHistory = typeof window !== 'undefined' && (window.history.state as { idx?: number } | null)?.idx;
  return (
    <button type="button" className="button button-inline" onClick={hasHistory ? onBack : onHome}>
      Go Back
    </button>
  );
}
