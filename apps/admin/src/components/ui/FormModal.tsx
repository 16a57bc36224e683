import type { ReactNode, RefObject, SubmitEvent } from 'react';
import { Alert } from './Alert';
import { errorDetail } from './error-detail';
import { Modal } from './Modal';

interface Props {
  /** The dialog's title, e.g. 'Edit Sermon' or 'Add New Sermon'. */
  title: string;
  /** The form's accessible name, e.g. 'Edit sermon' or 'New sermon'. */
  formLabel: string;
  /** The line above the fields. */
  note?: string;
  /** From useFormModal. */
  form: { formRef: RefObject<HTMLFormElement | null>; onSubmit: (submit: SubmitEvent<HTMLFormElement>) => void; busy: boolean };
  /** The save mutation's error, or null/undefined while there is none. */
  saveError: unknown;
  /** The alert text when saving failed (the spec's words). */
  saveErrorText: (error: unknown) => string;
  /** Add a second line when the error says something the user can act on (no connection). Default true. */
  withDetail?: boolean;
  /** The submit button's label while not saving, e.g. 'Create Sermon'. */
  submitLabel: string;
  onClose: () => void;
  /** The fields, laid out in the form grid. */
  children: ReactNode;
}

/** An add/edit dialog around a form: the required-fields note, the save error, the fields, Cancel and Save. */
export function FormModal({
  title,
  formLabel,
  note = 'Fields marked * must be filled in.',
  form: { formRef, onSubmit, busy },
  saveError,
  saveErrorText,
  withDetail = true,
  submitLabel,
  onClose,
  children,
}: Props) {
  const detail = withDetail ? errorDetail(saveError) : undefined;
  return (
    <Modal title={title} onClose={onClose} busy={busy}>
      <form ref={formRef} noValidate onSubmit={onSubmit} aria-label={formLabel}>
        <div className="modal-body">
          <p className="required-note">{note}</p>
          {saveError ? (
            <Alert>
              {saveErrorText(saveError)}
              {detail ? <span className="alert-detail">{detail}</span> : null}
            </Alert>
          ) : null}
          <div className="form-grid">{children}</div>
        </div>
        <div className="modal-footer">
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Saving...' : submitLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
