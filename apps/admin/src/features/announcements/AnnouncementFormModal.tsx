import { FormModal } from '../../components/ui/FormModal';
import { SelectField } from '../../components/ui/SelectField';
import { TextAreaField } from '../../components/ui/TextAreaField';
import { TextField } from '../../components/ui/TextField';
import { useFormModal } from '../../components/ui/use-form-modal';
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
  const form = useFormModal({
    initial: () => (announcement ? announcementToForm(announcement) : emptyAnnouncementForm),
    validate: validateAnnouncement,
    save,
    toInput: (values) => ({ id: announcement?.id, values: announcementFromForm(values, announcement?.is_published ?? false) }),
    onSaved: (values) => {
      onSaved(values.title.trim());
    },
    failureLog: 'Saving the announcement failed',
  });
  const { field } = form;

  return (
    <FormModal
      title={announcement ? 'Edit Announcement' : 'Add New Announcement'}
      formLabel={announcement ? 'Edit announcement' : 'New announcement'}
      form={form}
      saveError={save.error}
      saveErrorText={() => announcementTexts.saveError}
      submitLabel={announcement ? 'Save Changes' : 'Create Announcement'}
      onClose={onClose}
    >
      <div className="span-2">
        <TextField label="Title *" required autoComplete="off" {...field('title')} />
      </div>
      <div className="span-2">
        <TextAreaField label="Content *" required rows={5} {...field('content')} />
      </div>
      <div className="span-2">
        <TextField label="Kiswahili title (optional)" lang="sw" autoComplete="off" hint={announcementTexts.kiswahiliHint} {...field('title_sw')} />
      </div>
      <div className="span-2">
        <TextAreaField label="Kiswahili text (optional)" lang="sw" rows={3} {...field('content_sw')} />
      </div>
      <SelectField label="Priority" options={priorities} {...field('priority')} />
      <SelectField label="Audience" options={audiences} {...field('target_audience')} />
      <TextField label="Start Date *" type="date" required {...field('start_date')} />
      <TextField label="Start Time" type="time" {...field('start_time')} />
      <TextField label="End Date" type="date" hint="Leave empty to keep showing it." {...field('end_date')} />
      <TextField label="End Time" type="time" {...field('end_time')} />
    </FormModal>
  );
}
