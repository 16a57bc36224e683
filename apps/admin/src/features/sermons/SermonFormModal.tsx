import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { Alert } from '../../components/ui/Alert';
import { errorDetail } from '../../components/ui/error-detail';
import { Modal } from '../../components/ui/Modal';
import { TextAreaField } from '../../components/ui/TextAreaField';
import { TextField } from '../../components/ui/TextField';
import { useSermonSeriesTitles } from './api/get-sermon-series';
import { useSaveSermon } from './api/save-sermon';
import {
  emptySermonForm,
  sermonFromForm,
  sermonTexts,
  sermonToForm,
  validateSermon,
  type Sermon,
  type SermonFormErrors,
  type SermonFormValues,
} from './sermon-form';

interface Props {
  /** The sermon to edit; absent to add a new one. */
  sermon?: Sermon | undefined;
  onClose: () => void;
  onSaved: (title: string) => void;
}

/** Add or edit a sermon. Nothing typed is lost when saving fails: the dialog stays open. */
export function SermonFormModal({ sermon, onClose, onSaved }: Props) {
  const save = useSaveSermon();
  const series = useSermonSeriesTitles();
  const seriesListId = useId();
  const [values, setValues] = useState<SermonFormValues>(() => (sermon ? sermonToForm(sermon) : emptySermonForm));
  const [errors, setErrors] = useState<SermonFormErrors>({});
  const [checks, setChecks] = useState(0);
  const form = useRef<HTMLFormElement>(null);

  // After a refused submit, take the user to the first field that needs attention.
  useEffect(() => {
    if (checks > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [checks]);

  const field = (name: keyof SermonFormValues) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      // Once a field has been flagged, clear the message as soon as it is right.
      if (errors[name]) setErrors({ ...errors, [name]: validateSermon(next)[name] });
    },
  });

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const found = validateSermon(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setChecks((n) => n + 1);
      return;
    }
    save.mutate(
      { id: sermon?.id, values: sermonFromForm(values, sermon?.is_published ?? false) },
      {
        onSuccess: () => {
          onSaved(values.title.trim());
        },
        onError: (error) => {
          console.error('Saving the sermon failed', error);
        },
      },
    );
  };

  const busy = save.isPending;
  return (
    <Modal title={sermon ? 'Edit Sermon' : 'Add New Sermon'} onClose={onClose} busy={busy}>
      <form ref={form} noValidate onSubmit={onSubmit} aria-label={sermon ? 'Edit sermon' : 'New sermon'}>
        <div className="modal-body">
          <p className="required-note">Fields marked * must be filled in.</p>
          {save.isError ? (
            <Alert>
              {sermonTexts.saveError}
              {errorDetail(save.error) ? <span className="alert-detail">{errorDetail(save.error)}</span> : null}
            </Alert>
          ) : null}
          <div className="form-grid">
            <div className="span-2">
              <TextField label="Title *" required autoComplete="off" {...field('title')} />
            </div>
            <TextField label="Speaker *" required autoComplete="off" {...field('speaker')} />
            <TextField label="Sermon Date *" type="date" required {...field('sermon_date')} />
            <div className="span-2">
              <TextField
                label="Series"
                hint="Pick a series or leave empty for a stand-alone sermon."
                autoComplete="off"
                list={seriesListId}
                {...field('series')}
              />
              <datalist id={seriesListId}>
                {(series.data ?? []).map((title) => (
                  <option key={title} value={title} />
                ))}
              </datalist>
            </div>
            <div className="span-2">
              <TextAreaField label="Description" rows={4} {...field('description')} />
            </div>
            <TextField label="Audio URL" type="url" inputMode="url" placeholder="https://" {...field('audio_url')} />
            <TextField label="Video URL" type="url" inputMode="url" placeholder="https://" {...field('video_url')} />
            <TextField label="Notes URL" type="url" inputMode="url" placeholder="https://" {...field('notes_url')} />
            <TextField label="Tags" hint="Separate tags with commas, e.g. faith, prayer" autoComplete="off" {...field('tags')} />
          </div>
        </div>
        <div className="modal-footer">
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Saving...' : sermon ? 'Save Changes' : 'Create Sermon'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
