import { useRef, useState, type SubmitEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { StatusScreen } from '../../components/layout/StatusScreen';
import { TextField } from '../../components/ui/TextField';
import { systemName, useChurchName } from '../../lib/settings';
import { useAuth } from '../../lib/auth/auth-context';
import { useSignIn } from './api/sign-in';
import { loginErrorMessage, loginTexts, validateLogin, type LoginErrors } from './login-form';

/** Where to go after signing in: the page the user came from, else the dashboard (§2.2). */
export function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login')
    ? from
    : '/dashboard';
}

/** The sign-in screen (spec: back-office.md §1, §2.2, §8). There is no self sign-up. */
export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const auth = useAuth();
  const churchName = useChurchName();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrors>({});
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const signIn = useSignIn();

  if (auth.loading) return <StatusScreen text="Checking authentication..." fullPage />;
  // Already signed in (another tab, or the back button): straight on.
  if (auth.user && !signIn.isPending) return <Navigate to={returnPath(location.state)} replace />;

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signIn.isPending) return;
    const values = { email: email.trim(), password };
    const found = validateLogin(values);
    setErrors(found);
    if (found.email) {
      emailInput.current?.focus();
      return;
    }
    if (found.password) {
      passwordInput.current?.focus();
      return;
    }
    signIn.mutate(values, {
      onSuccess: () => {
        void navigate(returnPath(location.state), { replace: true });
      },
    });
  };

  return (
    <main className="login">
      <title>{`Sign In | ${churchName ?? systemName}`}</title>
      <div className="login-card">
        <p className="login-church">{churchName ?? '\u00a0'}</p>
        <h1>{systemName}</h1>
        <p className="login-lead">
          The church&apos;s back office: sermons, events, announcements, members, attendance, prayer requests and
          giving, in one place for church staff.
        </p>
        {auth.sessionEnded ? (
          <p className="login-note" role="status">
            Your session has ended. Please sign in again.
          </p>
        ) : null}
        <form noValidate onSubmit={onSubmit} aria-label="Sign in">
          <TextField
            ref={emailInput}
            label={loginTexts.emailLabel}
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={email}
            error={errors.email}
            onChange={(event) => {
              setEmail(event.target.value);
              if (errors.email && event.target.value.trim() !== '') setErrors({ ...errors, email: undefined });
            }}
            onKeyDown={(event) => {
              // Enter in the email field moves on to the password instead of submitting.
              if (event.key === 'Enter') {
                event.preventDefault();
                passwordInput.current?.focus();
              }
            }}
          />
          <TextField
            ref={passwordInput}
            label={loginTexts.passwordLabel}
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            error={errors.password}
            onChange={(event) => {
              setPassword(event.target.value);
              if (errors.password && event.target.value !== '') setErrors({ ...errors, password: undefined });
            }}
          />
          {signIn.isError ? (
            <p className="form-error" role="alert">
              {loginErrorMessage(signIn.error)}
            </p>
          ) : null}
          <button type="submit" className="button" disabled={signIn.isPending}>
            {signIn.isPending ? loginTexts.submitting : loginTexts.submit}
          </button>
        </form>
        <p className="login-help">
          Accounts are created by the church. To get your login credentials, or if you have forgotten your
          password, contact the system administrator.
        </p>
      </div>
    </main>
  );
}
