import { Alert } from './Alert';

interface Props {
  /** What could not be loaded: 'Could not load the expenses.' */
  text: string;
  /** A second line when it helps (no connection, a refusal's reason); the caller decides. */
  detail?: string | undefined;
  /** Asks again (a query's refetch). */
  onRetry: () => unknown;
}

/** A read that failed, in place of what it would have shown: what failed, Try again, and why. */
export function LoadError({ text, detail, onRetry }: Props) {
  return (
    <Alert>
      {text}{' '}
      <button
        type="button"
        className="btn-link"
        onClick={() => {
          void onRetry();
        }}
      >
        Try again
      </button>
      {detail ? <span className="alert-detail">{detail}</span> : null}
    </Alert>
  );
}
