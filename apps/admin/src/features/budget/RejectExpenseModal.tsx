import { useState } from 'react';
import { Alert } from '../../components/ui/Alert';
import { Modal } from '../../components/ui/Modal';
import { TextAreaField } from '../../components/ui/TextAreaField';
import { textOrNull } from '../../components/ui/form-values';
import { formatKsh } from '../../lib/giving';

interface Props {
  expense: { description: string; amount: number };
  busy: boolean;
  /** The last attempt's failure, readable. */
  error: string | undefined;
  onReject: (note: string | null) => void;
  onCancel: () => void;
}

/** Rejecting an expense asks for an optional note (the reason), kept with the expense. */
export function RejectExpenseModal({ expense, busy, error, onReject, onCancel }: Props) {
  const [note, setNote] = useState('');
  return (
    <Modal title="Reject Expense" onClose={onCancel} busy={busy} size="small">
      <form
        aria-label="Reject expense"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) onReject(textOrNull(note));
        }}
      >
        <div className="modal-body">
          <p className="confirm-message">
            Reject “{expense.description}” ({formatKsh(expense.amount)})? A rejected expense counts nowhere.
          </p>
          {error ? <Alert>{error}</Alert> : null}
          <TextAreaField
            label="Reason (optional)"
            rows={3}
            value={note}
            onChange={(event) => {
              setNote(event.target.value);
            }}
          />
        </div>
        <div className="modal-footer">
          <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-danger" disabled={busy}>
            {busy ? 'Rejecting...' : 'Reject Expense'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
