/**
 * The member portal (`/me`, issue 46): phone sign-in in two steps (a code by SMS, or on the
 * screen in demo mode), the member's giving this year from the treasurer's statement, refusals
 * in the member's language, and signing out.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../app/AppRoutes';
import { MemberProvider, createMemberClient, type MemberClient } from '../../lib/member';
import { json, stubApi, type SentRequest } from '../../test/api';
import { inKiswahili } from '../../test/kiswahili';
import { renderAt } from '../../test/render';
import { looksLikePhone } from './PhoneSignIn';

const session = {
  access_token: 'member-access',
  token_type: 'bearer',
  expires_in: 3600,
  expires_at: 1,
  refresh_token: 'member-refresh',
  user: {
    id: 'user-1',
    phone: '254712400001',
    app_metadata: { role: 'MEMBER', member_id: 'member-1' },
    user_metadata: { full_name: 'Achieng Otieno' },
  },
};

const statement = {
  member: { id: 'member-1', first_name: 'Achieng', last_name: 'Otieno' },
  from: '2026-01-01',
  to: '2026-06-30',
  total: 2500,
  gift_count: 2,
  by_type: [
    { giving_type: 'tithe', total: 2000, gift_count: 1 },
    { giving_type: 'offering', total: 500, gift_count: 1 },
  ],
  gifts: [
    { id: 'g1', giving_date: '2026-02-07', receipt_no: 'R-1', giving_type: 'tithe', amount: 2000 },
    { id: 'g2', giving_date: '2026-03-07', receipt_no: null, giving_type: 'offering', amount: 500 },
  ],
};

function member(): MemberClient {
  return createMemberClient({ storage: null, autoRefresh: false });
}

function api(verify: (sent: SentRequest) => Response = () => json(session)): SentRequest[] {
  return stubApi({
    'POST /auth/v1/otp': () => json({ demo: true, demo_code: '482913' }),
    'POST /auth/v1/verify': verify,
    'POST /rest/v1/rpc/get_giving_statement': () => json(statement),
    'POST /auth/v1/logout': () => new Response(null, { status: 204 }),
  });
}

function open(path = '/me', client = member()) {
  renderAt(
    path,
    <MemberProvider client={client}>
      <AppRoutes />
    </MemberProvider>,
  );
  return client;
}

async function askForCode(phone = '0712 400 001') {
  fireEvent.change(await screen.findByLabelText(/phone number/i), { target: { value: phone } });
  fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
}

beforeEach(() => {
  window.localStorage.clear();
});

describe('the member portal', () => {
  it('signs a member in with the code and shows this year’s giving from their statement', async () => {
    const sent = api();
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'My Church' })).toBeInTheDocument();
    await askForCode();
    expect(await screen.findByText('Demo: no SMS is sent on this site. Your code is 482913.')).toBeInTheDocument();
    expect(sent.find((s) => s.path === '/auth/v1/otp')?.body).toEqual({ phone: '0712 400 001', channel: 'sms', data: { locale: 'en' } });

    fireEvent.change(screen.getByLabelText(/six-digit code/i), { target: { value: '482913' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Welcome, Achieng Otieno')).toBeInTheDocument();
    expect(sent.find((s) => s.path === '/auth/v1/verify')?.body).toEqual({ type: 'sms', phone: '0712 400 001', token: '482913' });

    expect(await screen.findByTestId('portal-year-total')).toHaveTextContent('KES 2,500');
    const asked = sent.find((s) => s.path === '/rest/v1/rpc/get_giving_statement')?.body as Record<string, string>;
    expect(asked.member_id).toBe('member-1');
    expect(asked.from_date).toMatch(/^\d{4}-01-01$/);
    // On the screen a page of gifts; on paper (Print) all of them, in a table the screen hides.
    const [onScreen, onPaper] = screen.getAllByRole('table');
    expect(onPaper).toHaveClass('portal-print-only');
    expect(within(onPaper!).getAllByRole('row')).toHaveLength(3);
    const rows = within(onScreen!).getAllByRole('row');
    expect(rows).toHaveLength(3);
    // Newest first.
    expect(rows[1]).toHaveTextContent('Offering');
    expect(rows[2]).toHaveTextContent('R-1');

    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Send me a code' })).toBeInTheDocument();
    expect(sent.some((s) => s.path === '/auth/v1/logout')).toBe(true);
  });

  it('says so when the code is wrong or expired, and keeps the member on the code step', async () => {
    api(() => json({ code: 403, error_code: 'otp_expired', msg: 'Token has expired or is invalid' }, 403));
    open();
    await askForCode();
    fireEvent.change(await screen.findByLabelText(/six-digit code/i), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('That code is wrong or has expired. Ask for a new one.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use another number' })).toBeEnabled();
  });

  it('checks the number before asking, and the code’s six digits before signing in', async () => {
    const sent = api();
    open();
    await askForCode('12345');
    expect(await screen.findByText('Enter a Kenyan mobile number, e.g. 0712 345 678.')).toBeInTheDocument();
    expect(sent.some((s) => s.path === '/auth/v1/otp')).toBe(false);
    await askForCode('+254 712 400 001');
    fireEvent.change(await screen.findByLabelText(/six-digit code/i), { target: { value: '12 34' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The code has six digits.')).toBeInTheDocument();
    expect(sent.some((s) => s.path === '/auth/v1/verify')).toBe(false);
  });

  it('speaks Kiswahili on /sw/me and asks for the code in Kiswahili', async () => {
    await inKiswahili();
    const sent = api();
    open('/sw/me');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kanisa Langu' })).toBeInTheDocument();
    fireEvent.change(await screen.findByLabelText(/nambari yako ya simu/i), { target: { value: '0712400001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Nitumie nambari ya siri' }));
    await screen.findByText(/Nambari yako ni 482913/);
    expect(sent.find((s) => s.path === '/auth/v1/otp')?.body).toMatchObject({ data: { locale: 'sw' } });
  });
});

const details = {
  id: 'member-1',
  membership_number: 'M-014',
  first_name: 'Achieng',
  last_name: 'Otieno',
  phone: '+254712400001',
  email: null,
  address: 'Nyeri',
  emergency_contact: { name: 'Otieno', phone: '+254712400009', relationship: 'Brother' },
};

async function signIn() {
  open();
  await askForCode();
  fireEvent.change(await screen.findByLabelText(/six-digit code/i), { target: { value: '482913' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByText('Welcome, Achieng Otieno');
}

describe('my details', () => {
  it('shows what the register holds and sends a new phone to the clerk, then says it waits for the clerk', async () => {
    let asked = false;
    const sent = stubApi({
      'POST /auth/v1/otp': () => json({ demo: true, demo_code: '482913' }),
      'POST /auth/v1/verify': () => json(session),
      'POST /rest/v1/rpc/get_giving_statement': () => json(statement),
      'GET /rest/v1/members': () => json(details),
      'GET /rest/v1/member_change_requests': () =>
        json(asked ? [{ id: 'r1', status: 'pending', changes: { phone: '+254712400888' }, created_at: '2026-06-01T08:00:00Z', decided_at: null, decision_note: null }] : []),
      'POST /rest/v1/rpc/request_details_change': () => {
        asked = true;
        return json({ id: 'r1', status: 'pending' });
      },
    });
    await signIn();
    expect(await screen.findByTestId('portal-phone')).toHaveTextContent('0712 400 001');
    expect(screen.getByText('Otieno · 0712 400 009 · Brother')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Ask for a change' }));
    const form = screen.getByRole('form', { name: 'Ask for a change' });
    // Checked before it goes: a number that is not a Kenyan mobile one.
    fireEvent.change(within(form).getByLabelText(/^Phone/), { target: { value: '12345' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send to the clerk' }));
    expect(await within(form).findByText('Enter a Kenyan mobile number, e.g. 0712 345 678.')).toBeInTheDocument();
    expect(sent.some((r) => r.path === '/rest/v1/rpc/request_details_change')).toBe(false);

    fireEvent.change(within(form).getByLabelText(/^Phone/), { target: { value: '0712 400 888' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send to the clerk' }));
    expect(await screen.findByTestId('portal-change-status')).toHaveTextContent('Waiting for the clerk.');
    expect(screen.getByTestId('portal-change-status')).toHaveTextContent('Phone');
    expect(sent.find((r) => r.path === '/rest/v1/rpc/request_details_change')?.body).toEqual({
      phone: '0712 400 888',
      email: '',
      address: 'Nyeri',
      emergency_contact: { name: 'Otieno', phone: '0712 400 009', relationship: 'Brother' },
      note: '',
    });
  });

  it('says in the member’s words when nothing differs from the register', async () => {
    stubApi({
      'POST /auth/v1/otp': () => json({ demo: true, demo_code: '482913' }),
      'POST /auth/v1/verify': () => json(session),
      'GET /rest/v1/members': () => json(details),
      'POST /rest/v1/rpc/request_details_change': () =>
        json({ code: '22023', message: 'Nothing to change: these are the details the church already holds', details: null, hint: 'unchanged' }, 400),
    });
    await signIn();
    fireEvent.click(await screen.findByRole('button', { name: 'Ask for a change' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send to the clerk' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nothing has changed: these are the details the church already holds.');
    expect(screen.getByRole('button', { name: 'Send to the clerk' })).toBeEnabled();
  });
});

describe('the statement for any period', () => {
  it('reads the treasurer’s statement for the period the member picks, and refuses a period that ends before it starts', async () => {
    const sent = api();
    await signIn();
    await screen.findByTestId('portal-year-total');
    const period = screen.getByRole('form', { name: 'Choose the period' });
    fireEvent.change(within(period).getByLabelText('From'), { target: { value: '2025-07-01' } });
    fireEvent.change(within(period).getByLabelText('To'), { target: { value: '2025-06-30' } });
    fireEvent.click(within(period).getByRole('button', { name: 'Show the statement' }));
    expect(await within(period).findByRole('alert')).toHaveTextContent('Choose a start date on or before the end date.');
    fireEvent.change(within(period).getByLabelText('To'), { target: { value: '2025-12-31' } });
    fireEvent.click(within(period).getByRole('button', { name: 'Show the statement' }));
    await waitFor(() => {
      expect(sent.filter((r) => r.path === '/rest/v1/rpc/get_giving_statement').map((r) => r.body)).toContainEqual({
        member_id: 'member-1',
        from_date: '2025-07-01',
        to_date: '2025-12-31',
      });
    });
    expect(await screen.findByRole('heading', { level: 3, name: /^1 Jul 2025 to 31 Dec 2025$/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print the statement' })).toBeEnabled();
  });
});

describe('my requests and giving', () => {
  it('lists what the member sent with its status, and sends a prayer request as the member without an e-mail', async () => {
    let sentOne = false;
    const sent = stubApi({
      'POST /auth/v1/otp': () => json({ demo: true, demo_code: '482913' }),
      'POST /auth/v1/verify': () => json(session),
      'GET /rest/v1/members': () => json(details),
      'GET /rest/v1/prayer_requests': () =>
        json(sentOne ? [{ id: 'p2', title: 'For rain', status: 'open', created_at: '2026-06-03T08:00:00Z' }, { id: 'p1', title: 'For my mother', status: 'in_progress', created_at: '2026-06-01T08:00:00Z' }]
          : [{ id: 'p1', title: 'For my mother', status: 'in_progress', created_at: '2026-06-01T08:00:00Z' }]),
      'GET /rest/v1/messages': () => json([{ id: 'm1', subject: 'Choir practice', status: 'read', created_at: '2026-06-02T08:00:00Z' }]),
      'POST /functions/v1/submit-request': () => {
        sentOne = true;
        return json({ received: true, kind: 'prayer_request', delivery: 'simulated' }, 201);
      },
    });
    await signIn();
    const statuses = await screen.findAllByTestId('portal-request-status');
    expect(statuses.map((s) => s.textContent)).toEqual(['Read', 'Being prayed for']);
    fireEvent.click(screen.getByRole('button', { name: 'Send a prayer request or a message' }));
    const form = screen.getByRole('form', { name: 'Send a prayer request or a message' });
    fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByText('Write your request or message.')).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText(/^Your message/), { target: { value: 'Please pray for rain.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => {
      expect(screen.getAllByTestId('portal-request-status')).toHaveLength(3);
    });
    const request = sent.find((r) => r.path === '/functions/v1/submit-request');
    expect(request?.authorization).toBe('Bearer member-access');
    expect(request?.body).toMatchObject({ category: 'prayer', name: 'Achieng Otieno', phone: '+254712400001', email: '', message: 'Please pray for rain.', prayerPrivacy: 'private' });
  });

  it('opens the giving dialog with the register’s phone, and the payment carries the member’s token', async () => {
    const sent = stubApi({
      'POST /auth/v1/otp': () => json({ demo: true, demo_code: '482913' }),
      'POST /auth/v1/verify': () => json(session),
      'GET /rest/v1/members': () => json(details),
      'POST /functions/v1/payments': () => json({ message: 'Giving is paused' }, 503),
    });
    await signIn();
    await screen.findByTestId('portal-phone');
    fireEvent.click(screen.getByRole('button', { name: 'Give by M-Pesa' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText(/^Phone Number/)).toHaveValue('0712 400 001');
    fireEvent.change(within(dialog).getByLabelText(/^Amount/), { target: { value: '500' } });
    fireEvent.submit(within(dialog).getByRole('form'));
    await waitFor(() => {
      expect(sent.some((r) => r.path === '/functions/v1/payments')).toBe(true);
    });
    const payment = sent.find((r) => r.path === '/functions/v1/payments');
    expect(payment?.authorization).toBe('Bearer member-access');
    expect(payment?.body).toMatchObject({ phone: '254712400001', amount: 500, givingType: 'tithe' });
  });
});

describe('a Kenyan mobile number', () => {
  it.each(['0712 345 678', '+254712345678', '254 712-345-678', '712345678', '0112345678'])('%s is one', (n) => {
    expect(looksLikePhone(n)).toBe(true);
  });
  it.each(['', '12345', '+1 415 555 0100', '0812345678', '07123456789'])('%s is not', (n) => {
    expect(looksLikePhone(n)).toBe(false);
  });
});
