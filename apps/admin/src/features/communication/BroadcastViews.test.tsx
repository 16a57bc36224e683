import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccessUser } from '../../lib/access';
import { json, memberSearchApi, renderAt, sessionFor, stubApi, testClient } from '../../test/render';
import { serverAnswers } from '../../test/roles';
import CommunicationPage from './CommunicationPage';

const counts = { total: 0, queued: 0, sent: 0, delivered: 0, failed: 0, simulated: 0 };
const emailCounts = { total: 0, queued: 0, sent: 0, failed: 0, simulated: 0 };

function broadcast(id: string, patch: Record<string, unknown> = {}) {
  return {
    id,
    created_at: '2026-11-20T04:50:00Z',
    kind: 'manual',
    channels: ['sms'],
    audience_label: 'Youth',
    subject: null,
    body: `Youth camp ${id}: bring a Bible and a torch`,
    sent_by_name: 'Elijah Elder',
    recipients: 3,
    sms: { ...counts, total: 3, delivered: 2, failed: 1 },
    email: emailCounts,
    status: 'partly_failed',
    performance: { percent: 66.7, measure: 'delivered' },
    ...patch,
  };
}

const audiences = {
  groups: [
    { id: 'all', label: 'All members', description: 'Every active member', members: 40, with_phone: 35, with_email: 20 },
    { id: 'youth', label: 'Youth', description: 'Members aged 15 to 35', members: 12, with_phone: 10, with_email: 6 },
    { id: 'elders', label: 'Elders', description: 'The church elders', members: 5, with_phone: 5, with_email: 5 },
    { id: 'deacons', label: 'Deacons', description: 'Deacons and deaconesses', members: 6, with_phone: 6, with_email: 2 },
    { id: 'choir', label: 'Choir', description: 'The Choir ministry', members: 9, with_phone: 8, with_email: 3 },
  ],
  ministries: [{ id: 'min-1', name: 'Health Ministry', members: 7, with_phone: 7, with_email: 1 }],
};

const templates = [
  { id: 't-sms', name: 'Event reminder', type: 'sms', content: 'Hi {name}, {event_name} is on {date}.', category: 'events', is_active: true, created_at: '' },
  { id: 't-email', name: 'Birthday wishes', type: 'email', content: 'Happy birthday, {name}!', category: 'general', is_active: true, created_at: '' },
  { id: 't-old', name: 'Retired', type: 'sms', content: 'old', category: 'general', is_active: false, created_at: '' },
];

const preview = {
  preview: true,
  audience: { label: 'Youth', members: 12 },
  sms: { recipients: 10, skipped: 2, segments: 10, partsEach: 1, cost: 8, currency: 'KES', pricePerPart: 0.8, live: false },
  email: null,
  sample: { name: 'Ann Wanjiru', text: 'Hi Ann Wanjiru, see you on Sabbath.', subject: null },
  skippedNames: { sms: ['Brian Otieno', 'Carol Atieno'], email: [] },
};

interface Sent {
  url: URL;
  body: Record<string, unknown>;
}

type Answers = Parameters<typeof stubApi>[0];

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderHub(entry: string, extra: Answers = {}, access: AccessUser = serverAnswers.ELDER) {
  const sends: Sent[] = [];
  const rpcs: URL[] = [];
  stubApi({
    '/rest/v1/rpc/get_message_audiences': () => json(audiences),
    '/rest/v1/rpc/get_broadcasts': (url) => {
      rpcs.push(url);
      return json({ total: 1, items: [broadcast('b1')] });
    },
    '/rest/v1/message_templates': () => json(templates),
    '/rest/v1/events': () => json([{ id: 'e1', title: 'Youth Camp', start_date: '2026-12-05T06:00:00Z' }]),
    '/functions/v1/send-broadcast': (url, init) => {
      const body = JSON.parse(init!.body as string) as Record<string, unknown>;
      sends.push({ url, body });
      return body.preview ? json(preview) : json({ broadcastId: 'b9', sms: 10, email: 0 }, 202);
    },
    '/rest/v1/rpc/get_broadcast': (url) => {
      rpcs.push(url);
      return json({ broadcast: broadcast('b9'), recipients_total: 0, recipients: [] });
    },
    ...extra,
  });
  renderAt(
    entry,
    <Routes>
      <Route
        path="/communication/*"
        element={
          <>
            <CommunicationPage />
            <Where />
          </>
        }
      />
    </Routes>,
    testClient(sessionFor(access, 'Elijah Elder')),
  );
  return { sends, rpcs };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Send Message', () => {
  it('previews with counts, skipped names, parts, cost and a sample; sends only the previewed form', async () => {
    const { sends } = renderHub('/communication/send?channel=sms');
    expect(await screen.findByRole('checkbox', { name: 'SMS' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Email' })).not.toBeChecked();
    const group = await screen.findByRole('combobox', { name: 'Group' });
    expect(within(group).getByRole('option', { name: 'Youth (12 members)' })).toBeInTheDocument();
    await userEvent.selectOptions(group, 'youth');
    expect(screen.getByText(/Members aged 15 to 35\. 10 members have a phone number/)).toBeInTheDocument();

    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    const body = screen.getByRole('textbox', { name: /Message/ });
    await userEvent.type(body, 'Hi {{name}, see you on Sabbath.');
    expect(screen.getByTestId('message-counter')).toHaveTextContent('30 characters · 1 SMS part');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));

    const panel = await screen.findByRole('region', { name: 'Preview' });
    expect(sends[0]!.body).toEqual({ channels: ['sms'], audience: { group: 'youth' }, body: 'Hi {name}, see you on Sabbath.', preview: true });
    expect(within(panel).getByText('Youth: 12 members')).toBeInTheDocument();
    expect(within(panel).getByText('10 recipients')).toBeInTheDocument();
    expect(within(panel).getByText('1 part each, 10 parts in all')).toBeInTheDocument();
    // Intl's en-KE shillings: 'Ksh 8.00' (a no-break space inside).
    expect(within(panel).getByText(/^Ksh\s8\.00 \(Ksh\s0\.80 per part\)$/)).toBeInTheDocument();
    expect(within(panel).getByText(/Demo mode: text messages are not configured/)).toBeInTheDocument();
    const skipped = within(panel).getByText('2 members skipped: no phone number').closest('details')!;
    expect(skipped).not.toHaveAttribute('open');
    expect(within(skipped).getByText('Carol Atieno')).toBeInTheDocument();
    expect(within(panel).getByText('Sample for Ann Wanjiru')).toBeInTheDocument();
    expect(within(panel).getByTestId('sample-text')).toHaveTextContent('Hi Ann Wanjiru, see you on Sabbath.');

    // Editing invalidates the preview.
    const ready = screen.getByRole('button', { name: 'Send to 10 recipients' });
    expect(ready).toBeEnabled();
    await userEvent.type(body, '!');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(screen.getByText('The message changed after the preview: preview it again before sending.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Preview' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send to 10 recipients' }));

    await waitFor(() => { expect(screen.getByTestId('where')).toHaveTextContent('/communication/history/b9'); });
    expect(sends).toHaveLength(3);
    expect(sends[2]!.body).toEqual({ channels: ['sms'], audience: { group: 'youth' }, body: 'Hi {name}, see you on Sabbath.!' });
  });

  it("shows the spend guard and holds the send when it says no (the server's words)", async () => {
    const guard = {
      outcome: 'needs_super_admin',
      sendsLastHour: 0,
      perHour: 10,
      monthlyBudget: 5000,
      spentThisMonth: 4995,
      thisSend: 8,
      message: 'This send (KES 8) would take this month’s text messages to KES 5,003, over the monthly SMS budget of KES 5,000 (System Settings). A Super Admin can send it or raise the budget.',
    };
    renderHub('/communication/send?channel=sms', {
      '/functions/v1/send-broadcast': () => json({ ...preview, guard }),
    });
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Group' }), 'youth');
    await userEvent.type(screen.getByRole('textbox', { name: /Message/ }), 'Hi there');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const panel = await screen.findByRole('region', { name: 'Preview' });
    expect(within(panel).getByTestId('sms-budget')).toHaveTextContent(/4,995\.00 of the Ksh\s5,000\.00 monthly SMS budget used/);
    expect(within(panel).getByText(/over the monthly SMS budget of KES 5,000/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send to 10 recipients' })).toBeDisabled();
  });

  it('checks the form first, then shows the server field errors beside their fields', async () => {
    const { sends } = renderHub('/communication/send', {
      '/functions/v1/send-broadcast': (url, init) => {
        sends.push({ url, body: JSON.parse(init!.body as string) as Record<string, unknown> });
        return json(
          { code: 'validation_failed', message: 'Invalid send', fields: { audience: 'No members found in group: choir', subject: 'Subject is too long' } },
          400,
        );
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Preview' }));
    expect(screen.getByText('Choose SMS, e-mail or both')).toBeInTheDocument();
    expect(screen.getByText('Message cannot be empty')).toBeInTheDocument();
    expect(sends).toHaveLength(0);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Email' }));
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.getByText('An e-mail needs a subject')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Subject/ }), 'Choir practice');
    await userEvent.type(screen.getByRole('textbox', { name: /Message/ }), 'Practice on Friday.');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Group' }), 'choir');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('No members found in group: choir')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Subject/ })).toHaveAccessibleDescription('Subject is too long');
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the marked fields.');
    expect(sends[0]!.body).toMatchObject({ channels: ['email'], audience: { group: 'choir' }, subject: 'Choir practice', preview: true });
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it("a 403 shows the server's message", async () => {
    renderHub('/communication/send?channel=sms', {
      '/functions/v1/send-broadcast': () => json({ code: 'forbidden', message: 'Sending messages needs the send_communications permission' }, 403),
    });
    await userEvent.type(await screen.findByRole('textbox', { name: /Message/ }), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sending messages needs the send_communications permission');
  });

  it('a template from the address fills the text and its channel; an event and ministry are sent by id', async () => {
    const { sends } = renderHub('/communication/send?template=t-email');
    const body = await screen.findByRole('textbox', { name: /Message/ });
    await waitFor(() => { expect(body).toHaveValue('Happy birthday, {name}!'); });
    expect(screen.getByRole('checkbox', { name: 'Email' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'SMS' })).not.toBeChecked();
    const template = screen.getByRole('combobox', { name: 'Template' });
    expect(template).toHaveValue('t-email');
    expect(within(template).queryByRole('option', { name: /Retired/ })).toBeNull();
    await userEvent.selectOptions(template, 't-sms');
    expect(body).toHaveValue('Hi {name}, {event_name} is on {date}.');

    await userEvent.click(screen.getByRole('radio', { name: 'A ministry' }));
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Ministry' }), 'min-1');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Event (optional)' }), 'e1');
    expect(screen.getByLabelText('Date (optional)')).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: /Subject/ }), 'Camp');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByRole('region', { name: 'Preview' });
    expect(sends[0]!.body).toEqual({
      channels: ['email'],
      audience: { ministryId: 'min-1' },
      subject: 'Camp',
      body: 'Hi {name}, {event_name} is on {date}.',
      eventId: 'e1',
      templateId: 't-sms',
      preview: true,
    });
  });

  it('chosen members: searched on the server, added and removed, sent by id', async () => {
    const { searches, handlers } = memberSearchApi(() => [
      { id: 'mem-1', first_name: 'Ann', last_name: 'Wanjiru', membership_number: 'M-001', is_active: true },
      { id: 'mem-2', first_name: 'Anne', last_name: 'Kamau', membership_number: null, is_active: true },
    ]);
    const { sends } = renderHub('/communication/send?channel=sms', {
      ...handlers,
    });
    await userEvent.click(await screen.findByRole('radio', { name: 'Chosen members' }));
    const search = screen.getByRole('combobox', { name: 'Add members' });
    await userEvent.type(search, 'ann');
    const first = await screen.findByRole('option', { name: /Ann Wanjiru/ });
    await userEvent.click(first);
    await userEvent.type(search, 'ann');
    await userEvent.click(await screen.findByRole('option', { name: /Anne Kamau/ }));
    const chosen = screen.getByRole('list', { name: 'Chosen members' });
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Anne Kamau' }));
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(1);
    expect(searches.at(-1)?.active_only).toBe(true);

    await userEvent.type(screen.getByRole('textbox', { name: /Message/ }), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByRole('region', { name: 'Preview' });
    expect(sends[0]!.body.audience).toEqual({ memberIds: ['mem-1'] });
  });

  it('without send_communications: the Insufficient Permissions notice instead of the form', async () => {
    renderHub('/communication/send', {}, { role: 'ADMIN', rank: 5, permissions: ['manage_communications'] });
    expect(await screen.findByText("You don't have the required permissions to access this feature.")).toBeInTheDocument();
    expect(screen.getByText('Required permission').nextElementSibling).toHaveTextContent(/^Send communications$/);
    expect(screen.queryByText('send_communications')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Preview' })).toBeNull();
  });
});

describe('History', () => {
  it('lists sends 20 a page with type, kind, outcome, status and performance; a row opens its details', async () => {
    const offsets: (string | null)[] = [];
    renderHub('/communication/history', {
      '/rest/v1/rpc/get_broadcasts': (url) => {
        offsets.push(url.searchParams.get('p_offset'));
        expect(url.searchParams.get('p_limit')).toBe('20');
        const page = url.searchParams.get('p_offset') === '20';
        return json({
          total: 25,
          items: page
            ? [broadcast('b21', { kind: 'birthday', channels: ['sms', 'email'], status: 'simulated', performance: { percent: 100, measure: 'simulated' } })]
            : [broadcast('b1', { subject: 'Camp letter', channels: ['email'], kind: 'event_reminder', status: 'sent', performance: { percent: 100, measure: 'accepted' } })],
        });
      },
    });
    const table = await screen.findByRole('table', { name: 'Sent messages' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('Email')).toBeInTheDocument();
    expect(within(row).getByText('Event reminder')).toBeInTheDocument();
    expect(within(row).getByText('Camp letter')).toBeInTheDocument();
    expect(within(row).getByText('Sent')).toBeInTheDocument();
    expect(within(row).getByText('100 % accepted')).toBeInTheDocument();
    expect(within(row).getByText('2 delivered')).toBeInTheDocument();
    expect(within(row).getByText('1 failed')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Birthday wishes')).toBeInTheDocument();
    expect(screen.getByText('SMS + Email')).toBeInTheDocument();
    expect(screen.getByText('simulated (demo mode)')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/communication/history?page=2');
    expect(offsets).toEqual(['0', '20']);

    await userEvent.click(screen.getByRole('link', { name: /^Details: Youth camp b21/ }));
    await waitFor(() => { expect(screen.getByTestId('where')).toHaveTextContent('/communication/history/b21'); });
  });

  it("says 'No messages sent yet' when nothing was sent, and offers a retry when the list fails", async () => {
    let fail = true;
    renderHub('/communication/history', {
      '/rest/v1/rpc/get_broadcasts': () => (fail ? json({ code: 'XX000', message: 'boom' }, 500) : json({ total: 0, items: [] })),
    });
    expect(await screen.findByText('Could not load the sent messages.', {}, { timeout: 10_000 })).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No messages sent yet')).toBeInTheDocument();
  });
});

describe('A send’s details', () => {
  it('shows the facts, per-recipient outcomes with codes, and progress polled every 2 s while queued', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls: URL[] = [];
    let answer = 0;
    renderHub('/communication/history/b9', {
      '/rest/v1/rpc/get_broadcast': (url) => {
        calls.push(url);
        answer += 1;
        const done = answer > 1;
        return json({
          broadcast: broadcast('b9', {
            status: done ? 'partly_failed' : 'sending',
            sms: done ? { ...counts, total: 2, delivered: 1, failed: 1 } : { ...counts, total: 2, queued: 1, failed: 1 },
            performance: done ? { percent: 50, measure: 'delivered' } : null,
          }),
          recipients_total: 2,
          recipients: [
            { channel: 'sms', name: 'Brian Otieno', address: '+254700000002', status: 'failed', status_code: 403, provider_status: 'InvalidPhoneNumber', failure_reason: 'Invalid phone number', cost: null, sent_at: null },
            done
              ? { channel: 'sms', name: 'Ann Wanjiru', address: '+254700000001', status: 'delivered', status_code: 101, provider_status: 'Success', failure_reason: null, cost: '0.80', sent_at: '2026-11-20T04:51:00Z' }
              : { channel: 'sms', name: 'Ann Wanjiru', address: '+254700000001', status: 'queued', status_code: null, provider_status: null, failure_reason: null, cost: null, sent_at: null },
          ],
        });
      },
    });
    expect(await screen.findByRole('heading', { name: 'Youth camp b9: bring a Bible and a torch' })).toBeInTheDocument();
    expect(screen.getByText('Elijah Elder')).toBeInTheDocument();
    expect(calls[0]!.searchParams.get('p_id')).toBe('b9');
    expect(calls[0]!.searchParams.get('p_limit')).toBe('100');
    expect(calls[0]!.searchParams.get('p_offset')).toBe('0');
    const progress = screen.getByRole('progressbar', { name: 'Sending' });
    expect(progress).toHaveAttribute('value', '1');
    expect(progress).toHaveAttribute('max', '2');
    const table = screen.getByRole('table', { name: 'Recipients and their outcomes' });
    const failed = within(table).getByRole('row', { name: /Brian Otieno/ });
    expect(within(failed).getByText('403')).toBeInTheDocument();
    expect(within(failed).getByText('InvalidPhoneNumber')).toBeInTheDocument();
    expect(within(failed).getByText('Invalid phone number')).toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(2100);
    });
    expect(await screen.findByText('All 2 messages processed.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Sent' })).toHaveAttribute('value', '2');
    expect(screen.getByText('50 % delivered')).toBeInTheDocument();
    const delivered = within(screen.getByRole('table', { name: 'Recipients and their outcomes' })).getByRole('row', { name: /Ann Wanjiru/ });
    expect(within(delivered).getByText('Delivered')).toBeInTheDocument();
    // Nothing queued any more: no further polling.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4100);
    });
    expect(calls).toHaveLength(2);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Failed only' }));
    const filtered = screen.getByRole('table', { name: 'Recipients and their outcomes' });
    expect(within(filtered).queryByText('Ann Wanjiru')).toBeNull();
    expect(within(filtered).getByText('Brian Otieno')).toBeInTheDocument();
  });

  it("an unknown send: 'This message was not found.'", async () => {
    renderHub('/communication/history/nope', {
      '/rest/v1/rpc/get_broadcast': () => json({ code: 'PT404', message: 'Not found' }, 404),
    });
    expect(await screen.findByText('This message was not found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to History' })).toHaveAttribute('href', '/communication/history');
  });
});
