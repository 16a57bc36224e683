import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { json, renderAt, sessionFor, stubApi, testClient } from '../../test/render';
import { serverAnswers } from '../../test/roles';
import CommunicationPage from './CommunicationPage';
import { categoryFilter } from './communication-rules';

const base = {
  sender_phone: null,
  recipient_name: 'Facilities Team',
  department: 'deacons',
  source: 'website',
  email_sent_at: null,
  reply_simulated: false,
  created_at: '2026-11-20T04:50:00Z',
};
const roof = {
  ...base,
  id: 'm1',
  subject: 'Leaking roof',
  message: `Rain water is leaking through the roof. ${'It drips on the sockets. '.repeat(6)}\n\n--- MAINTENANCE DETAILS ---\nLocation: kitchen\nPriority: urgent`,
  sender_name: 'Simon Cheruiyot',
  sender_email: 'simon@example.org',
  submission_type: 'Maintenance Request',
  attachments: [{ name: 'leak.jpg', path: 'maintenance/leak.jpg', size: 1843221, type: 'image/jpeg' }],
  status: 'pending',
};
const door = {
  ...base,
  id: 'm2',
  subject: 'Door repair',
  message: 'The vestry door does not close.',
  sender_name: 'Anonymous',
  sender_email: null,
  submission_type: null,
  attachments: [],
  status: 'completed',
};

interface Call {
  method: string;
  url: URL;
  body: unknown;
}

function renderHub(entry: string, messages: (typeof roof | typeof door)[] = [], extra: Parameters<typeof stubApi>[0] = {}) {
  const calls: Call[] = [];
  const record = (url: URL, init: RequestInit | undefined) => {
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
    calls.push({ method: init?.method ?? 'GET', url, body });
  };
  stubApi({
    '/rest/v1/messages': (url, init) => {
      record(url, init);
      const or = url.searchParams.get('or');
      const rows = or === `(${categoryFilter('maintenance')})` ? messages : [];
      const counts: Record<string, number> = { visitation: 4, counseling: 3, reports: 2, events: 1, maintenance: 7, general: 12 };
      // Every message of a category, whatever its status: the tabs' badges (issue 41).
      const totals: Record<string, number> = { visitation: 9, counseling: 3, reports: 5, events: 1, maintenance: 1250, general: 20 };
      const category = Object.keys(counts).find((id) => or === `(${categoryFilter(id as 'general')})`);
      // The cards count open requests only (issue 32).
      const open = url.searchParams.get('status') === 'neq.completed';
      if (init?.method === 'HEAD') return new Response(null, { status: 200, headers: { 'content-range': `*/${String((open ? counts : totals)[category!] ?? 0)}` } });
      return json(or ? rows : messages, 200, { 'content-range': `0-${String(rows.length - 1)}/${String(rows.length)}` });
    },
    '/rest/v1/rpc/get_message_stats': () =>
      json({
        total_messages: 29,
        pending_messages: 5,
        sent_messages: 3,
        failed_messages: 1,
        messages_this_month: 9,
        messages_this_week: 4,
        messages_today: 2,
        avg_response_time_minutes: 18.0,
      }),
    '/rest/v1/rpc/update_message_status': (url, init) => {
      record(url, init);
      return json({ id: 'm1', status: 'completed' });
    },
    '/storage/v1/object/sign': () => json({ signedURL: '/object/sign/church-files/maintenance/leak.jpg?token=t' }),
    ...extra,
  });
  renderAt(
    entry,
    <Routes>
      <Route path="/communication/*" element={<CommunicationPage />} />
    </Routes>,
    testClient(sessionFor(serverAnswers.ELDER, 'Elijah Elder')),
  );
  return calls;
}

describe('CommunicationPage', () => {
  it('overview: a count card per category from count requests, the statistics and the recent messages', async () => {
    const calls = renderHub('/communication', [roof, door]);
    const card = await screen.findByRole('link', { name: /Facility Issues\s*7/ });
    expect(card).toHaveAttribute('href', '/communication/facility');
    expect(screen.getByRole('link', { name: /General Inquiries\s*12/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Visitation\s*4/ })).toBeInTheDocument();
    await screen.findByText('18.0 min');
    expect(within(screen.getByText('Total messages').closest('div')!).getByText('29')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Recent requests' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('Facility Issues')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Facility Issues')).toBeInTheDocument(); // keyword 'repair'
    // Six counts of open requests (the cards) and six of all (the tabs' badges).
    const heads = calls.filter((c) => c.method === 'HEAD');
    expect(heads).toHaveLength(12);
    const recent = calls.find((c) => c.method === 'GET' && !c.url.searchParams.get('or'))!;
    expect(recent.url.searchParams.get('limit')).toBe('5');
  });

  it("tabs: each category tab's badge counts every message it lists, counted by the server (issue 41)", async () => {
    const calls = renderHub('/communication/visitation');
    const tabs = screen.getByRole('navigation', { name: 'Communication Hub sections' });
    expect(await within(tabs).findByRole('link', { name: 'Facility Issues, 1,250 messages' })).toHaveAttribute('href', '/communication/facility');
    expect(within(tabs).getByRole('link', { name: 'Visitation Requests, 9 messages' })).toBeInTheDocument();
    expect(within(tabs).getByRole('link', { name: 'Counseling Requests, 3 messages' })).toBeInTheDocument();
    expect(within(tabs).getByRole('link', { name: 'Department Reports, 5 messages' })).toBeInTheDocument();
    expect(within(tabs).getByRole('link', { name: 'Event Proposals, 1 message' })).toBeInTheDocument();
    expect(within(tabs).getByRole('link', { name: 'General Inquiries, 20 messages' })).toBeInTheDocument();
    expect(within(within(tabs).getByRole('link', { name: /^Facility Issues/ })).getByText('1,250')).toHaveClass('badge');
    // Overview, Templates, Send Message and History have none.
    expect(within(tabs).getByRole('link', { name: 'Overview' })).toBeInTheDocument();
    expect(within(tabs).getByRole('link', { name: 'History' })).toBeInTheDocument();
    // One count=exact request per category, no rows and no status filter: nothing counted here over a page.
    const totals = calls.filter((c) => c.method === 'HEAD' && !c.url.searchParams.has('status'));
    expect(totals.map((c) => c.url.searchParams.get('or')).sort()).toEqual(
      (['visitation', 'counseling', 'reports', 'events', 'maintenance', 'general'] as const).map((id) => `(${categoryFilter(id)})`).sort(),
    );
  });

  it('overview: Recent Messages are the 5 newest sends with real performance; quick actions open Send Message', async () => {
    const asked: URL[] = [];
    const send = (id: string, patch: Record<string, unknown>) => ({
      id,
      created_at: '2026-11-20T04:50:00Z',
      kind: 'manual',
      channels: ['sms'],
      audience_label: 'All members',
      subject: null,
      body: 'x',
      sent_by_name: 'Elijah Elder',
      recipients: 40,
      sms: { total: 40, queued: 0, sent: 3, delivered: 37, failed: 0, simulated: 0 },
      email: { total: 0, queued: 0, sent: 0, failed: 0, simulated: 0 },
      status: 'sent',
      performance: null,
      ...patch,
    });
    renderHub('/communication', [], {
      '/rest/v1/rpc/get_broadcasts': (url) => {
        asked.push(url);
        return json({
          total: 7,
          items: [
            send('b1', { body: `Dear {name}, ${'the harvest thanksgiving is this Sabbath at 9 am. '.repeat(2)}`, performance: { percent: 92.5, measure: 'delivered' } }),
            send('b2', { channels: ['email'], subject: 'Church board minutes', recipients: 12, performance: { percent: 100, measure: 'accepted' } }),
            send('b3', { channels: ['sms', 'email'], subject: 'Camp', status: 'simulated', performance: { percent: 100, measure: 'simulated' } }),
            send('b4', { status: 'sending', subject: 'Still going' }),
          ],
        });
      },
    });
    const table = await screen.findByRole('table', { name: 'Recent messages' });
    expect(asked[0]!.searchParams.get('p_limit')).toBe('5');
    expect(asked[0]!.searchParams.get('p_offset')).toBe('0');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Type', 'Subject', 'Recipients', 'Status', 'Sent', 'Performance']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    expect(within(rows[0]!).getByText('SMS')).toBeInTheDocument();
    const title = within(rows[0]!).getByRole('link');
    expect(title.textContent.startsWith('Dear {name}, the harvest thanksgiving')).toBe(true);
    expect(title.textContent.endsWith('...')).toBe(true);
    expect(title).toHaveAttribute('href', '/communication/history/b1');
    expect(within(rows[0]!).getByText('92.5 % delivered')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('20 Nov 2026, 07:50')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Email')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Church board minutes')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('100 % accepted')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('SMS + Email')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('simulated (demo mode)')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('Sending')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('—')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/communication/history');
    expect(screen.getByRole('link', { name: 'Send SMS' })).toHaveAttribute('href', '/communication/send?channel=sms');
    expect(screen.getByRole('link', { name: 'Send Email' })).toHaveAttribute('href', '/communication/send?channel=email');
    expect(screen.getByRole('link', { name: 'Use Template' })).toHaveAttribute('href', '/communication/templates');
    const tabs = screen.getByRole('navigation', { name: 'Communication Hub sections' });
    expect(within(tabs).getByRole('link', { name: 'Send Message' })).toHaveAttribute('href', '/communication/send');
    expect(within(tabs).getByRole('link', { name: 'History' })).toHaveAttribute('href', '/communication/history');
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Send Message' })).toHaveAttribute('href', '/communication/send');
  });

  it("overview: 'No messages sent yet' before the first send", async () => {
    renderHub('/communication', [], { '/rest/v1/rpc/get_broadcasts': () => json({ total: 0, items: [] }) });
    expect(await screen.findByText('No messages sent yet')).toBeInTheDocument();
  });

  it('facility tab: cards with badges, 100-character preview, attachments, details with a signed link, Mark Complete', async () => {
    const calls = renderHub('/communication/facility', [roof, door]);
    const card = (await screen.findByRole('heading', { level: 3, name: 'Leaking roof' })).closest('article')!;
    expect(within(card).getByText('Location: kitchen')).toBeInTheDocument();
    expect(within(card).getByText('Priority: urgent')).toBeInTheDocument();
    expect(within(card).getByText('1 attachment')).toBeInTheDocument();
    const preview = card.querySelector('.comm-card-preview')!.textContent;
    expect(preview.endsWith('...')).toBe(true);
    expect(Array.from(preview).length).toBeLessThanOrEqual(103);
    const doorCard = (await screen.findByRole('heading', { level: 3, name: 'Door repair' })).closest('article')!;
    expect(within(doorCard).queryByRole('button', { name: /Mark Complete/ })).toBeNull();

    await userEvent.click(within(card).getByRole('button', { name: 'View Details: Leaking roof' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('simon@example.org')).toBeInTheDocument();
    expect(within(dialog).getByText('(1.76 MB)')).toBeInTheDocument();
    const link = await within(dialog).findByRole('link', { name: 'Download leak.jpg' });
    expect(link.getAttribute('href')).toContain('/storage/v1/object/sign/church-files/maintenance/leak.jpg?token=t');
    expect(link).toHaveAttribute('target', '_blank');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark as Complete' }));
    await screen.findByText("'Leaking roof' marked as complete");
    const update = calls.find((c) => c.url.pathname.endsWith('/rpc/update_message_status'))!;
    expect(update.body).toEqual({ message_id: 'm1' });
  });

  it('a reply demo mode only simulated is badged Simulated, a delivered one Sent (issue 32)', async () => {
    const simulated = { ...roof, id: 'm3', subject: 'Gutter', status: 'sent', reply_simulated: true };
    const delivered = { ...door, id: 'm4', subject: 'Window', status: 'sent' };
    const calls = renderHub('/communication/facility', [simulated, delivered]);
    const simulatedCard = (await screen.findByRole('heading', { level: 3, name: 'Gutter' })).closest('article')!;
    const deliveredCard = screen.getByRole('heading', { level: 3, name: 'Window' }).closest('article')!;
    expect(within(simulatedCard).getByText('Simulated')).toBeInTheDocument();
    expect(within(simulatedCard).queryByText('Sent')).toBeNull();
    expect(within(deliveredCard).getByText('Sent')).toBeInTheDocument();
    await userEvent.click(within(simulatedCard).getByRole('button', { name: 'View Details: Gutter' }));
    expect(within(await screen.findByRole('dialog')).getByText('Simulated')).toBeInTheDocument();
    const list = calls.find((c) => c.method === 'GET' && c.url.searchParams.get('or') === `(${categoryFilter('maintenance')})`)!;
    expect(list.url.searchParams.get('select')).toContain('reply_simulated');
  });

  it('shows the empty-state text of a category', async () => {
    renderHub('/communication/visitation', []);
    expect(await screen.findByText('No visitation requests')).toBeInTheDocument();
  });

  it('sends the status filter to the server', async () => {
    const calls = renderHub('/communication/facility', [roof]);
    await screen.findByRole('heading', { level: 3, name: 'Leaking roof' });
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'pending');
    await waitFor(() => { expect(calls.some((c) => c.url.searchParams.get('status') === 'eq.pending')).toBe(true); });
  });

  it('pages a long category on the server, 24 cards at a time', async () => {
    const offsets: (string | null)[] = [];
    renderHub('/communication/facility', [roof], {
      '/rest/v1/messages': (url, init) => {
        if (init?.method === 'HEAD') return new Response(null, { status: 200, headers: { 'content-range': '*/30' } });
        offsets.push(url.searchParams.get('offset'));
        expect(url.searchParams.get('limit')).toBe('24');
        return json([roof], 200, { 'content-range': `${url.searchParams.get('offset') ?? '0'}-0/30` });
      },
    });
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(offsets).toContain('24');
    // A new filter starts again on the first page.
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'pending');
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(offsets.at(-1)).toBe('0');
  });

  it('respond: prefilled subject, the reply goes to the reply-message endpoint; a 404 reads plainly', async () => {
    let sent: unknown = null;
    renderHub('/communication/facility', [roof], {
      '/functions/v1/reply-message': (_url, init) => {
        sent = JSON.parse(init!.body as string);
        return json({ code: 'not_found', message: 'Not found' }, 404);
      },
    });
    const card = (await screen.findByRole('heading', { level: 3, name: 'Leaking roof' })).closest('article')!;
    await userEvent.click(within(card).getByRole('button', { name: 'Respond: Leaking roof' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText(/Subject/)).toHaveValue('Re: Leaking roof');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send reply by e-mail' }));
    expect(await within(dialog).findByText('Message is required')).toBeInTheDocument();
    expect(sent).toBeNull();
    await userEvent.type(within(dialog).getByLabelText(/Message/), 'We will fix it on Sunday.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send reply by e-mail' }));
    expect(
      await within(dialog).findByText('Sending replies by e-mail is not available on this server yet. Use Open Gmail instead.'),
    ).toBeInTheDocument();
    expect(sent).toEqual({ messageId: 'm1', subject: 'Re: Leaking roof', body: 'We will fix it on Sunday.', complete: false });
    // Issue 32: the reply can complete the request too.
    await userEvent.click(within(dialog).getByLabelText('Mark the request complete once the reply is sent'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send and mark complete' }));
    await waitFor(() => {
      expect(sent).toEqual({ messageId: 'm1', subject: 'Re: Leaking roof', body: 'We will fix it on Sunday.', complete: true });
    });
  });

  it('templates: validates, creates and lists with the placeholders shown', async () => {
    const posted: unknown[] = [];
    renderHub('/communication/templates', [], {
      '/rest/v1/message_templates': (_url, init) => {
        if (init?.method === 'POST') {
          posted.push(JSON.parse(init.body as string));
          return json({ id: 't1' }, 201);
        }
        return json([{ id: 't0', name: 'Sabbath reminder', type: 'sms', content: 'Hi {name}', category: 'general', is_active: true, created_at: '' }]);
      },
    });
    expect(await screen.findByText('Sabbath reminder')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Use Sabbath reminder' })).toHaveAttribute('href', '/communication/send?template=t0');
    expect(screen.getAllByText('{event_name}').length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: 'New Template' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Template' }));
    expect(within(dialog).getByText('Template name is required')).toBeInTheDocument();
    expect(posted).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText(/Template name/), 'Event reminder');
    await userEvent.selectOptions(within(dialog).getByLabelText(/Type/), 'email');
    await userEvent.type(within(dialog).getByLabelText(/Content/), 'Dear {{name}, see you at {{event_name}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Template' }));
    await screen.findByText("Template 'Event reminder' created");
    expect(posted).toEqual([{ name: 'Event reminder', type: 'email', content: 'Dear {name}, see you at {event_name}', category: 'general' }]);
  });

  it('respond: field errors from the server; Open Gmail with the spec texts on success and on a blocked window', async () => {
    renderHub('/communication/facility', [roof], {
      '/functions/v1/reply-message': () => json({ code: 'invalid_reply', message: 'Invalid reply', fields: { body: 'Body is too short' } }, 400),
    });
    const card = (await screen.findByRole('heading', { level: 3, name: 'Leaking roof' })).closest('article')!;
    await userEvent.click(within(card).getByRole('button', { name: 'Respond: Leaking roof' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Message/), 'Ok');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send reply by e-mail' }));
    expect(await within(dialog).findByText('Body is too short')).toBeInTheDocument();
    expect(within(dialog).getByText('Could not send the reply: Invalid reply')).toBeInTheDocument();

    const open = vi.spyOn(window, 'open').mockReturnValueOnce(null);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open Gmail' }));
    expect(await within(dialog).findByText('❌ Failed to open Gmail: the browser blocked the new window')).toBeInTheDocument();
    open.mockReturnValueOnce({ opener: null } as unknown as Window);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open Gmail' }));
    await screen.findByText('✅ Gmail opened with pre-filled email! Please click Send in Gmail to deliver the message.');
    expect(screen.queryByRole('dialog')).toBeNull();
    const url = new URL(String(open.mock.calls[1]![0]));
    expect(url.searchParams.get('to')).toBe('simon@example.org');
    expect(url.searchParams.get('su')).toBe('Re: Leaking roof');
    expect(url.searchParams.get('body')).toBe('Ok');
  });
});
