import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { json, renderAt, stubApi, testClient } from '../../test/render';
import LoginPage from './LoginPage';

const settingsRoute = {
  '/rest/v1/system_settings': () => json([{ value: 'Mount Zion Seventh-day Adventist Church' }]),
};

/** Stubs the API: `answer` decides each sign-in response; the church name comes from System Settings. */
function stubFetch(answer: () => Promise<Response>) {
  const fetchMock = stubApi({ ...settingsRoute, '/auth/v1/token': () => answer() });
  const signIns = () => fetchMock.mock.calls.filter(([input]) => (input as string).includes('/auth/v1/token'));
  return { fetchMock, signIns };
}

async function findFields() {
  await screen.findByLabelText('Email');
  return fields();
}

function fields() {
  return {
    email: screen.getByLabelText('Email'),
    password: screen.getByLabelText('Password'),
    submit: screen.getByRole('button', { name: 'Sign In' }),
  };
}

const session = {
  access_token: 'jwt',
  token_type: 'bearer',
  expires_in: 3600,
  refresh_token: 'r1',
  user: { id: 'u1', email: 'clerk@church.example', app_metadata: { role: 'ADMIN', rank: 5, permissions: [] }, user_metadata: {} },
};

function Where() {
  return <p>at {useLocation().pathname}</p>;
}

const withLandingPages = (
  <Routes>
    <Route path="/login" element={<LoginPage />} />
    <Route path="*" element={<Where />} />
  </Routes>
);

describe('LoginPage', () => {
  it('names the church from System Settings, labels both fields and says how to get credentials', async () => {
    stubApi(settingsRoute);
    renderAt('/login', withLandingPages);
    expect(await screen.findByText('Mount Zion Seventh-day Adventist Church')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Church Management System' })).toBeInTheDocument();
    const { email, password } = fields();
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('autocomplete', 'username');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByText(/contact the system administrator/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /sign up|register/i })).not.toBeInTheDocument();
    await waitFor(() => {
      expect(document.title).toBe('Sign In | Mount Zion Seventh-day Adventist Church');
    });
  });

  it('requires both fields and sends nothing until they are filled', async () => {
    const { signIns } = stubFetch(() => Promise.resolve(json(session, 200)));
    const user = userEvent.setup();
    renderAt('/login', withLandingPages);
    const { email, password, submit } = await findFields();

    await user.click(submit);
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Email is required');
    expect(password).toHaveAccessibleDescription('Password is required');
    expect(email).toHaveFocus();

    await user.type(email, 'clerk@church.example');
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    await user.click(submit);
    expect(password).toHaveFocus();
    expect(signIns()).toHaveLength(0);
  });

  it('treats an email of only spaces as missing', async () => {
    const { signIns } = stubFetch(() => Promise.resolve(json(session, 200)));
    const user = userEvent.setup();
    renderAt('/login', withLandingPages);
    await user.type((await findFields()).email, '   ');
    await user.type(fields().password, 'pw');
    await user.click(fields().submit);
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(signIns()).toHaveLength(0);
  });

  it('moves from email to password on Enter, then submits on Enter in the password', async () => {
    const { signIns } = stubFetch(() => Promise.resolve(json(session, 200)));
    const user = userEvent.setup();
    renderAt('/login', withLandingPages);
    const { email, password } = await findFields();

    await user.type(email, '  clerk@church.example{Enter}');
    expect(password).toHaveFocus();
    expect(signIns()).toHaveLength(0);
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();

    await user.type(password, 's3cret{Enter}');
    await waitFor(() => {
      expect(signIns()).toHaveLength(1);
    });
    const [url, init] = signIns()[0]!;
    expect(url).toBe('/auth/v1/token?grant_type=password');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(init?.body as string)).toEqual({ email: 'clerk@church.example', password: 's3cret' });
  });

  it('disables the button and reads "Signing in..." while the request is under way', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { signIns } = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderAt('/login', withLandingPages);
    await user.type((await findFields()).email, 'clerk@church.example');
    await user.type(fields().password, 'wrong');
    await user.click(fields().submit);

    const busy = await screen.findByRole('button', { name: 'Signing in...' });
    expect(busy).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), '{Enter}');

    answer(json({ code: 'invalid_credentials', message: 'Invalid login credentials' }, 400));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid login credentials');
    expect(fields().submit).toBeEnabled();
    expect(signIns()).toHaveLength(1);
  });

  it("shows the server's message for today's JSON 404 instead of crashing", async () => {
    stubFetch(() => Promise.resolve(json({ code: 'not_found', message: 'No route for POST /auth/v1/token' }, 404)));
    const user = userEvent.setup();
    renderAt('/login', withLandingPages);
    await user.type((await findFields()).email, 'clerk@church.example');
    await user.type(fields().password, 'pw{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent('No route for POST /auth/v1/token');
    expect(fields().email).toHaveValue('clerk@church.example');
  });

  it("reads the legacy auth envelope's msg", async () => {
    stubFetch(() =>
      Promise.resolve(json({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' }, 400)),
    );
    const user = userEvent.setup();
    renderAt('/login', withLandingPages);
    await user.type((await findFields()).email, 'clerk@church.example');
    await user.type(fields().password, 'pw{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid login credentials');
  });

  it("says 'Login failed. Please try again.' when the server gives no message", async () => {
    stubFetch(() => Promise.resolve(new Response('<h1>Bad Gateway</h1>', { status: 502 })));
    const user = userEvent.setup();
    renderAt('/login', withLandingPages);
    await user.type((await findFields()).email, 'clerk@church.example');
    await user.type(fields().password, 'pw{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Please try again.');
  });

  it('says the server could not be reached when the network fails', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const user = userEvent.setup();
    renderAt('/login', withLandingPages);
    await user.type((await findFields()).email, 'clerk@church.example');
    await user.type(fields().password, 'pw{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not reach the server. Check your internet connection and try again.',
    );
  });

  it('keeps the session and goes to /dashboard after signing in', async () => {
    stubFetch(() => Promise.resolve(json(session, 200)));
    const client = testClient();
    const user = userEvent.setup();
    renderAt('/login', withLandingPages, client);
    await user.type((await findFields()).email, 'clerk@church.example');
    await user.type(fields().password, 'pw{Enter}');

    expect(await screen.findByText('at /dashboard')).toBeInTheDocument();
    expect((await client.auth.getSession())?.access_token).toBe('jwt');
  });

  it("shows the server's lockout and deactivation texts", async () => {
    const answers = [
      json({ code: 429, error_code: 'user_locked', msg: 'Too many failed sign-in attempts. Try again in 15 minutes (after 07:50 Nairobi time).' }, 429),
      json({ code: 403, error_code: 'user_banned', msg: 'This account has been deactivated. Contact the system administrator.' }, 403),
    ];
    stubFetch(() => Promise.resolve(answers.shift()!));
    const user = userEvent.setup();
    renderAt('/login', withLandingPages);
    await user.type((await findFields()).email, 'clerk@church.example');
    await user.type(fields().password, 'pw{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many failed sign-in attempts. Try again in 15 minutes (after 07:50 Nairobi time).',
    );
    await user.type(fields().password, '{Enter}');
    await waitFor(() => {
      expect(screen.getByRole('alert')).toHaveTextContent('This account has been deactivated. Contact the system administrator.');
    });
  });

  it("shows 'Checking authentication...' while the stored session is read, then goes on when signed in", async () => {
    stubFetch(() => Promise.resolve(json(session, 200)));
    const client = testClient();
    let release: (value: null) => void = () => undefined;
    vi.spyOn(client.auth, 'getSession').mockReturnValue(new Promise((resolve) => (release = resolve)));
    renderAt('/login', withLandingPages, client);
    expect(await screen.findByText('Checking authentication...')).toBeInTheDocument();
    release(null);
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
  });

  it('goes back to the page the user came from', async () => {
    stubFetch(() => Promise.resolve(json(session, 200)));
    const user = userEvent.setup();
    renderAt({ pathname: '/login', state: { from: '/members' } }, withLandingPages);
    await user.type((await findFields()).email, 'clerk@church.example');
    await user.type(fields().password, 'pw{Enter}');
    expect(await screen.findByText('at /members')).toBeInTheDocument();
  });
});
