import { KanisaError } from '@kanisa/client';
import { FormModal } from '../../components/ui/FormModal';
import { SelectField } from '../../components/ui/SelectField';
import { TextAreaField } from '../../components/ui/TextAreaField';
import { TextField } from '../../components/ui/TextField';
import { useFormModal } from '../../components/ui/use-form-modal';
import { useSaveLeader } from './api/save-leader';
import {
  categoryLabel,
  leaderCategories,
  leaderFromForm,
  leaderTexts,
  leaderTitleOptions,
  leaderToForm,
  newLeaderForm,
  titledName,
  validateLeader,
  type Leader,
} from './leader-form';

interface Props {
  /** The leader to edit; absent to add a new one. */
  leader?: Leader | undefined;
  /** How many leaders are listed: a new one is placed after them. */
  listLength: number;
  onClose: () => void;
  onSaved: (name: string) => void;
}

/** §8: 'Error saving leader: {error}', or 'Error saving leader' when there is no message. */
function saveErrorText(error: unknown): string {
  return error instanceof KanisaError && error.message ? leaderTexts.saveError(error.message) : leaderTexts.saveErrorPlain;
}

/** Add or edit a church leader (§2.7, §5). Nothing typed is lost when saving fails. */
export function LeaderFormModal({ leader, listLength, onClose, onSaved }: Props) {
  const save = useSaveLeader();
  const form = useFormModal({
    initial: () => (leader ? leaderToForm(leader) : newLeaderForm(listLength)),
    validate: validateLeader,
    save,
    toInput: (values) => ({ id: leader?.id, values: leaderFromForm(values) }),
    onSaved: (values) => {
      onSaved(titledName(leaderFromForm(values)));
    },
    failureLog: 'Saving the leader failed',
  });
  const { values, field } = form;

  const categoryOptions = [
    ...leaderCategories,
    ...(values.category !== '' && !leaderCategories.some((c) => c.value === values.category)
      ? [{ value: values.category, label: categoryLabel(values.category) }]
      : []),
  ];

  return (
    <FormModal
      title={leader ? 'Edit Leader' : 'Add New Leader'}
      formLabel={leader ? 'Edit leader' : 'New leader'}
      form={form}
      saveError={save.error}
      saveErrorText={saveErrorText}
      withDetail={false}
      submitLabel={leader ? 'Save Changes' : 'Add Leader'}
      onClose={onClose}
    >
      <TextField label="Full Name *" required autoComplete="off" {...field('name')} />
      <SelectField label="Title (before the name)" options={leaderTitleOptions} hint={leaderTexts.titleHint} {...field('title')} />
      <TextField label="Position/Title *" required autoComplete="off" {...field('position')} />
      <SelectField label="Category *" required options={categoryOptions} {...field('category')} />
      <TextField
        label="Display Order"
        type="number"
        min={0}
        step={1}
        inputMode="numeric"
        hint="Smaller numbers are listed first."
        {...field('display_order')}
      />
      <TextField label="Email" type="email" inputMode="email" autoComplete="off" {...field('email')} />
      <TextField label="Phone" type="tel" inputMode="tel" autoComplete="off" placeholder="+254..." {...field('phone')} />
      <TextField label="Years of Service" type="number" min={0} step={1} inputMode="numeric" {...field('years_of_service')} />
      <TextField label="Specialties" hint="Separate with commas, e.g. Preaching, Counseling" autoComplete="off" {...field('specialties')} />
      <div className="span-2">
        <TextAreaField label="Bio" rows={4} {...field('bio')} />
      </div>
      <TextField label="Kiswahili position (optional)" lang="sw" autoComplete="off" hint={leaderTexts.kiswahiliHint} {...field('position_sw')} />
      <TextField label="Kiswahili specialties (optional)" lang="sw" hint="Separate with commas" autoComplete="off" {...field('specialties_sw')} />
      <div className="span-2">
        <TextAreaField label="Kiswahili bio (optional)" lang="sw" rows={4} {...field('bio_sw')} />
      </div>
    </FormModal>
  );
}
