import { KanisaError } from '@kanisa/client';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { Alert } from '../../components/ui/Alert';
import { Modal } from '../../components/ui/Modal';
import { SelectField } from '../../components/ui/SelectField';
import { TextAreaField } from '../../components/ui/TextAreaField';
import { TextField } from '../../components/ui/TextField';
import { useSaveLeader } from './api/save-leader';
import {
  categoryLabel,
  leaderCategories,
  leaderFromForm,
  leaderTexts,
  leaderToForm,
  newLeaderForm,
  validateLeader,
  type Leader,
  type LeaderFormErrors,
  type LeaderFormValues,
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
  const [values, setValues] = useState<LeaderFormValues>(() => (leader ? leaderToForm(leader) : newLeaderForm(listLength)));
  const [errors, setErrors] = useState<LeaderFormErrors>({});
  const [checks, setChecks] = useState(0);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (checks > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [checks]);

  const field = (name: keyof LeaderFormValues) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (change: { target: { value: string } }) => {
      const next = { ...values, [name]: change.target.value };
      setValues(next);
      if (errors[name]) setErrors({ ...errors, [name]: validateLeader(next)[name] });
    },
  });

  const categoryOptions = [
    ...leaderCategories,
    ...(values.category !== '' && !leaderCategories.some((c) => c.value === values.category)
      ? [{ value: values.category, label: categoryLabel(values.category) }]
      : []),
  ];

  const onSubmit = (submit: SubmitEvent<HTMLFormElement>) => {
    submit.preventDefault();
    if (save.isPending) return;
    const found = validateLeader(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setChecks((n) => n + 1);
      return;
    }
    save.mutate(
      { id: leader?.id, values: leaderFromForm(values) },
      {
        onSuccess: () => {
          onSaved(values.name.trim());
        },
        onError: (error) => {
          console.error('Saving the leader failed', error);
        },
      },
    );
  };

  const busy = save.isPending;
  return (
    <Modal title={leader ? 'Edit Leader' : 'Add New Leader'} onClose={onClose} busy={busy}>
      <form ref={form} noValidate onSubmit={onSubmit} aria-label={leader ? 'Edit leader' : 'New leader'}>
        <div className="modal-body">
          <p className="required-note">Fields marked * must be filled in.</p>
          {save.isError ? <Alert>{saveErrorText(save.error)}</Alert> : null}
          <div className="form-grid">
            <TextField label="Full Name *" required autoComplete="off" {...field('name')} />
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
            <TextField
              label="Specialties"
              hint="Separate with commas, e.g. Preaching, Counseling"
              autoComplete="off"
              {...field('specialties')}
            />
            <div className="span-2">
              <TextAreaField label="Bio" rows={4} {...field('bio')} />
            </div>
          </div>
        </div>
        <div className="modal-footer">
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Saving...' : leader ? 'Save Changes' : 'Add Leader'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
