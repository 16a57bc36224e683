import { KanisaError } from '@kanisa/client';
import { errorDetail } from '../../components/ui/error-detail';
import { LoadError } from '../../components/ui/LoadError';
import { RequiredPermissions } from '../../components/ui/RequiredPermissions';
import type { ReportTab } from './report-answers';
import { reportTabPermissions, reportTexts } from './report-rules';

/** The server refused the caller (403): the role or permissions lack the tab's permission. */
export function isRefusal(error: unknown): boolean {
  return error instanceof KanisaError && error.status === 403;
}

/** §8 Insufficient Permissions, in place of the report (the server's refusal, with its reason). */
export function ReportDenied({ error, tab }: { error: unknown; tab?: ReportTab }) {
  const reason = error instanceof KanisaError && error.message ? error.message : null;
  const needed = tab ? reportTabPermissions[tab] : ['view_reports'];
  return (
    <section className="notice-page rp-denied" aria-labelledby="reports-denied-title">
      <h2 id="reports-denied-title">Insufficient Permissions</h2>
      <p>{reportTexts.denied}</p>
      <RequiredPermissions permissions={needed} />
      {reason ? <p className="notice-help">{reason}</p> : null}
      <p className="notice-help">If you need the reports for your work, ask the system administrator.</p>
    </section>
  );
}

/**
 * A report that could not be read: the refusal as Insufficient Permissions; anything else as a
 * load error with Try again and, when it helps, why (no connection, the server's reason for a 400).
 */
export function ReportProblem({ error, what, onRetry, tab }: { error: unknown; what: string; onRetry: () => unknown; tab?: ReportTab }) {
  if (isRefusal(error)) return <ReportDenied error={error} tab={tab} />;
  const detail = error instanceof KanisaError && error.status === 400 && error.message ? error.message : errorDetail(error);
  return <LoadError text={`Could not load ${what}.`} detail={detail} onRetry={onRetry} />;
}
