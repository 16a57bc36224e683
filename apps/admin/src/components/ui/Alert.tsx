import type { ReactNode } from 'react';
import './ui.css';

interface Props {
  tone?: 'error' | 'success' | 'info';
  children: ReactNode;
  /** Shows a Dismiss button. */
  onDismiss?: (() => void) | undefined;
}

/** A message box: errors are announced at once (role alert), others politely (role status). */
export function Alert({ tone = 'error', children, onDismiss }: Props) {
  return (
    <div className={`alert alert-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <div className="alert-text">{children}</div>
      {onDismiss ? (
        <button type="button" className="btn-link alert-dismiss" onClick={onDismiss}>
          Dismiss
        </button>
      ) : null}
    </div>
  );
}
