import { useRef, useState, type SubmitEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { TextField } from '../../components/ui/TextField';
import { church } from '../../config/church';
import { useSignIn } from './api/sign-in';
import { loginErrorMessage, loginTexts, validateLogin, type LoginErrors } from './login-form';

/** Where to go after signing in: the page the user came from, else the dashboard (§2.2). */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && from !== '/login' ? from : '/dashboard';
}

/** The sign-in screen (spec: back-office.md §2.2). */
export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrors>({});
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

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
      <title>{`Sign In | ${church.name}`}</title>
      <div className="login-card">
        <p className="login-church">{church.name}</p>
        <h1>Church Management System</h1>
        <p className="login-lead">Sign in to manage the church&apos;s content, members and finances.</p>
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
          There is no self sign-up. Contact the system administrator for your login credentials.
        </p>
      </div>
    </main>
  );
}
