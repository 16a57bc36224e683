import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../app/AppRoutes';
import { json, renderAt, sessionFor, stubApi, testClient } from '../../test/render';
import { serverAnswers } from '../../test/roles';

const choir = {
  id: 'mi1',
  name: 'Music Ministry',
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

function stub() {
  const writes: { method: string; url: URL; body: unknown }[] = [];
  let stored = { ...choir };
  const fetchMock = stubApi({
    '/rest/v1/ministries': (url, init) => {
      const method = init?.method ?? 'GET';
      if (method !== 'GET') {
        const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>;
        writes.push({ method, url, body });
        stored = { ...stored, ...body };
        return json({ id: 'mi1' });
      }
      return json([stored], 200, { 'content-range': '0-0/1' });
    },
    '/rest/v1/daily_verses': () =>
      json([{ id: 'v0', day_index: 0, reference: 'John 3:16', translation: 'KJV', text: 'For God so loved the world', reflection: null, reference_sw: null, translation_sw: null, text_sw: null, reflection_sw: null }], 200, {
        'content-range': '0-0/33',
      }),
  });
  return { fetchMock, writes };
}

describe('Site Content (issue 32)', () => {
  it('a content admin gives a ministry its Kiswahili: the row is written with the English kept', async () => {
    const { writes } = stub();
    renderAt('/content/ministries', <AppRoutes />, testClient(sessionFor(serverAnswers.CONTENT_ADMIN)));
    const user = userEvent.setup();
    expect(await screen.findByText('Music Ministry')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ministries' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('0 of 5 fields')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Music Ministry' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Ministry' });
    expect(within(dialog).getByLabelText('Name *')).toHaveValue('Music Ministry');
    const swName = within(dialog).getByLabelText('Kiswahili name (optional)');
    expect(swName).toHaveAttribute('lang', 'sw');
    await user.type(swName, 'Huduma ya Muziki');
    await user.type(within(dialog).getByLabelText('Kiswahili activities (optional)'), 'Kwaya, Sifa');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Music Ministry was saved.')).toBeInTheDocument();
    expect(writes).toHaveLength(1);
    expect(writes[0]!.method).toBe('PATCH');
    expect(writes[0]!.url.searchParams.get('id')).toBe('eq.mi1');
    expect(writes[0]!.body).toMatchObject({ name: 'Music Ministry', name_sw: 'Huduma ya Muziki', activities_sw: ['Kwaya', 'Sifa'], meeting_time_sw: null, activities: ['Choir'] });
  });

  it('refuses an empty name in the form, before anything is sent', async () => {
    const { writes } = stub();
    renderAt('/content/ministries', <AppRoutes />, testClient(sessionFor(serverAnswers.CONTENT_ADMIN)));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '+ Add Ministry' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Ministry' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Ministry' }));
    expect(within(dialog).getByLabelText('Name *')).toHaveAccessibleDescription('Please enter the name.');
    expect(writes).toEqual([]);
  });

  it('the daily verses are edited, never added: the cycle has 33 fixed days', async () => {
    stub();
    renderAt('/content/verses', <AppRoutes />, testClient(sessionFor(serverAnswers.CONTENT_ADMIN)));
    expect(await screen.findByText('Day 0: John 3:16')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /\+ Add/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Day 0: John 3:16' })).toBeInTheDocument();
  });

  it('is not offered to staff without manage_content', async () => {
    stub();
    renderAt('/content/ministries', <AppRoutes />, testClient(sessionFor(serverAnswers.FINANCE_ADMIN)));
    expect(await screen.findByText(/Insufficient Permissions/)).toBeInTheDocument();
  });
});
