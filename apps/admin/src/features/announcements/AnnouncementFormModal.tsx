import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { Alert } from '../../components/ui/Alert';
import { errorDetail } from '../../components/ui/error-detail';
import { Modal } from '../../components/ui/Modal';
import { SelectField } from '../../components/ui/SelectField';
import { TextAreaField } from '../../components/ui/TextAreaField';
import { TextField } from '../../components/ui/TextField';
import { useSaveAnnouncement } from './api/save-announcement';
import {
  announcementFromForm,
  announcementTexts,
  announcementToForm,
  audiences,
  emptyAnnouncementForm,
  priorities,
  validateAnnouncement,
  type Announcement,
  type AnnouncementFormErrors,
  type AnnouncementFormValues,
} from './announcement-form';

interface Props {
  /** The announcement to edit; absent to add a new one. */
  announcement?: Announcement | undefined;
  onClose: () => void;
  onSaved: (title: string) => void;
}

/** Add or edit an announcement. Nothing typed is lost when saving fails. */
export function AnnouncementFormModal({ announcement, onClose, onSaved }: Props) {
  const save = useSaveAnnouncement();
  const [values, setValues] = useState<AnnouncementFormValues>(() =>
    announcement ? announcementToForm(announcement) : emptyAnnouncementForm,
  );
  const [errors, setErrors] = useState<AnnouncementFormErrors>({});
  const [checks, setChecks] = useState(0);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (checks > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [checks]);

  const field = (name: keyof AnnouncementFormValues) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (change: { target: { value: string } }) => {
      const next = { ...values, [name]: change.target.value };
      setValues(next);
      if (errors[name]) setErrors({ ...errors, [name]: validateAnnouncement(next)[name] });
    },
  });

  const onSubmit = (submit: SubmitEvent<HTMLFormElement>) => {
    submit.preventDefault();
    if (save.isPending) return;
    const found = validateAnnouncement(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setChecks((n) => n + 1);
      return;
    }
    save.mutate(
      { id: announcement?.id, values: announcementFromForm(values, announcement?.is_published ?? false) },
      {
        onSuccess: () => {
          onSaved(values.title.trim());
        },
        onError: (error) => {
          console.error('Saving the announcement failed', error);
        },
      },
    );
  };

  const busy = save.isPending;
  return (
    <Modal title={announcement ? 'Edit Announcement' : 'Add New Announcement'} onClose={onClose} busy={busy}>
      <form ref={form} noValidate onSubmit={onSubmit} aria-label={announcement ? 'Edit announcement' : 'New announcement'}>
        <div className="modal-body">
          <p className="required-note">Fields marked * must be filled in.</p>
          {save.isError ? (
            <Alert>
              {announcementTexts.saveError}
              {errorDetail(save.error) ? <span className="alert-detail">{errorDetail(save.error)}</span> : null}
            </Alert>
          ) : null}
          <div className="form-grid">
            <div className="span-2">
              <TextField label="Title *" required autoComplete="off" {...field('title')} />
            </div>
            <div className="span-2">
              <TextAreaField label="Content *" required rows={5} {...field('content')} />
            </div>
            <SelectField label="Priority" options={priorities} {...field('priority')} />
            <SelectField label="Audience" options={audiences} {...field('target_audience')} />
            <TextField label="Start Date *" type="date" required {...field('start_date')} />
            <TextField label="Start Time" type="time" {...field('start_time')} />
            <TextField label="End Date" type="date" hint="Leave empty to keep showing it." {...field('end_date')} />
            <TextField label="End Time" type="time" {...field('end_time')} />
          </div>
        </div>
        <div className="modal-footer">
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Saving...' : announcement ? 'Save Changes' : 'Create Announcement'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
