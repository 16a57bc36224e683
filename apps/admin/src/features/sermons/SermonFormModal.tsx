import { useId } from 'react';
import { FormModal } from '../../components/ui/FormModal';
import { TextAreaField } from '../../components/ui/TextAreaField';
import { TextField } from '../../components/ui/TextField';
import { useFormModal } from '../../components/ui/use-form-modal';
import { useSermonSeriesTitles } from './api/get-sermon-series';
import { useSaveSermon } from './api/save-sermon';
import { emptySermonForm, sermonFromForm, sermonTexts, sermonToForm, validateSermon, type Sermon } from './sermon-form';

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
  const form = useFormModal({
    initial: () => (sermon ? sermonToForm(sermon) : emptySermonForm),
    validate: validateSermon,
    save,
    toInput: (values) => ({ id: sermon?.id, values: sermonFromForm(values, sermon?.is_published ?? false) }),
    onSaved: (values) => {
      onSaved(values.title.trim());
    },
    failureLog: 'Saving the sermon failed',
  });
  const { field } = form;

  return (
    <FormModal
      title={sermon ? 'Edit Sermon' : 'Add New Sermon'}
      formLabel={sermon ? 'Edit sermon' : 'New sermon'}
      form={form}
      saveError={save.error}
      saveErrorText={() => sermonTexts.saveError}
      submitLabel={sermon ? 'Save Changes' : 'Create Sermon'}
      onClose={onClose}
    >
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
      <div className="span-2">
        <TextField label="Kiswahili title (optional)" lang="sw" autoComplete="off" hint={sermonTexts.kiswahiliHint} {...field('title_sw')} />
      </div>
      <div className="span-2">
        <TextAreaField label="Kiswahili description (optional)" lang="sw" rows={3} {...field('description_sw')} />
      </div>
      <TextField label="Audio URL" type="url" inputMode="url" placeholder="https://" {...field('audio_url')} />
      <TextField label="Video URL" type="url" inputMode="url" placeholder="https://" {...field('video_url')} />
      <TextField label="Notes URL" type="url" inputMode="url" placeholder="https://" {...field('notes_url')} />
      <TextField label="Tags" hint="Separate tags with commas, e.g. faith, prayer" autoComplete="off" {...field('tags')} />
    </FormModal>
  );
}
