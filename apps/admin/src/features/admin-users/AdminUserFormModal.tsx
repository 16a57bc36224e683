import { useId, useState } from 'react';
import { CheckboxField } from '../../components/ui/CheckboxField';
import { FormModal } from '../../components/ui/FormModal';
import { SelectField } from '../../components/ui/SelectField';
import { TextField } from '../../components/ui/TextField';
import { useFormModal } from '../../components/ui/use-form-modal';
import {
  adminRoles,
  adminTexts,
  adminToForm,
  createBody,
  defaultPermissions,
  emptyAdminForm,
  isAdminRole,
  isScopedRole,
  noScope,
  permissionGroups,
  saveErrorText,
  scopeChange,
  updateBody,
  validateAdminForm,
  type AdminFormValues,
  type AdminUser,
  type ScopeOption,
  type StaffScope,
} from './admin-user-rules';
import { useMinPasswordLength } from './api/get-min-password-length';
import type { StaffScopes } from './api/get-staff-scopes';
import { useSaveAdminUser, type SaveAdminUser } from './api/save-admin-user';

interface Props {
  /** The admin to edit; absent to add a new one. */
  user?: AdminUser | undefined;
  /** Every account's ministries and departments and those to choose from; undefined while loading. */
  scopes: StaffScopes | undefined;
  /** The links could not be read: a leader's cannot be changed this time. */
  scopesFailed: boolean;
  onClose: () => void;
  onSaved: () => void;
}

const roleOptions = adminRoles.map(({ value, label }) => ({ value, label }));

type ScopeKey = 'ministries' | 'departments';

/**
 * Add or edit a staff account (§2.14, §5, §6.3): e-mail (fixed once made), full name, the
 * password twice on a new account (optional on an existing one: a new password, which also
 * signs the account out everywhere), the role, and its permissions in groups — choosing a role
 * ticks its defaults, which can then be adjusted. A Ministry Leader or Department Head also
 * gets the ministries and departments they lead (issue 31): what they may see of members,
 * events and messages. What is typed stays when saving fails.
 */
export function AdminUserFormModal({ user, scopes, scopesFailed, onClose, onSaved }: Props) {
  const isNew = user === undefined;
  const minLength = useMinPasswordLength();
  const save = useSaveAdminUser();
  // What the account leads now; null until the links are known (nothing is sent for them then).
  const [before, setBefore] = useState<StaffScope | null>(() => {
    if (isNew) return noScope;
    return scopes ? (scopes.byUser.get(user.id) ?? noScope) : null;
  });
  const form = useFormModal({
    initial: () => (user ? adminToForm(user, before ?? noScope) : emptyAdminForm()),
    validate: (values) => validateAdminForm(values, { isNew, minLength }),
    save,
    toInput: (values): SaveAdminUser => {
      const scope = before ? scopeChange(values.role, before, values) : undefined;
      return user ? { kind: 'update', id: user.id, body: updateBody(user, values), scope } : { kind: 'create', body: createBody(values), scope };
    },
    onSaved,
    failureLog: isNew ? 'Creating the admin user failed' : 'Saving the admin user failed',
  });
  const { values, setValues, field } = form;
  const everything = values.role === 'SUPER_ADMIN';
  const scopeHintId = useId();

  // The links arrived after the dialog opened: start from them (state adjusted while rendering,
  // before anything is shown with the empty lists).
  if (before === null && scopes && user) {
    const scope = scopes.byUser.get(user.id) ?? noScope;
    setBefore(scope);
    setValues((current: AdminFormValues) => ({ ...current, ministries: [...scope.ministries], departments: [...scope.departments] }));
  }

  const togglePermission = (permission: string, on: boolean) => {
    setValues({
      ...values,
      permissions: on ? [...values.permissions, permission] : values.permissions.filter((chosen) => chosen !== permission),
    });
  };
  const toggleScope = (key: ScopeKey, id: string, on: boolean) => {
    setValues({ ...values, [key]: on ? [...values[key], id] : values[key].filter((chosen) => chosen !== id) });
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

      {isScopedRole(values.role) ? (
        <fieldset className="span-2 admin-permissions admin-scope" aria-describedby={scopeHintId}>
          <legend>{adminTexts.scopeLegend}</legend>
          <p className="field-hint" id={scopeHintId}>
            {adminTexts.scopeHint}
          </p>
          {before === null || !scopes ? (
            scopesFailed ? (
              <p className="field-error" role="alert">
                Could not load the ministries and departments; what this leader leads stays as it is.
              </p>
            ) : (
              <p className="field-hint">Loading ministries and departments...</p>
            )
          ) : (
            <>
              <div className="admin-permission-groups">
                <ScopeGroup
                  legend="Ministries"
                  empty={adminTexts.noMinistries}
                  name="ministries"
                  options={scopes.ministries}
                  chosen={values.ministries}
                  onToggle={(id, on) => {
                    toggleScope('ministries', id, on);
                  }}
                />
                <ScopeGroup
                  legend="Departments"
                  empty={adminTexts.noDepartments}
                  name="departments"
                  options={scopes.departments}
                  chosen={values.departments}
                  onToggle={(id, on) => {
                    toggleScope('departments', id, on);
                  }}
                />
              </div>
              {values.ministries.length === 0 && values.departments.length === 0 ? <p className="field-hint">{adminTexts.scopeNone}</p> : null}
            </>
          )}
        </fieldset>
      ) : null}

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

/** One list of ministries or departments to tick. */
function ScopeGroup({
  legend,
  empty,
  name,
  options,
  chosen,
  onToggle,
}: {
  legend: string;
  empty: string;
  name: ScopeKey;
  options: readonly ScopeOption[];
  chosen: readonly string[];
  onToggle: (id: string, on: boolean) => void;
}) {
  return (
    <fieldset className="admin-permission-group admin-scope-group">
      <legend>{legend}</legend>
      {options.length === 0 ? <p className="field-hint">{empty}</p> : null}
      {options.map((option) => (
        <CheckboxField
          key={option.id}
          label={option.label}
          name={name}
          value={option.id}
          checked={chosen.includes(option.id)}
          onChange={(event) => {
            onToggle(option.id, event.target.checked);
          }}
        />
      ))}
    </fieldset>
  );
}
