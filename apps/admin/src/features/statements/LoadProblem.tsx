import { Alert } from '../../components/ui/Alert';
import { reportProblemDetail } from './report-problem';

/** A report that did not load: what failed, the server's reason when it gave one, and Try again. */
export function LoadProblem({ text, error, onRetry }: { text: string; error: unknown; onRetry: () => void }) {
  const detail = reportProblemDetail(error);
  return (
    <Alert>
      {text}{' '}
      <button type="button" className="btn-link" onClick={onRetry}>
        Try again
      </button>
      {detail ? <span className="alert-detail">{detail}</span> : null}
    </Alert>
  );
}
