import { CheckboxField } from '../../components/ui/CheckboxField';
import { FormModal } from '../../components/ui/FormModal';
import { SelectField } from '../../components/ui/SelectField';
import { TextAreaField } from '../../components/ui/TextAreaField';
import { TextField } from '../../components/ui/TextField';
import { useFormModal } from '../../components/ui/use-form-modal';
import { useSaveEvent } from './api/save-event';
import { emptyEventForm, eventFromForm, eventTexts, eventToForm, eventTypeLabel, eventTypes, validateEvent, type ChurchEvent } from './event-form';

interface Props {
  /** The event to edit; absent to add a new one. */
  event?: ChurchEvent | undefined;
  onClose: () => void;
  onSaved: (title: string) => void;
}

/** Add or edit an event. Nothing typed is lost when saving fails: the dialog stays open. */
export function EventFormModal({ event, onClose, onSaved }: Props) {
  const save = useSaveEvent();
  const form = useFormModal({
    initial: () => (event ? eventToForm(event) : emptyEventForm),
    validate: validateEvent,
    save,
    toInput: (values) => ({ id: event?.id, values: eventFromForm(values, event?.is_published ?? false) }),
    onSaved: (values) => {
      onSaved(values.title.trim());
    },
    failureLog: 'Saving the event failed',
  });
  const { values, setValues, field } = form;

  // An event made on the public side may carry a type outside the back-office list: keep it.
  const typeOptions = [
    { value: '', label: 'Not set' },
    ...eventTypes,
    ...(values.event_type !== '' && !eventTypes.some((t) => t.value === values.event_type)
      ? [{ value: values.event_type, label: eventTypeLabel(values.event_type) }]
      : []),
  ];

  return (
    <FormModal
      title={event ? 'Edit Event' : 'Add New Event'}
      formLabel={event ? 'Edit event' : 'New event'}
      note="Fields marked * must be filled in. Times are Kenya time."
      form={form}
      saveError={save.error}
      saveErrorText={() => eventTexts.saveError}
      submitLabel={event ? 'Save Changes' : 'Create Event'}
      onClose={onClose}
    >
      <div className="span-2">
        <TextField label="Title *" required autoComplete="off" {...field('title')} />
      </div>
      <div className="span-2">
        <TextAreaField label="Description" rows={3} {...field('description')} />
      </div>
      <div className="span-2">
        <TextField label="Kiswahili title (optional)" lang="sw" autoComplete="off" hint={eventTexts.kiswahiliHint} {...field('title_sw')} />
      </div>
      <div className="span-2">
        <TextAreaField label="Kiswahili description (optional)" lang="sw" rows={3} {...field('description_sw')} />
      </div>
      <TextField label="Starts (date and time) *" type="datetime-local" required {...field('start')} />
      <TextField label="Ends (date and time)" type="datetime-local" hint="Leave empty for an all-day event." {...field('end')} />
      <TextField label="Location" autoComplete="off" {...field('location')} />
      <TextField label="Kiswahili location (optional)" lang="sw" autoComplete="off" hint={eventTexts.kiswahiliHint} {...field('location_sw')} />
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
    </FormModal>
  );
}
