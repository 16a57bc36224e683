import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { testClient } from '../../test/render';
import { SermonFormModal } from './SermonFormModal';
import { sermonTexts } from './sermon-form';

type FetchArgs = [input: RequestInfo | URL, init?: RequestInit];

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function stubFetch(answer: (...args: FetchArgs) => Promise<Response>) {
  const fetchMock = vi.fn(answer);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Calls that wrote something (the form also reads the series titles for suggestions). */
function writes(fetchMock: ReturnType<typeof stubFetch>) {
  return fetchMock.mock.calls.filter(([, init]) => init?.method !== undefined && init.method !== 'GET');
}

function renderModal() {
  const onClose = vi.fn();
  const onSaved = vi.fn();
  render(
    <AppProviders client={testClient()}>
      <SermonFormModal onClose={onClose} onSaved={onSaved} />
    </AppProviders>,
  );
  return { onClose, onSaved };
}

describe('SermonFormModal', () => {
  it('shows what is missing or wrong next to each field and sends nothing', async () => {
    const fetchMock = stubFetch(() => Promise.resolve(json({}, 201)));
    const user = userEvent.setup();
    renderModal();

    expect(screen.getByRole('dialog', { name: 'Add New Sermon' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Video URL'), 'youtube dot com');
    await user.click(screen.getByRole('button', { name: 'Create Sermon' }));

    expect(screen.getByLabelText('Title *')).toHaveAccessibleDescription(sermonTexts.titleRequired);
    expect(screen.getByLabelText('Speaker *')).toHaveAccessibleDescription(sermonTexts.speakerRequired);
    expect(screen.getByLabelText('Sermon Date *')).toHaveAccessibleDescription(sermonTexts.dateRequired);
    expect(screen.getByLabelText('Video URL')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(sermonTexts.badUrl)).toBeInTheDocument();
    expect(screen.getByLabelText('Title *')).toHaveFocus();
    expect(writes(fetchMock)).toEqual([]);

    // Fixing a field clears its message at once.
    await user.type(screen.getByLabelText('Title *'), 'Grace');
    expect(screen.queryByText(sermonTexts.titleRequired)).not.toBeInTheDocument();
  });

  it('keeps every value and shows the spec alert when the server refuses the save', async () => {
    const fetchMock = stubFetch(() => Promise.resolve(json({ code: '42501', message: 'permission denied for table sermons' }, 403)));
    const user = userEvent.setup();
    const { onSaved, onClose } = renderModal();

    await user.type(screen.getByLabelText('Title *'), 'Walking by Faith');
    await user.type(screen.getByLabelText('Speaker *'), 'Pr. Langat');
    await user.type(screen.getByLabelText('Sermon Date *'), '2026-11-21');
    await user.type(screen.getByLabelText(/^Tags/), 'faith, hope');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Create Sermon' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(sermonTexts.saveError);
    expect(screen.getByLabelText('Title *')).toHaveValue('Walking by Faith');
    expect(screen.getByLabelText('Speaker *')).toHaveValue('Pr. Langat');
    expect(screen.getByLabelText('Sermon Date *')).toHaveValue('2026-11-21');
    expect(screen.getByLabelText(/^Tags/)).toHaveValue('faith, hope');
    expect(screen.getByRole('button', { name: 'Create Sermon' })).toBeEnabled();
    expect(onSaved).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();

    // The request was a draft insert with the tags as a list and no created_by.
    const [url, init] = writes(fetchMock)[0]!;
    expect(url instanceof Request ? url.url : url.toString()).toContain('/rest/v1/sermons');
    expect(init?.method).toBe('POST');
    const body = JSON.parse(init?.body as string) as Record<string, unknown>;
    expect(body).toMatchObject({ title: 'Walking by Faith', tags: ['faith', 'hope'], is_published: false });
    expect(body).not.toHaveProperty('created_by');
  });

  it('disables the buttons while saving and reports the saved title', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubFetch((_input, init) =>
      init?.method === 'POST' ? new Promise<Response>((resolve) => (answer = resolve)) : Promise.resolve(json([{ title: 'Romans' }], 200)),
    );
    const user = userEvent.setup();
    const { onSaved } = renderModal();

    // The series field suggests the existing series.
    const seriesField = screen.getByLabelText(/^Series/);
    await waitFor(() => {
      expect(document.querySelector(`datalist#${CSS.escape(seriesField.getAttribute('list')!)} option[value="Romans"]`)).not.toBeNull();
    });
    await user.type(screen.getByLabelText('Title *'), 'Grace');
    await user.type(screen.getByLabelText('Speaker *'), 'Elder Kamau');
    await user.type(screen.getByLabelText('Sermon Date *'), '2026-10-03');
    await user.click(screen.getByRole('button', { name: 'Create Sermon' }));

    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    answer(json({ id: 'new-id' }, 201));
    await waitFor(() => {
      expect(onSaved).toHaveBeenCalledWith('Grace');
    });
  });
});
