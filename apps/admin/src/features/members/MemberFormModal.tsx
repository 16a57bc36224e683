import { useRef } from 'react';
import { CheckboxField } from '../../components/ui/CheckboxField';
import { FormModal } from '../../components/ui/FormModal';
import { SelectField } from '../../components/ui/SelectField';
import { TextField } from '../../components/ui/TextField';
import { useFormModal } from '../../components/ui/use-form-modal';
import { useMinistryChoices } from './api/get-ministries';
import { useSaveMember } from './api/save-member';
import { emptyMemberForm, maritalStatuses, memberFromForm, memberToForm, saveErrorText, validateMember, type Member } from './member-form';

interface Props {
  /** The member to edit; absent to add a new one. */
  member?: Member | undefined;
  onClose: () => void;
  onSaved: (name: string) => void;
}

const maritalOptions = [{ value: '', label: 'Not stated' }, ...maritalStatuses];

/**
 * Add or edit a member (§2.8, §5), with the ministries they take part in. Nothing typed is lost
 * when saving fails: the dialog stays open.
 */
export function MemberFormModal({ member, onClose, onSaved }: Props) {
  // A new member whose row was written before a later step failed: the next attempt updates it.
  const created = useRef<string | undefined>(undefined);
  const save = useSaveMember((id) => {
    created.current = id;
  });
  const ministries = useMinistryChoices();
  const form = useFormModal({
    initial: () => (member ? memberToForm(member) : emptyMemberForm),
    validate: validateMember,
    save,
    toInput: (values) => ({
      id: member?.id ?? created.current,
      values: memberFromForm(values),
      ministries: { before: member?.ministry_ids ?? [], after: values.ministry_ids },
    }),
    onSaved: (values) => {
      onSaved(`${values.first_name.trim()} ${values.last_name.trim()}`);
    },
    failureLog: 'Saving the member failed',
  });
  const { values, setValues, field } = form;

  // Links to ministries that are no longer active are kept (they are not offered here).
  const choices = ministries.data ?? [];
  const toggleMinistry = (id: string, on: boolean) => {
    setValues({ ...values, ministry_ids: on ? [...values.ministry_ids, id] : values.ministry_ids.filter((chosen) => chosen !== id) });
  };

  return (
    <FormModal
      title={member ? 'Edit Member' : 'Add New Member'}
      formLabel={member ? 'Edit member' : 'New member'}
      form={form}
      saveError={save.error}
      saveErrorText={(error) => saveErrorText(error, values.membership_number)}
      submitLabel={member ? 'Save Changes' : 'Add Member'}
      onClose={onClose}
    >
      <TextField label="First Name *" required autoComplete="off" {...field('first_name')} />
      <TextField label="Last Name *" required autoComplete="off" {...field('last_name')} />
      <TextField label="Membership Number" autoComplete="off" hint="Leave empty if the member has none yet." {...field('membership_number')} />
      <SelectField label="Marital Status" options={maritalOptions} {...field('marital_status')} />
      <TextField label="Email" type="email" inputMode="email" autoComplete="off" {...field('email')} />
      <TextField label="Phone" type="tel" inputMode="tel" autoComplete="off" placeholder="+254 7XX XXX XXX" {...field('phone')} />
      <div className="span-2">
        <TextField label="Address" autoComplete="off" {...field('address')} />
      </div>
      <TextField label="Date of Birth" type="date" {...field('date_of_birth')} />
      <TextField label="Baptism Date" type="date" {...field('baptism_date')} />
      <TextField label="Membership Date" type="date" {...field('membership_date')} />
      <CheckboxField
        label="Active member"
        hint="Inactive members stay on record but leave the active lists."
        checked={values.is_active}
        onChange={(event) => {
          setValues({ ...values, is_active: event.target.checked });
        }}
      />

      <fieldset className="span-2 form-fieldset">
        <legend>Emergency Contact</legend>
        <div className="form-grid form-grid-3">
          <TextField label="Contact Name" autoComplete="off" {...field('emergency_name')} />
          <TextField label="Contact Phone" type="tel" inputMode="tel" autoComplete="off" {...field('emergency_phone')} />
          <TextField label="Relationship" autoComplete="off" placeholder="e.g. Spouse" {...field('emergency_relationship')} />
        </div>
      </fieldset>

      <fieldset className="span-2 form-fieldset">
        <legend>Ministries</legend>
        {ministries.isPending ? (
          <p className="field-hint">Loading ministries...</p>
        ) : ministries.isError ? (
          <p className="field-hint">The ministries could not be loaded; the member’s ministries stay as they are.</p>
        ) : choices.length === 0 ? (
          <p className="field-hint">No ministries have been set up yet.</p>
        ) : (
          <div className="ministry-choices">
            {choices.map((ministry) => (
              <CheckboxField
                key={ministry.id}
                label={ministry.name}
                checked={values.ministry_ids.includes(ministry.id)}
                onChange={(event) => {
                  toggleMinistry(ministry.id, event.target.checked);
                }}
              />
            ))}
          </div>
        )}
      </fieldset>
    </FormModal>
  );
}
