import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, renderAt, sessionFor, testClient } from '../test/render';
import { serverAnswers } from '../test/roles';

/** A ministry as `rest/v1/ministries` answers it. */
const ministry = {
  id: 'mi1',
  name: 'Only The Given Client Knows',
  category: 'worship',
  meeting_time: 'Sabbath, 3:00 PM',
  location: 'Main hall',
  leader: null,
  contact: null,
  phone: null,
  display_order: 1,
  description: 'Choirs and praise teams.',
  activities: ['Choir'],
  is_active: true,
  name_sw: null,
  meeting_time_sw: null,
  location_sw: null,
  description_sw: null,
  activities_sw: null,
};

const pathOf = (input: RequestInfo | URL) => new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost').pathname;

describe('the client from context (issue 43)', () => {
  it('is the one every read and write of the app goes through: the client handed to AppProviders, never the global fetch', async () => {
    // Anything that reached past the context (a module-level client, a feature making its own)
    // would call the global fetch, which fails the test.
    const globalFetch = vi.fn(() => Promise.reject(new Error('the global fetch was called')));
    vi.stubGlobal('fetch', globalFetch);
    let stored = { ...ministry };
    const given = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const path = pathOf(input);
      if (path === '/functions/v1/service-modes') {
        return Promise.resolve(json({ email: { live: true }, sms: { live: true }, payments: { live: true } }));
      }
      if (path === '/rest/v1/system_settings') return Promise.resolve(json({ value: 'Given Client Church' }));
      if (path === '/rest/v1/ministries') {
        if (init?.method === 'PATCH') {
          stored = { ...stored, ...(JSON.parse(typeof init.body === 'string' ? init.body : '{}') as object) };
          return Promise.resolve(json({ id: ministry.id }));
        }
        return Promise.resolve(json([stored], 200, { 'content-range': '0-0/1' }));
      }
      return Promise.resolve(json([], 200, { 'content-range': '*/0' }));
    });

    renderAt('/content/ministries', undefined, testClient(sessionFor(serverAnswers.CONTENT_ADMIN), given));

    // The page's read, and the layout's (the church's name in the header).
    expect(await screen.findByText(ministry.name)).toBeInTheDocument();
    expect((await screen.findAllByText('Given Client Church')).length).toBeGreaterThan(0);
    // A write, and the list read again after it (the write invalidated the table it changed).
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: `Edit ${ministry.name}` }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Ministry' });
    await user.type(within(dialog).getByLabelText('Kiswahili name (optional)'), 'Huduma');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(`${ministry.name} was saved.`)).toBeInTheDocument();

    const sent = given.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${pathOf(input)}`);
    expect(sent).toContain('PATCH /rest/v1/ministries');
    expect(sent.indexOf('GET /rest/v1/ministries', sent.indexOf('PATCH /rest/v1/ministries'))).toBeGreaterThan(-1);
    expect(globalFetch).not.toHaveBeenCalled();
  });
});
