import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { json, renderAt, sessionFor, stubApi, testClient } from '../../test/render';
import type { AccessUser } from '../../lib/access';
import { serverAnswers } from '../../test/roles';
import PrayerRequestsPage from './PrayerRequestsPage';

function urlOf(input: RequestInfo | URL): string {
  return input instanceof Request ? input.url : input.toString();
}

const base = {
  urgency: 'normal',
  privacy_level: 'private',
  submitter_email: null,
  submitter_phone: null,
  requester_id: null,
  assigned_to: null,
  created_at: '2026-11-21T16:20:00Z',
  updated_at: '2026-11-21T16:20:00Z',
  requester: null,
  assigned_user: null,
};

const surgery = {
  ...base,
  id: 'p1',
  title: 'Surgery on Tuesday',
  description: `Please pray for my father. ${'He is undergoing surgery at the county hospital. '.repeat(5)}Thank you.`,
  urgency: 'high',
  status: 'open',
  privacy_level: 'public',
  submitter_name: 'Beatrice Wambui',
  submitter_email: 'beatrice@example.org',
};
const exams = {
  ...base,
  id: 'p2',
  title: 'Exams',
  description: 'Pray for the candidates.',
  status: 'in_progress',
  submitter_name: null,
  requester_id: 'u9',
  requester: { full_name: 'Martha Member', email: 'martha@example.org' },
  assigned_to: 'u7',
  assigned_user: { full_name: 'Elijah Elder' },
};
const baby = { ...base, id: 'p3', title: 'Safe delivery', description: 'Thank God with us.', status: 'answered', submitter_name: 'Wycliffe', source: 'ussd' };
const rain = { ...base, id: 'p4', title: 'Rain', description: 'Rain for the farm.', status: 'closed', submitter_name: null, urgency: 'low' };

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

type Row = typeof surgery | typeof exams | typeof baby | typeof rain;

function renderPage(
  rows: Row[],
  patch: (url: URL, body: Record<string, unknown>) => Response = () => json({ id: 'x' }),
  total?: number,
  access: AccessUser = serverAnswers.ELDER,
) {
  const fetchMock = stubApi({
    '/rest/v1/users': () => json([{ id: 'user-1', full_name: 'Elijah Elder', email: 'elder@church.example', role: 'ELDER' }]),
    '/rest/v1/staff_names': () =>
      json([
        { id: 'u7', full_name: 'Elijah Elder' },
        { id: 'u9', full_name: 'Martha Member' },
        { id: 'user-1', full_name: 'Elijah Elder' },
      ]),
    '/rest/v1/prayer_requests': (url, init) => {
      if (init?.method === 'PATCH') return patch(url, JSON.parse(init.body as string) as Record<string, unknown>);
      const status = url.searchParams.get('status');
      const shown = status ? rows.filter((row) => `eq.${row.status}` === status) : rows;
      const offset = Number(url.searchParams.get('offset') ?? '0');
      return json(shown, 200, { 'content-range': `${String(offset)}-${String(offset + shown.length - 1)}/${String(total ?? shown.length)}` });
    },
  });
  renderAt(
    '/prayer-requests',
    <Routes>
      <Route
        path="/prayer-requests"
        element={
          <>
            <PrayerRequestsPage />
            <Where />
          </>
        }
      />
    </Routes>,
    testClient(sessionFor(access, 'Elijah Elder')),
  );
  return fetchMock;
}

const cardOf = async (title: string) => (await screen.findByRole('heading', { level: 2, name: title })).closest('article')!;
const requestsTo = (fetchMock: ReturnType<typeof renderPage>, method: string) =>
  fetchMock.mock.calls
    .filter(([input, init]) => urlOf(input).includes('/rest/v1/prayer_requests') && (init?.method ?? 'GET') === method)
    .map(([input, init]) => ({ url: new URL(urlOf(input), 'http://localhost'), body: init?.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : null }));

describe('PrayerRequestsPage', () => {
  it('reads requests newest first with the names of requester and assignee and the exact count; cards cut the text at 150', async () => {
    const fetchMock = renderPage([surgery, exams, baby, rain]);
    const card = await cardOf('Surgery on Tuesday');
    expect(within(card).getByText('High')).toBeInTheDocument();
    expect(within(card).getByText('Open')).toBeInTheDocument();
    expect(within(card).getByText('Public · shareable')).toBeInTheDocument();
    expect(within(card).getByText('Beatrice Wambui')).toBeInTheDocument();
    expect(within(card).getByText('21 Nov 2026')).toBeInTheDocument();
    const text = card.querySelector('.prayer-text')!.textContent;
    expect(text).toBe(`${Array.from(surgery.description).slice(0, 150).join('').trimEnd()}...`);
    expect(within(await cardOf('Exams')).getByText('Martha Member')).toBeInTheDocument();
    expect(within(await cardOf('Exams')).getByText('Private')).toBeInTheDocument();
    expect(within(await cardOf('Exams')).getByText('Assigned to Elijah Elder')).toBeInTheDocument();
    expect(within(await cardOf('Rain')).getByText('Anonymous')).toBeInTheDocument();
    // A request sent from the USSD menu says so (issue 47); the website's do not.
    expect(within(await cardOf('Safe delivery')).getByText('USSD')).toBeInTheDocument();
    expect(within(card).queryByText('USSD')).not.toBeInTheDocument();
    expect(screen.getByText('Showing 1–4 of 4 prayer requests')).toBeInTheDocument();

    const [read] = requestsTo(fetchMock, 'GET');
    const select = read!.url.searchParams.get('select')!;
    // Names only (issue 31): no profile is embedded; the names come from staff_names.
    expect(select).not.toContain('users');
    expect(select).toContain('requester_id');
    expect(select).toContain('assigned_to');
    const names = fetchMock.mock.calls.map(([input]) => new URL(urlOf(input), 'http://localhost')).find((url) => url.pathname === '/rest/v1/staff_names')!;
    expect(names.searchParams.get('select')).toBe('id,full_name');
    expect(names.searchParams.get('id')).toBe('in.(u9,u7)');
    // Profiles are read only for the signed-in user's own (the session's profile).
    for (const [input] of fetchMock.mock.calls.filter(([input]) => urlOf(input).includes('/rest/v1/users'))) {
      expect(new URL(urlOf(input), 'http://localhost').searchParams.get('id')).toBe('eq.user-1');
    }
    expect(read!.url.searchParams.get('order')).toBe('created_at.desc,id.asc');
    expect(read!.url.searchParams.get('limit')).toBe('24');
    const headers = new Headers(fetchMock.mock.calls.find(([input]) => urlOf(input).includes('prayer_requests'))![1]?.headers);
    expect(headers.get('prefer')).toContain('count=exact');
  });

  it('offers Assign to Me on open requests only, Mark Answered unless answered, Close unless closed', async () => {
    renderPage([surgery, exams, baby, rain]);
    const buttons = async (title: string) =>
      within(await cardOf(title))
        .getAllByRole('button')
        .map((button) => button.textContent);
    expect(await buttons('Surgery on Tuesday')).toEqual(['View Details', 'Assign to Me', 'Mark Answered', 'Close']);
    expect(await buttons('Exams')).toEqual(['View Details', 'Mark Answered', 'Close']);
    expect(await buttons('Safe delivery')).toEqual(['View Details', 'Close']);
    expect(await buttons('Rain')).toEqual(['View Details', 'Mark Answered']);
  });

  it('filters by status on the server (default all) and says when none match', async () => {
    const fetchMock = renderPage([surgery, exams]);
    const user = userEvent.setup();
    const filter = await screen.findByLabelText('Status');
    expect(filter).toHaveValue('all');
    expect(Array.from((filter as HTMLSelectElement).options).map((option) => option.value)).toEqual([
      'all',
      'open',
      'in_progress',
      'answered',
      'closed',
    ]);
    await user.selectOptions(filter, 'in_progress');
    await waitFor(() => {
      expect(screen.queryByRole('heading', { name: 'Surgery on Tuesday' })).toBeNull();
    });
    expect(await cardOf('Exams')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/prayer-requests?status=in_progress');
    expect(requestsTo(fetchMock, 'GET').at(-1)!.url.searchParams.get('status')).toBe('eq.in_progress');
    await user.selectOptions(filter, 'closed');
    expect(await screen.findByText('No closed prayer requests')).toBeInTheDocument();
    await user.selectOptions(filter, 'all');
    expect(await cardOf('Surgery on Tuesday')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/prayer-requests$/);
    expect(requestsTo(fetchMock, 'GET')[0]!.url.searchParams.get('status')).toBeNull();
  });

  it('Assign to Me sets assigned_to to the signed-in user and in_progress, only while still open', async () => {
    const fetchMock = renderPage([surgery]);
    const user = userEvent.setup();
    await user.click(within(await cardOf('Surgery on Tuesday')).getByRole('button', { name: 'Assign to Me: Surgery on Tuesday' }));
    expect(await screen.findByText('“Surgery on Tuesday” is now in progress.')).toBeInTheDocument();
    const [patch] = requestsTo(fetchMock, 'PATCH');
    expect(patch!.url.searchParams.get('id')).toBe('eq.p1');
    expect(patch!.url.searchParams.get('status')).toBe('eq.open');
    expect(patch!.body).toMatchObject({ assigned_to: 'user-1', status: 'in_progress' });
  });

  it('Mark Answered and Close from a card set the status; a refusal shows the spec text', async () => {
    let refuse = false;
    const fetchMock = renderPage([surgery], () => (refuse ? json({ code: '42501', message: 'permission denied' }, 403) : json({ id: 'p1' })));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    await user.click(within(await cardOf('Surgery on Tuesday')).getByRole('button', { name: 'Mark Answered: Surgery on Tuesday' }));
    expect(await screen.findByText('“Surgery on Tuesday” was marked as answered.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PATCH')[0]!.body).toMatchObject({ status: 'answered' });
    expect(requestsTo(fetchMock, 'PATCH')[0]!.body).toHaveProperty('updated_at');
    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Close: Surgery on Tuesday' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error updating status. Please try again.');
  });

  it('a failed Assign to Me says Error assigning request', async () => {
    renderPage([surgery], () => json({ code: 'PGRST116', message: 'no rows' }, 406));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    await user.click(within(await cardOf('Surgery on Tuesday')).getByRole('button', { name: 'Assign to Me: Surgery on Tuesday' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error assigning request. Please try again.');
  });

  it('the details modal shows the full text, requester and assignee, and disables the button of the current status', async () => {
    const fetchMock = renderPage([exams]);
    const user = userEvent.setup();
    await user.click(within(await cardOf('Exams')).getByRole('button', { name: 'View Details: Exams' }));
    const dialog = screen.getByRole('dialog', { name: 'Exams' });
    expect(dialog).toHaveTextContent('Pray for the candidates.');
    expect(within(dialog).getByText('Requested by').nextElementSibling).toHaveTextContent('Martha Member');
    expect(within(dialog).getByText('Assigned to').nextElementSibling).toHaveTextContent('Elijah Elder');
    // The requester's account is a profile: its name shows, never its e-mail (issue 31).
    expect(within(dialog).queryByText('Email')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Mark In Progress' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Mark as Answered' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Close Request' })).toBeEnabled();

    await user.click(within(dialog).getByRole('button', { name: 'Mark as Answered' }));
    expect(await within(dialog).findByText('“Exams” was marked as answered.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Mark as Answered' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Mark In Progress' })).toBeEnabled();
    // The pressed button is disabled now: focus moved to the outcome, still inside the dialog.
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(requestsTo(fetchMock, 'PATCH')[0]!.body).toMatchObject({ status: 'answered' });

    await user.click(within(dialog).getByRole('button', { name: 'Close Request' }));
    expect(await within(dialog).findByText('“Exams” was closed.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close Request' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('tells prayer staff outside the prayer team that private requests are not theirs; the team is not told', async () => {
    renderPage([surgery]);
    await cardOf('Surgery on Tuesday');
    expect(screen.getByText('Private requests are for the pastor and the prayer team only, so they are not listed here.')).toBeInTheDocument();
  });

  it('the pastor and the prayer team (view_private_prayer_requests) see no such note', async () => {
    renderPage([surgery, exams], undefined, undefined, {
      ...serverAnswers.ELDER,
      permissions: [...serverAnswers.ELDER.permissions, 'view_private_prayer_requests'],
    });
    expect(within(await cardOf('Exams')).getByText('Private')).toBeInTheDocument();
    expect(screen.queryByText(/are for the pastor and the prayer team only/)).toBeNull();
  });

  it('pages the true total on the server, 24 cards a page', async () => {
    const fetchMock = renderPage([surgery], undefined, 1012);
    const user = userEvent.setup();
    expect(await screen.findByText('Showing 1–24 of 1012 prayer requests')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 25–48 of 1012 prayer requests')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET').at(-1)!.url.searchParams.get('offset')).toBe('24');
    expect(screen.getByText('Page 2 of 43')).toBeInTheDocument();
  });
});
