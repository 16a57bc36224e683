import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { testClient } from '../../test/render';
import SermonsPage from './SermonsPage';
import { sermonTexts } from './sermon-form';

type FetchArgs = [input: RequestInfo | URL, init?: RequestInit];

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function urlOf(input: RequestInfo | URL): string {
  return input instanceof Request ? input.url : input.toString();
}

const draft = {
  id: 's1',
  title: 'Walking by Faith',
  description: 'd'.repeat(70),
  speaker: 'Pr. Langat',
  sermon_date: '2026-11-21',
  audio_url: null,
  video_url: null,
  notes_url: null,
  series: null,
  tags: [],
  is_published: false,
  title_sw: null,
  description_sw: null,
};

function renderPage(answer: (...args: FetchArgs) => Promise<Response>) {
  const fetchMock = vi.fn(answer);
  vi.stubGlobal('fetch', fetchMock);
  render(
    <AppProviders client={testClient()}>
      <SermonsPage />
    </AppProviders>,
  );
  return fetchMock;
}

describe('SermonsPage', () => {
  it('reads every sermon newest first, cuts descriptions at 60 and marks drafts', async () => {
    const fetchMock = renderPage(() => Promise.resolve(json([draft], 200)));
    expect(await screen.findByText('Walking by Faith')).toBeInTheDocument();
    expect(screen.getByText(`${'d'.repeat(60)}...`)).toBeInTheDocument();
    expect(screen.getByText('Draft')).toBeInTheDocument();
    expect(urlOf(fetchMock.mock.calls[0]![0])).toContain('order=sermon_date.desc');
  });

  it('reads a page at a time with the true total, and pages with Previous and Next', async () => {
    const fetchMock = renderPage((input) => {
      const url = new URL(urlOf(input), 'http://x');
      const offset = Number(url.searchParams.get('offset'));
      const rows = Array.from({ length: offset >= 1000 ? 12 : 50 }, (_, i) => ({ ...draft, id: `s${String(offset + i)}`, title: `Sermon ${String(offset + i + 1)}` }));
      return Promise.resolve(
        new Response(JSON.stringify(rows), {
          status: 206,
          headers: { 'content-type': 'application/json', 'content-range': `${String(offset)}-${String(offset + rows.length - 1)}/1012` },
        }),
      );
    });
    const user = userEvent.setup();
    expect(await screen.findByText('Showing 1–50 of 1,012 sermons')).toBeInTheDocument();
    const first = fetchMock.mock.calls[0]!;
    expect(new Headers(first[1]?.headers).get('prefer')).toContain('count=exact');
    expect(screen.getByRole('navigation', { name: 'Pages of sermons' })).toHaveTextContent('Page 1 of 21');

    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Showing 51–100 of 1,012 sermons')).toBeInTheDocument();
    expect(screen.getByText('Sermon 51')).toBeInTheDocument();
    const second = new URL(urlOf(fetchMock.mock.calls.at(-1)![0]), 'http://x');
    expect([second.searchParams.get('offset'), second.searchParams.get('limit')]).toEqual(['50', '50']);

    await user.click(screen.getByRole('button', { name: /Previous/ }));
    expect(await screen.findByText('Showing 1–50 of 1,012 sermons')).toBeInTheDocument();
  });

  it('publishes with the switch (is_published true) and says so', async () => {
    let published = false;
    const fetchMock = renderPage((_input, init) => {
      if (init?.method === 'PATCH') {
        published = true;
        return Promise.resolve(json({ id: 's1' }, 200));
      }
      return Promise.resolve(json([{ ...draft, is_published: published }], 200));
    });
    const user = userEvent.setup();
    const toggle = await screen.findByRole('switch', { name: 'Published: Walking by Faith' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await user.click(toggle);
    expect(await screen.findByText('“Walking by Faith” is now published on the website.')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByRole('switch', { name: 'Published: Walking by Faith' })).toHaveAttribute('aria-checked', 'true');
    });
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(urlOf(patch![0])).toContain('id=eq.s1');
    expect(JSON.parse(patch![1]!.body as string)).toEqual({ is_published: true });
  });

  it('asks the spec question before deleting and shows the spec error when it fails', async () => {
    renderPage((_input, init) =>
      Promise.resolve(init?.method === 'DELETE' ? json({ code: '42501', message: 'permission denied' }, 403) : json([draft], 200)),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Walking by Faith' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Sermon' });
    expect(dialog).toHaveAccessibleDescription(sermonTexts.confirmDelete);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(sermonTexts.deleteError);
    expect(screen.getByText('Walking by Faith', { selector: '.cell-title' })).toBeInTheDocument();
  });
});
