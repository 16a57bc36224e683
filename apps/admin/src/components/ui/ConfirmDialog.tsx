import { useId } from 'react';
import { Modal } from './Modal';
import './ui.css';

interface Props {
  title: string;
  /** The question, word for word (e.g. 'Are you sure you want to delete this sermon?'). */
  message: string;
  confirmLabel: string;
  busyLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  /** An error from the last attempt, shown inside the dialog. */
  error?: string | undefined;
}

/** Asks before something that cannot be undone. Focus starts on Cancel, the safe answer. */
export function ConfirmDialog({ title, message, confirmLabel, busyLabel, onConfirm, onCancel, busy = false, error }: Props) {
  const messageId = useId();
  return (
    <Modal title={title} onClose={onCancel} busy={busy} role="alertdialog" size="small" describedBy={messageId} initialFocus=".confirm-cancel">
      <div className="modal-body">
        <p id={messageId} className="confirm-message">
          {message}
        </p>
        {error ? (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="modal-footer">
        <button type="button" className="btn btn-secondary confirm-cancel" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="button" className="btn btn-danger" onClick={onConfirm} disabled={busy}>
          {busy ? (busyLabel ?? 'Working...') : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
