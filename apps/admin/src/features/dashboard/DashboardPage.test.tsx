import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, renderAt, sessionFor, stubApi, testClient } from '../../test/render';
import { serverAnswers } from '../../test/roles';
import { churchToday } from '../../lib/church-time';

const today = churchToday();
const members = [1, 2, 3, 4, 5].map((n) => ({
  id: `m${String(n)}`,
  first_name: `First${String(n)}`,
  last_name: `Last${String(n)}`,
  membership_number: `MZ-00${String(n)}`,
  created_at: '2026-11-01T08:00:00Z',
}));

/** One figure of a card, by its label (a `dt`); waits for the card to appear. */
async function figure(label: string) {
  const term = await screen.findByText(label, { exact: true, selector: 'dt' });
  return within(term.closest('.figure')!);
}

describe('DashboardPage (§2.5, §7.5)', () => {
  it('shows the figures the API answers, 3 of the 5 recent members, and the quick actions the user may use', async () => {
    const fetchMock = stubApi({
      // The active members' count (HEAD, is_active=eq.true) and the 5 newest with the count of all.
      '/rest/v1/members': (url) =>
        url.searchParams.get('is_active') === 'eq.true' ? json(null, 200, { 'content-range': '*/40' }) : json(members, 200, { 'content-range': '0-4/42' }),
      '/rest/v1/sermons': () => json(null, 200, { 'content-range': '*/12' }),
      '/rest/v1/events': () => json(null, 200, { 'content-range': '*/61' }),
      '/rest/v1/announcements': () => json(null, 200, { 'content-range': '*/7' }),
      // The money figures come from SQL aggregates, not from summing rows here.
      '/rest/v1/rpc/get_finance_overview': () =>
        json([
          {
            giving_all_time: 1250,
            giving_this_month: 250,
            giving_this_year: 250,
            anonymous_this_year: 0,
            gifts_this_month: 1,
            allocated_this_year: 1000,
            spent_this_year: 333,
          },
        ]),
      '/rest/v1/prayer_requests': (url) => json(null, 200, { 'content-range': url.search.includes('status=eq.open') ? '*/3' : '*/9' }),
      '/rest/v1/rpc/get_scheduled_tasks': () => json([]),
    });
    renderAt('/dashboard', undefined, testClient(sessionFor(serverAnswers.SUPER_ADMIN, 'Sarah Super')));

    expect(await screen.findByRole('heading', { level: 1, name: 'Super Admin Dashboard' })).toBeInTheDocument();
    // One figure per meaning, in the words of the Members screen and Reports (issue 41): the
    // register (the count that came with the 5 newest), the active ones, the rest inactive.
    expect(await (await figure('All members on the register')).findByText('42')).toBeInTheDocument();
    expect(await (await figure('Active members')).findByText('40')).toBeInTheDocument();
    expect(await (await figure('Inactive members')).findByText('2')).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Members' });
    expect([...card.querySelectorAll('[data-figure]')].map((f) => f.getAttribute('data-figure'))).toEqual(['all-members', 'active-members', 'inactive-members']);
    expect(within(card).queryByText(/total members/i)).not.toBeInTheDocument();
    expect(screen.getByText('First1 Last1')).toBeInTheDocument();
    expect(screen.getByText('First3 Last3')).toBeInTheDocument();
    expect(screen.queryByText('First4 Last4')).not.toBeInTheDocument();
    expect(await (await figure('Sermons')).findByText('12')).toBeInTheDocument();
    expect((await figure('Events')).getByText('61')).toBeInTheDocument();
    expect((await figure('Announcements')).getByText('7')).toBeInTheDocument();
    expect(await (await figure('Verified giving, all time')).findByText('Ksh 1,250')).toBeInTheDocument();
    expect((await figure('Verified giving this month')).getByText('Ksh 250')).toBeInTheDocument();
    expect(await (await figure(`Budget used in ${today.slice(0, 4)}`)).findByText(/^33%/)).toBeInTheDocument();
    expect(await (await figure('All requests')).findByText('9')).toBeInTheDocument();
    expect(await (await figure('Pending (open)')).findByText('3')).toBeInTheDocument();
    const actions = within(screen.getByRole('region', { name: 'Quick Actions' })).getAllByRole('link');
    expect(actions.map((a) => a.textContent)).toEqual([
      'Manage Sermons',
      'Manage Events',
      'Record Donations',
      'Manage Members',
      'Manage Admins',
    ]);

    const urls = fetchMock.mock.calls.map(([input]) => decodeURIComponent(input as string));
    expect(urls).toContainEqual(expect.stringMatching(/\/rest\/v1\/members\?select=id,first_name,last_name,membership_number,created_at&order=created_at\.desc&limit=5/));
    expect(urls).toContainEqual(expect.stringMatching(/\/rest\/v1\/rpc\/get_finance_overview$/));
    expect(urls.some((u) => /giving_records|budgets|expenses/.test(u))).toBe(false);
  });

  it('shows only the cards the permissions allow and asks nothing for the others', async () => {
    const fetchMock = stubApi({ '/rest/v1/prayer_requests': () => json(null, 200, { 'content-range': '*/0' }) });
    renderAt('/dashboard', undefined, testClient(sessionFor(serverAnswers.ELDER)));
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Members' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Prayer Requests' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Content' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Finances' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Quick Actions' })).not.toBeInTheDocument();
    await (await figure('All requests you can see')).findByText('0');
    const asked = fetchMock.mock.calls.map(([input]) => input as string);
    expect(asked.some((u) => /sermons|get_finance_overview/.test(u))).toBe(false);
  });

  it("says an Elder's prayer-request counts are of the requests they can see; the prayer team's are of all (issue 41)", async () => {
    stubApi({ '/rest/v1/prayer_requests': (url) => json(null, 200, { 'content-range': url.search.includes('status=eq.open') ? '*/2' : '*/5' }) });
    renderAt('/dashboard', undefined, testClient(sessionFor(serverAnswers.ELDER)));
    expect(await (await figure('All requests you can see')).findByText('5')).toBeInTheDocument();
    expect(await (await figure('Pending (open) you can see')).findByText('2')).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Prayer Requests' });
    expect(within(card).getByText(/Private requests are for the pastor and the prayer team only/)).toBeInTheDocument();
    expect(within(card).queryByText('All requests', { exact: true })).not.toBeInTheDocument();
  });

  it('counts every prayer request, without "you can see", for the pastor and the prayer team', async () => {
    stubApi({ '/rest/v1/prayer_requests': (url) => json(null, 200, { 'content-range': url.search.includes('status=eq.open') ? '*/3' : '*/9' }) });
    const team = { ...serverAnswers.ELDER, permissions: [...serverAnswers.ELDER.permissions, 'view_private_prayer_requests'] };
    renderAt('/dashboard', undefined, testClient(sessionFor(team)));
    expect(await (await figure('All requests')).findByText('9')).toBeInTheDocument();
    expect(await (await figure('Pending (open)')).findByText('3')).toBeInTheDocument();
    expect(screen.queryByText(/you can see/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Private requests are for the pastor/)).not.toBeInTheDocument();
  });

  it('says when a figure could not be loaded, per card, and retries', async () => {
    let fail = true;
    const user = userEvent.setup();
    stubApi({
      '/rest/v1/prayer_requests': () =>
        fail
          ? json({ code: '42501', message: 'permission denied for table prayer_requests', details: null, hint: null }, 403)
          : json(null, 200, { 'content-range': '*/4' }),
    });
    renderAt('/dashboard', undefined, testClient(sessionFor(serverAnswers.ELDER)));
    expect(await (await figure('All requests you can see')).findByText(/Could not load this figure: permission denied/)).toBeInTheDocument();
    expect((await figure('Active members')).queryByText(/Could not load/)).not.toBeInTheDocument();
    fail = false;
    await user.click((await figure('All requests you can see')).getByRole('button', { name: 'Retry' }));
    expect(await (await figure('All requests you can see')).findByText('4')).toBeInTheDocument();
  });

  it("names a ministry leader's member figures as the members of their ministries (what the server lets them read)", async () => {
    stubApi({
      '/rest/v1/members': (url) =>
        url.searchParams.get('is_active') === 'eq.true' ? json(null, 200, { 'content-range': '*/3' }) : json(members.slice(0, 4), 200, { 'content-range': '0-3/4' }),
      '/rest/v1/prayer_requests': () => json(null, 200, { 'content-range': '*/0' }),
    });
    renderAt('/dashboard', undefined, testClient(sessionFor(serverAnswers.MINISTRY_LEADER)));
    expect(await (await figure('All members of your ministries')).findByText('4')).toBeInTheDocument();
    expect(await (await figure('Active members of your ministries')).findByText('3')).toBeInTheDocument();
    expect(await (await figure('Inactive members of your ministries')).findByText('1')).toBeInTheDocument();
    expect(screen.queryByText('All members on the register')).not.toBeInTheDocument();
  });

  it('tells a MEMBER what the dashboard holds for them', async () => {
    stubApi();
    renderAt('/dashboard', undefined, testClient(sessionFor(serverAnswers.MEMBER, 'Martha Member')));
    expect(await screen.findByText(/Your account can open the dashboard only/)).toBeInTheDocument();
    expect(screen.getByText('Welcome back, Martha.')).toBeInTheDocument();
  });
});

const rpcPath = '/rest/v1/rpc/get_failed_deliveries';

/** A failed job as `rpc/get_failed_deliveries` answers it. */
function failedJob(n: number, fields: Record<string, unknown> = {}) {
  return {
    job_id: n,
    kind: 'send_email',
    source_table: null,
    source_id: null,
    summary: `Subject ${String(n)}`,
    attempts: 5,
    last_error: `550 refused ${String(n)}`,
    failed_at: '2026-11-22T09:05:00Z',
    ...fields,
  };
}

/** The card, once its heading is there. */
async function deliveriesCard() {
  const heading = await screen.findByRole('heading', { level: 2, name: 'Deliveries that failed' });
  return within(heading.closest('section')!);
}

describe('DashboardPage: deliveries that failed', () => {
  it('lists the 5 newest failures with what, subject, when, attempts and error, then "and N more"', async () => {
    const longError = `554 5.7.1 Message rejected: ${'policy text '.repeat(20)}end`;
    const fetchMock = stubApi({
      [rpcPath]: () =>
        json([
          failedJob(1, {
            kind: 'notify_submission',
            source_table: 'messages',
            source_id: '0b0f4f0e-0000-4000-8000-000000000001',
            summary: 'Wedding inquiry',
            attempts: 1,
            last_error: longError,
          }),
          failedJob(2, { kind: 'acknowledge_submission', source_table: 'prayer_requests', summary: 'Healing for my mother' }),
          failedJob(3),
          failedJob(4),
          failedJob(5),
          failedJob(6),
          failedJob(7),
        ]),
    });
    renderAt('/dashboard', undefined, testClient(sessionFor(serverAnswers.ELDER)));
    const card = await deliveriesCard();

    expect(await card.findByText('7 deliveries failed, newest first.')).toBeInTheDocument();
    const items = card.getAllByRole('listitem');
    expect(items).toHaveLength(5);
    const first = within(items[0]!);
    expect(first.getByText('Staff e-mail · message')).toBeInTheDocument();
    expect(first.getByText('Wedding inquiry')).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('Failed 22 Nov 2026, 12:05 after 1 attempt');
    expect(first.getByText('22 Nov 2026, 12:05').tagName).toBe('TIME');
    expect(first.getByText('22 Nov 2026, 12:05')).toHaveAttribute('datetime', '2026-11-22T09:05:00Z');
    const error = first.getByText(/^554 5\.7\.1 Message rejected/);
    expect(Array.from(error.textContent)).toHaveLength(140);
    expect(error).toHaveAttribute('title', longError.replace(/\s+/g, ' '));

    expect(within(items[1]!).getByText('Acknowledgement to the sender · prayer request')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Healing for my mother')).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('after 5 attempts');
    const shortError = within(items[2]!).getByText('550 refused 3');
    expect(shortError).not.toHaveAttribute('title');
    expect(within(items[2]!).getByText('E-mail')).toBeInTheDocument();
    expect(card.queryByText('Subject 6')).not.toBeInTheDocument();
    expect(card.getByText('and 2 more')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Open the communication hub' })).toHaveAttribute('href', '/communication');

    const call = fetchMock.mock.calls.find(([input]) => (input as string).includes(rpcPath));
    expect(JSON.parse(call![1]!.body as string)).toEqual({ max_rows: 20 });
  });

  it('says when all e-mails were delivered', async () => {
    stubApi({ [rpcPath]: () => json([]) });
    renderAt('/dashboard', undefined, testClient(sessionFor(serverAnswers.ELDER)));
    const card = await deliveriesCard();
    expect(await card.findByText('All e-mails were delivered.')).toBeInTheDocument();
    expect(card.queryByRole('list')).not.toBeInTheDocument();
    expect(card.queryByText(/more$/)).not.toBeInTheDocument();
  });

  it('in demo mode says the e-mails were simulated, not delivered', async () => {
    stubApi({
      [rpcPath]: () => json([]),
      '/functions/v1/service-modes': () => json({ email: { live: false }, sms: { live: false }, payments: { live: false } }),
    });
    renderAt('/dashboard', undefined, testClient(sessionFor(serverAnswers.ELDER)));
    const card = await deliveriesCard();
    expect(await card.findByText('No e-mail failed. Demo mode: e-mails are simulated, so none was really delivered.')).toBeInTheDocument();
    expect(card.queryByText('All e-mails were delivered.')).not.toBeInTheDocument();
  });

  it('shows a loading state until the answer comes', async () => {
    // The answer is made before the request: answering cannot race the request being sent.
    let answer: (response: Response) => void = () => undefined;
    const pending = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    stubApi({ [rpcPath]: () => pending });
    renderAt('/dashboard', undefined, testClient(sessionFor(serverAnswers.ELDER)));
    const card = await deliveriesCard();
    expect(card.getByLabelText('Loading')).toBeInTheDocument();
    answer(json([failedJob(1)]));
    expect(await card.findByText('1 delivery failed, newest first.')).toBeInTheDocument();
    expect(card.queryByLabelText('Loading')).not.toBeInTheDocument();
    expect(card.getAllByRole('listitem')).toHaveLength(1);
  });

  it('says when the list could not be loaded and retries', async () => {
    let fail = true;
    const user = userEvent.setup();
    stubApi({
      [rpcPath]: () =>
        fail
          ? json({ code: '42501', message: 'permission denied for function get_failed_deliveries', details: null, hint: null }, 403)
          : json([failedJob(1, { summary: 'Back again' })]),
    });
    renderAt('/dashboard', undefined, testClient(sessionFor(serverAnswers.ELDER)));
    const card = await deliveriesCard();
    expect(await card.findByText(/Could not load the failed deliveries: permission denied for function/)).toBeInTheDocument();
    expect(card.queryByRole('list')).not.toBeInTheDocument();
    fail = false;
    await user.click(card.getByRole('button', { name: 'Retry' }));
    expect(await card.findByText('Back again')).toBeInTheDocument();
    expect(card.queryByText(/Could not load/)).not.toBeInTheDocument();
  });

  it('is shown only to who reaches the Communication screen, and nothing is asked for the others', async () => {
    const fetchMock = stubApi();
    renderAt('/dashboard', undefined, testClient(sessionFor(serverAnswers.CONTENT_ADMIN)));
    expect(await screen.findByRole('heading', { level: 1, name: 'Content Management Dashboard' })).toBeInTheDocument();
    await figure('Sermons');
    expect(screen.queryByRole('heading', { level: 2, name: 'Deliveries that failed' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => (input as string).includes('get_failed_deliveries'))).toBe(false);
  });

  it('gives an account with only a communication permission its card instead of the "dashboard only" note', async () => {
    stubApi();
    renderAt('/dashboard', undefined, testClient(sessionFor({ role: 'ELDER', rank: 2, permissions: ['send_emails'] })));
    const card = await deliveriesCard();
    expect(await card.findByText('All e-mails were delivered.')).toBeInTheDocument();
    expect(screen.queryByText(/Your account can open the dashboard only/)).not.toBeInTheDocument();
  });
});

describe('Scheduled tasks card', () => {
  const row = (kind: string, fields: Record<string, unknown> = {}) => ({
    kind,
    every_secs: 30,
    last_run_at: new Date(Date.now() - 10_000).toISOString(),
    last_ok: true,
    last_error: null,
    last_failed_at: null,
    failures_last_day: 0,
    next_run_at: new Date(Date.now() + 20_000).toISOString(),
    ...fields,
  });

  it("shows a Super Admin each periodic task, and a failed run's error", async () => {
    stubApi({
      '/rest/v1/rpc/get_scheduled_tasks': () =>
        json([
          row('hourly_sweep', { every_secs: 3600 }),
          row('reconcile_payments', {
            last_ok: false,
            last_error: 'database: the database system is shutting down (SQLSTATE 57P01)',
            last_failed_at: new Date(Date.now() - 10_000).toISOString(),
          }),
        ]),
    });
    renderAt('/dashboard', undefined, testClient(sessionFor(serverAnswers.SUPER_ADMIN)));
    const card = within(await screen.findByRole('region', { name: 'Scheduled tasks' }));
    expect(await card.findByText('1 of 2 scheduled tasks need attention.')).toBeInTheDocument();
    const items = card.getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-state'))).toEqual(['ok', 'failed']);
    expect(within(items[1]!).getByText('Payment reconciliation')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Last run failed')).toBeInTheDocument();
    expect(within(items[1]!).getByText(/shutting down \(SQLSTATE 57P01\)/)).toBeInTheDocument();
    expect(within(items[0]!).getByText(/^Runs every hour; last ran at /)).toBeInTheDocument();
  });

  it('is not shown, nor asked for, below a Super Admin', async () => {
    const fetchMock = stubApi({ '/rest/v1/prayer_requests': () => json(null, 200, { 'content-range': '*/0' }) });
    renderAt('/dashboard', undefined, testClient(sessionFor(serverAnswers.ADMIN)));
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Scheduled tasks' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => (input as string).includes('get_scheduled_tasks'))).toBe(false);
  });
});
