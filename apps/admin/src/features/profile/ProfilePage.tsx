import { useState, type SubmitEvent } from 'react';
import { Spinner } from '../../components/ui/Spinner';
import { TextField } from '../../components/ui/TextField';
import { roleLabel } from '../../lib/access';
import { useAuth } from '../../lib/auth/auth-context';
import { useChangeOwnPassword, useSaveOwnName } from './api/update-account';
import './profile.css';
import { profileTexts, serverMessage, validateName, validatePassword, type PasswordErrors } from './profile-form';

/** Your Profile (spec README point 18): the user's name and password. */
export default function ProfilePage() {
  const { user, profile, profileStatus, access } = useAuth();
  if (!user || !access) return null;
  const currentName =
    profile?.full_name ?? (typeof user.user_metadata.full_name === 'string' ? user.user_metadata.full_name : '');
  return (
    <div className="profile-page">
      <title>Your Profile</title>
      <h1>Your Profile</h1>
      <dl className="profile-facts">
        <div>
          <dt>E-mail</dt>
          <dd>{user.email}</dd>
        </div>
        <div>
          <dt>Role</dt>
          <dd>{roleLabel(access.role)}</dd>
        </div>
      </dl>
      {/* The field starts from the saved profile: wait for it rather than start from the
          account's copy of the name and keep that when the profile says otherwise. */}
      {profileStatus === 'loading' ? <Spinner label="Loading your name..." /> : <NameForm key={user.id} initial={currentName} />}
      <PasswordForm />
    </div>
  );
}

function NameForm({ initial }: { initial: string }) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const save = useSaveOwnName();

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateName(name);
    setError(found);
    if (!found) save.mutate(name.trim());
  };

  return (
    <section className="profile-card" aria-labelledby="name-title">
      <h2 id="name-title">Your name</h2>
      <form noValidate onSubmit={onSubmit} aria-labelledby="name-title">
        <TextField
          label="Full name"
          name="full_name"
          autoComplete="name"
          required
          value={name}
          error={error}
          onChange={(event) => {
            setName(event.target.value);
            save.reset();
            if (error && event.target.value.trim() !== '') setError(undefined);
          }}
        />
        {save.isError ? (
          <p className="form-error" role="alert">
            {serverMessage(save.error)}
          </p>
        ) : null}
        {save.isSuccess ? (
          <p className="form-success" role="status">
            {profileTexts.nameSaved}
          </p>
        ) : null}
        <button type="submit" className="button button-inline" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save name'}
        </button>
      </form>
    </section>
  );
}

const emptyPasswords = { current: '', next: '', confirm: '' };

function PasswordForm() {
  const [values, setValues] = useState(emptyPasswords);
  const [errors, setErrors] = useState<PasswordErrors>({});
  const change = useChangeOwnPassword();

  const field = (key: keyof typeof values) => ({
    value: values[key],
    error: errors[key],
    onChange: (event: { target: { value: string } }) => {
      setValues({ ...values, [key]: event.target.value });
      change.reset();
      if (errors[key]) setErrors({ ...errors, [key]: undefined });
    },
  });

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validatePassword(values);
    setErrors(found);
    if (Object.keys(found).length === 0) {
      change.mutate({ current: values.current, next: values.next }, { onSuccess: () => { setValues(emptyPasswords); } });
    }
  };

  return (
    <section className="profile-card" aria-labelledby="password-title">
      <h2 id="password-title">Change password</h2>
      <form noValidate onSubmit={onSubmit} aria-labelledby="password-title">
        <TextField label="Current password" type="password" name="current_password" autoComplete="current-password" required {...field('current')} />
        <TextField label="New password" type="password" name="new_password" autoComplete="new-password" required {...field('next')} />
        <TextField
          label="Confirm new password"
          type="password"
          name="confirm_password"
          autoComplete="new-password"
          required
          {...field('confirm')}
        />
        {change.isError ? (
          <p className="form-error" role="alert">
            {serverMessage(change.error)}
          </p>
        ) : null}
        {change.isSuccess ? (
          <p className="form-success" role="status">
            {profileTexts.passwordChanged}
          </p>
        ) : null}
        <button type="submit" className="button button-inline" disabled={change.isPending}>
          {change.isPending ? 'Changing...' : 'Change password'}
        </button>
      </form>
    </section>
  );
}
