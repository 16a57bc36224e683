import { CheckboxField } from '../../components/ui/CheckboxField';
import { FormModal } from '../../components/ui/FormModal';
import { SelectField } from '../../components/ui/SelectField';
import { TextField } from '../../components/ui/TextField';
import { useFormModal } from '../../components/ui/use-form-modal';
import {
  adminRoles,
  adminToForm,
  createBody,
  defaultPermissions,
  emptyAdminForm,
  isAdminRole,
  permissionGroups,
  saveErrorText,
  updateBody,
  validateAdminForm,
  type AdminUser,
} from './admin-user-rules';
import { useMinPasswordLength } from './api/get-min-password-length';
import { useSaveAdminUser, type SaveAdminUser } from './api/save-admin-user';

interface Props {
  /** The admin to edit; absent to add a new one. */
  user?: AdminUser | undefined;
  onClose: () => void;
  onSaved: () => void;
}

const roleOptions = adminRoles.map(({ value, label }) => ({ value, label }));

/**
 * Add or edit a staff account (§2.14, §5, §6.3): e-mail (fixed once made), full name, the
 * password twice on a new account (optional on an existing one: a new password, which also
 * signs the account out everywhere), the role, and its permissions in groups — choosing a role
 * ticks its defaults, which can then be adjusted. What is typed stays when saving fails.
 */
export function AdminUserFormModal({ user, onClose, onSaved }: Props) {
  const isNew = user === undefined;
  const minLength = useMinPasswordLength();
  const save = useSaveAdminUser();
  const form = useFormModal({
    initial: () => (user ? adminToForm(user) : emptyAdminForm()),
    validate: (values) => validateAdminForm(values, { isNew, minLength }),
    save,
    toInput: (values): SaveAdminUser => (user ? { kind: 'update', id: user.id, body: updateBody(user, values) } : { kind: 'create', body: createBody(values) }),
    onSaved,
    failureLog: isNew ? 'Creating the admin user failed' : 'Saving the admin user failed',
  });
  const { values, setValues, field } = form;
  const everything = values.role === 'SUPER_ADMIN';

  const togglePermission = (permission: string, on: boolean) => {
    setValues({
      ...values,
      permissions: on ? [...values.permissions, permission] : values.permissions.filter((chosen) => chosen !== permission),
    });
  };

  return (
    <FormModal
      title={isNew ? 'Add Admin User' : 'Edit Admin User'}
      note={
        isNew
          ? `Fields marked * must be filled in. The password needs at least ${String(minLength)} characters.`
          : `Fields marked * must be filled in. Leave the new password empty to keep the current one; a new one needs at least ${String(minLength)} characters.`
      }
      formLabel={isNew ? 'New admin user' : 'Edit admin user'}
      form={form}
      saveError={save.error}
      saveErrorText={(error) => saveErrorText(error, { isNew, minLength })}
      withDetail={false}
      submitLabel={isNew ? 'Create Admin User' : 'Save Changes'}
      onClose={onClose}
    >
      {isNew ? (
        <TextField label="Email *" type="email" inputMode="email" autoComplete="off" required {...field('email')} />
      ) : (
        <TextField
          label="Email"
          type="email"
          value={values.email}
          readOnly
          aria-readonly="true"
          hint="The e-mail of an existing admin cannot be changed."
        />
      )}
      <TextField label="Full Name *" autoComplete="off" required {...field('full_name')} />
      <TextField
        label={isNew ? 'Password *' : 'New Password'}
        type="password"
        autoComplete="new-password"
        required={isNew}
        {...field('password')}
      />
      <TextField
        label={isNew ? 'Confirm Password *' : 'Confirm New Password'}
        type="password"
        autoComplete="new-password"
        required={isNew}
        {...field('confirm')}
      />
      <div className="span-2">
        <SelectField
          label="Role *"
          options={roleOptions}
          hint="Choosing a role ticks its usual permissions; adjust them below."
          {...field('role')}
          onChange={(event) => {
            const role = event.target.value;
            if (isAdminRole(role)) setValues({ ...values, role, permissions: defaultPermissions(role) });
          }}
        />
      </div>

      <fieldset className="span-2 admin-permissions">
        <legend>Permissions</legend>
        {everything ? <p className="field-hint">A Super Admin always holds every permission.</p> : null}
        <div className="admin-permission-groups">
          {permissionGroups.map((group) => (
            <fieldset key={group.id} className="admin-permission-group">
              <legend>{group.label}</legend>
              {group.permissions.map((permission) => (
                <CheckboxField
                  key={permission.value}
                  label={permission.label}
                  name="permissions"
                  value={permission.value}
                  checked={everything || values.permissions.includes(permission.value)}
                  disabled={everything}
                  onChange={(event) => {
                    togglePermission(permission.value, event.target.checked);
                  }}
                />
              ))}
            </fieldset>
          ))}
        </div>
      </fieldset>
    </FormModal>
  );
}
