import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { Alert } from '../../components/ui/Alert';
import { CheckboxField } from '../../components/ui/CheckboxField';
import { errorDetail } from '../../components/ui/error-detail';
import { Modal } from '../../components/ui/Modal';
import { SelectField } from '../../components/ui/SelectField';
import { TextAreaField } from '../../components/ui/TextAreaField';
import { TextField } from '../../components/ui/TextField';
import { useSaveEvent } from './api/save-event';
import {
  emptyEventForm,
  eventFromForm,
  eventTexts,
  eventToForm,
  eventTypeLabel,
  eventTypes,
  validateEvent,
  type ChurchEvent,
  type EventFormErrors,
  type EventFormValues,
} from './event-form';

interface Props {
  /** The event to edit; absent to add a new one. */
  event?: ChurchEvent | undefined;
  onClose: () => void;
  onSaved: (title: string) => void;
}

type TextKey = Exclude<keyof EventFormValues, 'requires_registration'>;

/** Add or edit an event. Nothing typed is lost when saving fails: the dialog stays open. */
export function EventFormModal({ event, onClose, onSaved }: Props) {
  const save = useSaveEvent();
  const [values, setValues] = useState<EventFormValues>(() => (event ? eventToForm(event) : emptyEventForm));
  const [errors, setErrors] = useState<EventFormErrors>({});
  const [checks, setChecks] = useState(0);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (checks > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [checks]);

  const field = (name: TextKey) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (change: { target: { value: string } }) => {
      const next = { ...values, [name]: change.target.value };
      setValues(next);
      if (errors[name]) setErrors({ ...errors, [name]: validateEvent(next)[name] });
    },
  });

  // An event made on the public side may carry a type outside the back-office list: keep it.
  const typeOptions = [
    { value: '', label: 'Not set' },
    ...eventTypes,
    ...(values.event_type !== '' && !eventTypes.some((t) => t.value === values.event_type)
      ? [{ value: values.event_type, label: eventTypeLabel(values.event_type) }]
      : []),
  ];

  const onSubmit = (submit: SubmitEvent<HTMLFormElement>) => {
    submit.preventDefault();
    if (save.isPending) return;
    const found = validateEvent(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setChecks((n) => n + 1);
      return;
    }
    save.mutate(
      { id: event?.id, values: eventFromForm(values, event?.is_published ?? false) },
      {
        onSuccess: () => {
          onSaved(values.title.trim());
        },
        onError: (error) => {
          console.error('Saving the event failed', error);
        },
      },
    );
  };

  const busy = save.isPending;
  return (
    <Modal title={event ? 'Edit Event' : 'Add New Event'} onClose={onClose} busy={busy}>
      <form ref={form} noValidate onSubmit={onSubmit} aria-label={event ? 'Edit event' : 'New event'}>
        <div className="modal-body">
          <p className="required-note">Fields marked * must be filled in. Times are Kenya time.</p>
          {save.isError ? (
            <Alert>
              {eventTexts.saveError}
              {errorDetail(save.error) ? <span className="alert-detail">{errorDetail(save.error)}</span> : null}
            </Alert>
          ) : null}
          <div className="form-grid">
            <div className="span-2">
              <TextField label="Title *" required autoComplete="off" {...field('title')} />
            </div>
            <div className="span-2">
              <TextAreaField label="Description" rows={3} {...field('description')} />
            </div>
            <TextField label="Starts (date and time) *" type="datetime-local" required {...field('start')} />
            <TextField label="Ends (date and time)" type="datetime-local" hint="Leave empty for an all-day event." {...field('end')} />
            <TextField label="Location" autoComplete="off" {...field('location')} />
            <SelectField label="Event Type" options={typeOptions} {...field('event_type')} />
            <TextField
              label="Maximum Attendees"
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              hint="Leave empty for no limit."
              {...field('max_attendees')}
            />
            <TextField
              label="Cost (KSH)"
              type="number"
              min={0}
              step={0.01}
              inputMode="decimal"
              hint="Leave empty or 0 for a free event."
              {...field('cost')}
            />
            <div className="span-2">
              <CheckboxField
                label="Requires registration"
                name="requires_registration"
                checked={values.requires_registration}
                onChange={(change) => {
                  setValues({ ...values, requires_registration: change.target.checked });
                }}
              />
            </div>
          </div>
        </div>
        <div className="modal-footer">
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Saving...' : event ? 'Save Changes' : 'Create Event'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
