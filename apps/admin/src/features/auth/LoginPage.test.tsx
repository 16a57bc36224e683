import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../test/render';
import { LoginPage } from './LoginPage';
import { getSession, setSession } from './session';

type FetchArgs = [input: RequestInfo | URL, init?: RequestInit];

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Stubs the global fetch the client uses; `answer` decides each response. */
function stubFetch(answer: (...args: FetchArgs) => Promise<Response>) {
  const fetchMock = vi.fn(answer);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
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
  user: { id: 'u1', email: 'clerk@church.example' },
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
  it('names the church, labels both fields and says how to get credentials', () => {
    renderAt('/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Church Management System' })).toBeInTheDocument();
    const { email, password } = fields();
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('autocomplete', 'username');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByText(/Contact the system administrator/)).toBeInTheDocument();
    expect(document.title).toBe('Sign In | Seventh-day Adventist Church');
  });

  it('requires both fields and sends nothing until they are filled', async () => {
    const fetchMock = stubFetch(() => Promise.resolve(json(session, 200)));
    const user = userEvent.setup();
    renderAt('/login');
    const { email, password, submit } = fields();

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
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('treats an email of only spaces as missing', async () => {
    const fetchMock = stubFetch(() => Promise.resolve(json(session, 200)));
    const user = userEvent.setup();
    renderAt('/login');
    await user.type(fields().email, '   ');
    await user.type(fields().password, 'pw');
    await user.click(fields().submit);
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('moves from email to password on Enter, then submits on Enter in the password', async () => {
    const fetchMock = stubFetch(() => Promise.resolve(json(session, 200)));
    const user = userEvent.setup();
    renderAt('/login', withLandingPages);
    const { email, password } = fields();

    await user.type(email, '  clerk@church.example{Enter}');
    expect(password).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();

    await user.type(password, 's3cret{Enter}');
    await waitFor(() => {
      expect(fetchMock).toHaveBeenCalledOnce();
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/auth/v1/token?grant_type=password');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(init?.body as string)).toEqual({ email: 'clerk@church.example', password: 's3cret' });
  });

  it('disables the button and reads "Signing in..." while the request is under way', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderAt('/login');
    await user.type(fields().email, 'clerk@church.example');
    await user.type(fields().password, 'wrong');
    await user.click(fields().submit);

    const busy = await screen.findByRole('button', { name: 'Signing in...' });
    expect(busy).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), '{Enter}');

    answer(json({ code: 'invalid_credentials', message: 'Invalid login credentials' }, 400));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid login credentials');
    expect(fields().submit).toBeEnabled();
    expect(vi.mocked(fetch)).toHaveBeenCalledOnce();
  });

  it("shows the server's message for today's JSON 404 instead of crashing", async () => {
    stubFetch(() => Promise.resolve(json({ code: 'not_found', message: 'No route for POST /auth/v1/token' }, 404)));
    const user = userEvent.setup();
    renderAt('/login');
    await user.type(fields().email, 'clerk@church.example');
    await user.type(fields().password, 'pw{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent('No route for POST /auth/v1/token');
    expect(fields().email).toHaveValue('clerk@church.example');
  });

  it("reads the legacy auth envelope's msg", async () => {
    stubFetch(() =>
      Promise.resolve(json({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' }, 400)),
    );
    const user = userEvent.setup();
    renderAt('/login');
    await user.type(fields().email, 'clerk@church.example');
    await user.type(fields().password, 'pw{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid login credentials');
  });

  it("says 'Login failed. Please try again.' when the server gives no message", async () => {
    stubFetch(() => Promise.resolve(new Response('<h1>Bad Gateway</h1>', { status: 502 })));
    const user = userEvent.setup();
    renderAt('/login');
    await user.type(fields().email, 'clerk@church.example');
    await user.type(fields().password, 'pw{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Please try again.');
  });

  it('says the server could not be reached when the network fails', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const user = userEvent.setup();
    renderAt('/login');
    await user.type(fields().email, 'clerk@church.example');
    await user.type(fields().password, 'pw{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not reach the server. Check your internet connection and try again.',
    );
  });

  it('keeps the session and goes to /dashboard after signing in', async () => {
    setSession(null);
    stubFetch(() => Promise.resolve(json(session, 200)));
    const user = userEvent.setup();
    renderAt('/login', withLandingPages);
    await user.type(fields().email, 'clerk@church.example');
    await user.type(fields().password, 'pw{Enter}');

    expect(await screen.findByText('at /dashboard')).toBeInTheDocument();
    expect(getSession()).toEqual(session);
  });

  it('goes back to the page the user came from', async () => {
    stubFetch(() => Promise.resolve(json(session, 200)));
    const user = userEvent.setup();
    renderAt({ pathname: '/login', state: { from: '/members' } }, withLandingPages);
    await user.type(fields().email, 'clerk@church.example');
    await user.type(fields().password, 'pw{Enter}');
    expect(await screen.findByText('at /members')).toBeInTheDocument();
  });
});
