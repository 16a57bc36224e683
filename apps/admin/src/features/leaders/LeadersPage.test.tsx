import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { testClient } from '../../test/render';
import LeadersPage from './LeadersPage';

type FetchArgs = [input: RequestInfo | URL, init?: RequestInit];

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const leaders = [
  {
    id: 'l1',
    name: 'Samuel Langat',
    title: 'pastor',
    position: 'Senior Pastor',
    category: 'pastoral',
    email: 'samuel@example.org',
    phone: '+254700100101',
    bio: 'x'.repeat(120),
    years_of_service: 12,
    specialties: ['Preaching'],
    display_order: 1,
    is_active: true,
    position_sw: null,
    bio_sw: null,
    specialties_sw: null,
  },
  {
    id: 'l2',
    name: 'Joseph Otieno',
    title: 'elder',
    position: 'First Elder',
    category: 'elder',
    email: null,
    phone: null,
    bio: null,
    years_of_service: null,
    specialties: [],
    display_order: 2,
    is_active: true,
    position_sw: null,
    bio_sw: null,
    specialties_sw: null,
  },
];

function urlOf(input: RequestInfo | URL): string {
  return input instanceof Request ? input.url : input.toString();
}

function renderPage(answer: (...args: FetchArgs) => Promise<Response>) {
  const fetchMock = vi.fn(answer);
  vi.stubGlobal('fetch', fetchMock);
  render(
    <AppProviders client={testClient()}>
      <LeadersPage />
    </AppProviders>,
  );
  return fetchMock;
}

describe('LeadersPage', () => {
  it('lists active leaders with a 100-character bio snippet; search and category filter run on the server', async () => {
    const fetchMock = renderPage((input) => {
      const url = new URL(urlOf(input), 'http://x');
      if (url.searchParams.get('category') === 'eq.department') return Promise.resolve(json([], 200));
      if (url.searchParams.has('or')) return Promise.resolve(json(leaders.slice(1), 200));
      return Promise.resolve(json(leaders, 200));
    });
    const user = userEvent.setup();

    expect(await screen.findByText('Pr. Samuel Langat', { selector: '.cell-title' })).toBeInTheDocument();
    expect(screen.getByText(`${'x'.repeat(100)}...`)).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Contact' })).toBeInTheDocument();
    expect(screen.getByText('2 leaders')).toBeInTheDocument();
    const read = new URL(urlOf(fetchMock.mock.calls[0]![0]), 'http://x');
    expect(read.searchParams.get('is_active')).toBe('eq.true');
    expect(read.searchParams.get('order')).toBe('display_order.asc,name.asc,id.asc');
    expect([read.searchParams.get('offset'), read.searchParams.get('limit')]).toEqual(['0', '50']);

    await user.type(screen.getByLabelText('Search'), 'first elder{Enter}');
    await waitFor(() => {
      expect(screen.queryByText('Pr. Samuel Langat', { selector: '.cell-title' })).not.toBeInTheDocument();
    });
    expect(screen.getByText('Elder Joseph Otieno', { selector: '.cell-title' })).toBeInTheDocument();
    expect(screen.getByText('1 leader found')).toBeInTheDocument();
    const searched = fetchMock.mock.calls.map(([input]) => new URL(urlOf(input), 'http://x')).find((url) => url.searchParams.has('or'))!;
    expect(searched.searchParams.getAll('or')).toEqual([
      '(name.ilike."*first*",position.ilike."*first*")',
      '(name.ilike."*elder*",position.ilike."*elder*")',
    ]);

    await user.clear(screen.getByLabelText('Search'));
    await user.selectOptions(screen.getByLabelText('Category'), 'department');
    expect(await screen.findByText('No leaders found')).toBeInTheDocument();
  });

  it('shows each title before the name and a phone stored as +254… in the form people read (issue 41)', async () => {
    renderPage(() => Promise.resolve(json(leaders, 200)));
    expect(await screen.findByText('Elder Joseph Otieno', { selector: '.cell-title' })).toBeInTheDocument();
    const phone = screen.getByRole('link', { name: '0700 100 101' });
    expect(phone).toHaveAttribute('href', 'tel:+254700100101');
    expect(screen.queryByText('+254700100101')).not.toBeInTheDocument();
  });

  it('edits the title with a choice of the fixed titles, apart from the name (issue 41)', async () => {
    const fetchMock = renderPage((_input, init) => Promise.resolve(json(init?.method === 'PATCH' ? { id: 'l2' } : leaders, 200)));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Elder Joseph Otieno' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Leader' });
    expect(within(dialog).getByLabelText('Full Name *')).toHaveValue('Joseph Otieno');
    const title = within(dialog).getByLabelText('Title (before the name)');
    expect(title).toHaveValue('elder');
    expect(within(title).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'No title', 'Pastor (Pr.)', 'Elder', 'Deacon', 'Deaconess', 'Doctor (Dr.)', 'Professor (Prof.)', 'Mr.', 'Mrs.', 'Ms.',
    ]);
    await user.selectOptions(title, 'dr');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => {
      expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true);
    });
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(JSON.parse(patch[1]!.body as string)).toMatchObject({ name: 'Joseph Otieno', title: 'dr' });
    expect(await screen.findByText('Dr. Joseph Otieno was saved.')).toBeInTheDocument();
  });

  it('asks before removing, then hides the leader (is_active false); a refusal shows the spec text', async () => {
    let refused = true;
    const fetchMock = renderPage((_input, init) => {
      if (init?.method === 'PATCH') {
        if (refused) return Promise.resolve(json({ code: '42501', message: 'permission denied' }, 403));
        return Promise.resolve(json({ id: 'l2' }, 200));
      }
      return Promise.resolve(json(refused ? leaders : leaders.slice(0, 1), 200));
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Remove Elder Joseph Otieno' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove Leader' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to remove Elder Joseph Otieno from the leaders list?');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error deleting leader: permission denied');

    refused = false;
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    });
    const patch = fetchMock.mock.calls.find(([input, init]) => init?.method === 'PATCH' && urlOf(input).includes('id=eq.l2'));
    expect(JSON.parse(patch![1]!.body as string)).toEqual({ is_active: false });
    await waitFor(() => {
      expect(screen.queryByText('Elder Joseph Otieno', { selector: '.cell-title' })).not.toBeInTheDocument();
    });
  });

  it('moves a leader up by swapping display orders with the one above', async () => {
    const fetchMock = renderPage((_input, init) => Promise.resolve(json(init?.method === 'PATCH' ? { id: 'x' } : leaders, 200)));
    const user = userEvent.setup();

    expect(await screen.findByRole('button', { name: 'Move Pr. Samuel Langat up' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move Elder Joseph Otieno up' }));
    await waitFor(() => {
      expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH')).toHaveLength(2);
    });
    const patches = fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'PATCH')
      .map(([input, init]) => [new URL(urlOf(input), 'http://x').searchParams.get('id'), JSON.parse(init!.body as string) as unknown]);
    expect(patches).toEqual([
      ['eq.l2', { display_order: 1 }],
      ['eq.l1', { display_order: 2 }],
    ]);
  });
});
