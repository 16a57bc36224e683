import { render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { AUTH_INIT_TIMEOUT_MS } from '../lib/auth/AuthProvider';
import { useAuth } from '../lib/auth/auth-context';
import { serverAnswers } from '../test/roles';
import { json, renderAt, sessionFor, stubApi, testClient } from '../test/render';

// The content pages are another engineer's; here only the route to them matters.
vi.mock('../features/sermons/SermonsPage', () => ({ default: () => <h1>Sermons page</h1> }));
vi.mock('../features/events/EventsPage', () => ({ default: () => <h1>Events page</h1> }));
vi.mock('../features/announcements/AnnouncementsPage', () => ({ default: () => <h1>Announcements page</h1> }));
vi.mock('../features/leaders/LeadersPage', () => ({ default: () => <h1>Leaders page</h1> }));
vi.mock('../features/members/MembersPage', () => ({ default: () => <h1>Members</h1> }));

const profileRow = (fullName: string) => ({
  id: 'user-1',
  email: 'staff@church.example',
  full_name: fullName,
  role: 'MEMBER',
  permissions: null,
  is_active: true,
  last_sign_in_at: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});

/** Renders the whole app at `path`, signed in with `role`'s server answer (or signed out). */
function renderSignedIn(path: string, role: keyof typeof serverAnswers | null, routes: Parameters<typeof stubApi>[0] = {}) {
  stubApi({
    '/rest/v1/users': () => json([profileRow('Carol Content')]),
    '/functions/v1/service-modes': () => json({ email: { live: false }, sms: { live: true }, payments: { live: false } }),
    ...routes,
  });
  const client = testClient(role ? sessionFor(serverAnswers[role], 'Carol Content') : null);
  return { client, ...renderAt(path, undefined, client) };
}

describe('route guard (§2.3)', () => {
  it('sends a signed-out visitor to sign in, remembering the path, and back there afterwards', async () => {
    const user = userEvent.setup();
    stubApi({
      '/auth/v1/token': () => json(sessionFor(serverAnswers.CONTENT_ADMIN, 'Carol Content')),
      '/rest/v1/users': () => json([profileRow('Carol Content')]),
    });
    renderAt('/sermons');
    await user.type(await screen.findByLabelText('Email'), 'carol@church.example');
    await user.type(screen.getByLabelText('Password'), 'pw{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sermons page' })).toBeInTheDocument();
  });

  it.each(['/', '/no-such-page', '/content/deeper'])('%s goes to the dashboard', async (path) => {
    renderSignedIn(path, 'CONTENT_ADMIN');
    expect(await screen.findByRole('heading', { level: 1, name: 'Content Management Dashboard' })).toBeInTheDocument();
  });

  it('shows Access Denied with the role and the required role when the role is too low', async () => {
    renderSignedIn('/settings', 'ADMIN');
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to access this page.")).toBeInTheDocument();
    expect(screen.getByText('You need Super Admin privileges to access the system settings.')).toBeInTheDocument();
    expect(screen.getByText('Your role').nextElementSibling).toHaveTextContent('Admin');
    expect(screen.getByText('Required role').nextElementSibling).toHaveTextContent('Super Admin');
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
  });

  it('shows Insufficient Permissions naming the permission when the role passes but the permission is missing', async () => {
    renderSignedIn('/donations', 'CONTENT_ADMIN');
    expect(await screen.findByRole('heading', { level: 1, name: 'Insufficient Permissions' })).toBeInTheDocument();
    expect(screen.getByText("You don't have the required permissions to access this feature.")).toBeInTheDocument();
    // In the words of the Admin Users form, not the key (issue 41).
    expect(screen.getByText('Required permission').nextElementSibling).toHaveTextContent(/^Manage donations$/);
    expect(screen.queryByText(/manage_donations/)).not.toBeInTheDocument();
  });

  it('names the permission in words: the attendance screen needs Record attendance (issue 41)', async () => {
    renderSignedIn('/attendance', 'CONTENT_ADMIN');
    expect(await screen.findByRole('heading', { level: 1, name: 'Insufficient Permissions' })).toBeInTheDocument();
    expect(screen.getByText('Required permission').nextElementSibling).toHaveTextContent(/^Record attendance$/);
    expect(screen.queryByText(/manage_attendance/)).not.toBeInTheDocument();
  });

  it('names any one of several permissions in words (issue 41)', async () => {
    renderSignedIn('/communication', 'CONTENT_ADMIN');
    expect(await screen.findByText('Required permission (any one)')).toBeInTheDocument();
    expect(screen.getByText('Required permission (any one)').nextElementSibling).toHaveTextContent(
      /^Manage communications or Send communications or Send text messages or Send e-mails$/,
    );
  });

  it("lets a CONTENT_ADMIN into the content pages its permissions name (ADMIN level = the admin roles)", async () => {
    renderSignedIn('/leaders', 'CONTENT_ADMIN');
    expect(await screen.findByRole('heading', { level: 1, name: 'Leaders page' })).toBeInTheDocument();
  });

  it('keeps a MEMBER out of the admin screens but shows the dashboard', async () => {
    renderSignedIn('/members', 'MEMBER');
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText('Required role').nextElementSibling).toHaveTextContent('Admin');
  });

  it("shows 'Loading user profile...' while the profile loads, where more than MEMBER is needed", async () => {
    let answer: ((r: Response) => void) | undefined;
    renderSignedIn('/members', 'ADMIN', { '/rest/v1/users': () => new Promise<Response>((resolve) => (answer = resolve)) });
    expect(await screen.findByText('Loading user profile...')).toBeInTheDocument();
    // The screen may show before the profile is asked for: answer the request once it is made.
    const reply = await vi.waitFor(() => {
      if (!answer) throw new Error('the profile has not been asked for yet');
      return answer;
    });
    reply(json([profileRow('Amos Admin')]));
    expect(await screen.findByRole('heading', { level: 1, name: 'Members' })).toBeInTheDocument();
  });

  it('keeps the user signed in with an empty profile when the profile fails to load', async () => {
    renderSignedIn('/dashboard', 'ELDER', {
      '/rest/v1/users': () => json({ code: 'XX000', message: 'boom', details: null, hint: null }, 500),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    // The name falls back to the one the session carries.
    expect(screen.getAllByText('Carol Content').length).toBeGreaterThan(0);
  });
});

describe('session (§4)', () => {
  it('sends the user to sign in, with a word of explanation, when the server ends the session', async () => {
    const { client } = renderSignedIn('/members', 'ADMIN', {
      '/auth/v1/token': () => json({ code: 400, error_code: 'refresh_token_not_found', msg: 'Invalid Refresh Token' }, 400),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Members' })).toBeInTheDocument();
    await client.auth.refreshSession();
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
  });


  it('ends loading after 3 s even when reading the session hangs', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      stubApi();
      const client = testClient();
      vi.spyOn(client.auth, 'getSession').mockReturnValue(new Promise(() => undefined));
      renderAt('/dashboard', undefined, client);
      expect(screen.getByRole('status')).toHaveTextContent('Loading...');
      await vi.advanceTimersByTimeAsync(AUTH_INIT_TIMEOUT_MS - 100);
      expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(200);
      expect(await screen.findByLabelText('Email')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('useAuth outside its provider says so', () => {
    function Probe() {
      useAuth();
      return null;
    }
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderAtBare(<Probe />)).toThrow('useAuth must be used within an AuthProvider');
  });
});

describe('layout (§2.4)', () => {
  it('shows the menu for the role, the header, the demo banner and signs out', async () => {
    const user = userEvent.setup();
    const { client } = renderSignedIn('/dashboard', 'CONTENT_ADMIN', { '/auth/v1/logout': () => json(null, 204) });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const links = Array.from(nav.querySelectorAll('a, button')).map((el) => el.textContent);
    expect(links).toEqual(['Dashboard', 'Members', 'Content', 'Sermons', 'Events', 'Announcements', 'Leaders', 'Site Content']);
    expect(screen.getByRole('button', { name: 'Content' })).toHaveAttribute('aria-expanded', 'false');
    await user.click(screen.getByRole('button', { name: 'Content' }));
    expect(screen.getByRole('button', { name: 'Content' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: /View Website/ })).toHaveAttribute('target', '_blank');

    expect(await screen.findByRole('note')).toHaveTextContent(
      'Demo mode: e-mail and payments are simulated — nothing is really sent or charged.',
    );
    const account = screen.getByRole('button', { name: /account menu/ });
    expect(account).toHaveTextContent('Content Admin');
    await user.click(account);
    expect(screen.getByText('staff@church.example')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Your Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
    expect(await client.auth.getSession()).toBeNull();
    // Signing out on purpose needs no explanation.
    expect(screen.queryByText('Your session has ended. Please sign in again.')).not.toBeInTheDocument();
  });

  it('offers Settings in the account menu to whoever may open it', async () => {
    const user = userEvent.setup();
    renderSignedIn('/dashboard', 'SUPER_ADMIN');
    await user.click(await screen.findByRole('button', { name: /account menu/ }));
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
  });

  it('opens the drawer from the menu button; the overlay, Escape and moving to another page close it', async () => {
    const user = userEvent.setup();
    const { container } = renderSignedIn('/dashboard', 'CONTENT_ADMIN');
    const menuButton = await screen.findByRole('button', { name: 'Menu' });
    const sidebar = container.querySelector('#admin-sidebar')!;
    expect(menuButton).toHaveAttribute('aria-controls', 'admin-sidebar');

    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(sidebar).toHaveClass('sidebar-open');
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveFocus();
    expect(container.querySelector('.admin-main')).toHaveAttribute('inert');
    await user.click(container.querySelector('.sidebar-overlay')!);
    expect(sidebar).not.toHaveClass('sidebar-open');
    expect(menuButton).toHaveFocus();

    await user.click(menuButton);
    await user.keyboard('{Escape}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    await user.click(menuButton);
    await user.click(screen.getByRole('link', { name: 'Members' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Members' })).toBeInTheDocument();
    expect(sidebar).not.toHaveClass('sidebar-open');
  });

  it('opens the group of the current page', async () => {
    renderSignedIn('/budget', 'FINANCE_ADMIN');
    expect(await screen.findByRole('button', { name: 'Financial' })).toHaveAttribute('aria-expanded', 'true');
  });
});

function Where() {
  return <p>at {useLocation().pathname}</p>;
}

describe('returning to the page after sign-in', () => {
  it('does not return to the sign-in page itself', async () => {
    const user = userEvent.setup();
    stubApi({ '/auth/v1/token': () => json(sessionFor(serverAnswers.MEMBER)) });
    const { default: LoginPage } = await import('../features/auth/LoginPage');
    const { Route, Routes } = await import('react-router-dom');
    renderAt(
      { pathname: '/login', state: { from: '/login' } },
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="*" element={<Where />} />
      </Routes>,
    );
    await user.type(await screen.findByLabelText('Email'), 'm@church.example');
    await user.type(screen.getByLabelText('Password'), 'pw{Enter}');
    await waitFor(() => {
      expect(screen.getByText('at /dashboard')).toBeInTheDocument();
    });
  });
});

function renderAtBare(ui: ReactElement) {
  return render(ui);
}
