import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, renderAt, sessionFor, stubApi, testClient } from '../../test/render';
import { serverAnswers } from '../../test/roles';
import { churchToday } from '../../lib/church-time';
import { addDays, categories, defaultRange, type LogEntry } from './activity-rules';
import ActivityLogsPage from './ActivityLogsPage';

const today = churchToday();
const week = defaultRange(today);
/** Noon in Nairobi on a day of the range. */
const at = (day: string, time = '12:00:00') => new Date(`${day}T${time}+03:00`).toISOString();

const sarah = { full_name: 'Sarah Super', email: 'super@church.example' };

function entry(id: string, action: string, details: unknown, extra: Partial<LogEntry> = {}): LogEntry {
  return {
    id,
    admin_id: 'u-sarah',
    action,
    details,
    ip_address: '127.0.0.1',
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131',
    created_at: at(today),
    admin: sarah,
    ...extra,
  };
}

const sermonUpdate = entry('l1', 'sermon_updated', { id: 's1', title: 'Grace', changed: ['speaker', 'title'] }, { created_at: at(today, '14:05:09') });
const settingsSave = entry('l2', 'settings_updated', { keys: ['church_name', 'session_timeout_minutes'] }, { created_at: at(today, '10:00:00') });
const backup = entry('l3', 'backup_created', { file: 'nightly.dump' }, { admin_id: null, admin: null, ip_address: null, user_agent: null, created_at: at(addDays(today, -1), '02:00:00') });
const login = entry('l4', 'admin_login', { method: 'password' }, { created_at: at(addDays(today, -2), '08:15:00') });
const gift = entry('l5', 'donation_created', { id: 'g1', giving_type: 'tithe', amount: 1500 }, { created_at: at(addDays(today, -3)) });
const everything = [sermonUpdate, settingsSave, backup, login, gift];

/** Each category's count in the range: more than the 3 rows a card reads. */
const counted: Record<string, number> = { authentication: 41, admin_management: 0, content: 7, members: 0, financial: 3, system: 12 };

const range = (rows: unknown[], total: number) => ({
  'content-range': rows.length ? `0-${String(rows.length - 1)}/${String(total)}` : `*/${String(total)}`,
});

type Answer = (url: URL, init: RequestInit | undefined) => Response;

/** The category whose action list a request names (`action=in.(…)`), or 'all'. */
function categoryAsked(url: URL): string {
  const filter = url.searchParams.get('action');
  if (!filter) return 'all';
  const actions = filter.replace(/^in\.\(|\)$/g, '').split(',');
  return categories.find((c) => c.actions.join(',') === actions.join(','))?.id ?? `unknown:${filter}`;
}

/** The server: rows filtered by category like the database would, counted with a total. */
const logServer: Answer = (url) => {
  const category = categoryAsked(url);
  const limit = Number(url.searchParams.get('limit'));
  const matching = category === 'all' ? everything : everything.filter((e) => categories.find((c) => c.id === category)?.actions.includes(e.action));
  const rows = matching.slice(0, limit);
  const total = category === 'all' ? matching.length : (counted[category] ?? 0);
  return json(rows, 200, range(rows, Math.max(total, rows.length)));
};

function renderPage(logs: Answer = logServer, path = '/activity-logs') {
  const fetchMock = stubApi({ '/rest/v1/admin_activity_logs': logs });
  renderAt(path, <ActivityLogsPage />, testClient(sessionFor(serverAnswers.SUPER_ADMIN)));
  const calls = () =>
    fetchMock.mock.calls
      .map(([input, init]) => ({
        url: new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost'),
        prefer: new Headers(init?.headers).get('prefer'),
      }))
      .filter((call) => call.url.pathname === '/rest/v1/admin_activity_logs');
  const timelineCalls = () => calls().filter((c) => c.url.searchParams.get('limit') === '100');
  const summaryCalls = () => calls().filter((c) => c.url.searchParams.get('limit') === '3');
  return { fetchMock, calls, timelineCalls, summaryCalls };
}

const plain = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
const card = (id: string) => document.querySelector<HTMLElement>(`.activity-card[data-category="${id}"]`)!;
/** Waits until the timeline lists the newest entry. */
const timelineShown = () =>
  waitFor(() => {
    expect(document.querySelector('.activity-item[data-log-id="l1"]')).not.toBeNull();
  });
const timelineItem = (id: string) => document.querySelector<HTMLElement>(`.activity-item[data-log-id="${id}"]`)!;

describe('ActivityLogsPage (§2.15, §7.6)', () => {
  it('reads the last 7 days in Nairobi time: the latest 100 entries with their admin, and each category counted by the server', async () => {
    const { timelineCalls, summaryCalls } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Activity Logs' })).toBeInTheDocument();
    await timelineShown();

    const [timeline] = timelineCalls();
    expect(timeline).toBeDefined();
    const params = timeline!.url.searchParams;
    expect(params.getAll('created_at')).toEqual([`gte.${week.from}T00:00:00+03:00`, `lte.${week.to}T23:59:59.999999+03:00`]);
    expect(params.get('action')).toBeNull();
    expect(params.get('order')).toBe('created_at.desc,id.desc');
    expect(params.get('select')).toContain('admin:users(full_name,email)');
    expect(timeline!.prefer).toContain('count=exact');

    // One request per card, each with its category's actions and the same range, counted exactly.
    await waitFor(() => {
      expect(new Set(summaryCalls().map((c) => categoryAsked(c.url)))).toEqual(new Set(categories.map((c) => c.id)));
    });
    for (const call of summaryCalls()) {
      expect(call.prefer).toContain('count=exact');
      expect(call.url.searchParams.getAll('created_at')).toEqual(params.getAll('created_at'));
    }
    expect(screen.getByLabelText('From')).toHaveValue(week.from);
    expect(screen.getByLabelText('To')).toHaveValue(week.to);
    expect(screen.getByLabelText('Category')).toHaveValue('all');
  });

  it("shows the cards' real counts (not the length of the 3 rows read) and their 3 latest entries", async () => {
    renderPage();
    await waitFor(() => {
      expect(card('authentication').querySelector('.activity-card-count')).toHaveAttribute('data-count', '41');
    });
    expect(plain(card('authentication').querySelector('h3')?.textContent)).toBe('Authentication');
    expect(plain(card('authentication').querySelector('.activity-card-count')?.textContent)).toBe('41 entries');
    expect(plain(card('system').querySelector('.activity-card-count')?.textContent)).toBe('12 entries');
    expect(within(card('system')).getAllByRole('listitem')).toHaveLength(2);
    expect(within(card('system')).getByText('Settings updated: church_name, session_timeout_minutes')).toBeInTheDocument();
    expect(within(card('system')).getByText('Backup created: nightly.dump')).toBeInTheDocument();
    expect(within(card('members')).getByText('No activity in this range.')).toBeInTheDocument();
    expect(plain(card('members').querySelector('.activity-card-count')?.textContent)).toBe('0 entries');
  });

  it('lists the timeline newest first by day, with the label, category, summary, who and when', async () => {
    renderPage();
    await timelineShown();
    const items = [...document.querySelectorAll<HTMLElement>('.activity-timeline .activity-item')];
    expect(items.map((i) => i.dataset.logId)).toEqual(['l1', 'l2', 'l3', 'l4', 'l5']);
    expect(plain(timelineItem('l1').textContent)).toBe('Sermon updated Content Sermon "Grace" updated (speaker, title) Sarah Super · 14:05 Details ›');
    expect(timelineItem('l2').dataset.category).toBe('system');
    // A summary that only repeats the label is not shown twice.
    expect(plain(timelineItem('l4').textContent)).toBe('Signed in Authentication Sarah Super · 08:15 Details ›');
    expect(plain(timelineItem('l3').querySelector('.activity-entry-who')?.textContent)).toBe('System');
    expect(plain(timelineItem('l5').querySelector('.activity-entry-summary')?.textContent)).toBe('Donation of Ksh 1,500 (Tithes) created');
    const days = [...document.querySelectorAll('.activity-day h3')].map((h) => h.textContent);
    expect(days.slice(0, 2)).toEqual(['Today', 'Yesterday']);
    expect(screen.getByTestId('timeline-count')).toHaveTextContent('5 entries, newest first.');
  });

  it('filters by category on the server, from the list or a card, and keeps it in the address', async () => {
    const user = userEvent.setup();
    const { timelineCalls } = renderPage();
    await timelineShown();

    await user.selectOptions(screen.getByLabelText('Category'), 'Financial');
    await screen.findByRole('heading', { level: 2, name: 'Timeline: Financial' });
    await waitFor(() => {
      expect(categoryAsked(timelineCalls().at(-1)!.url)).toBe('financial');
    });
    expect(timelineCalls().at(-1)!.url.searchParams.get('action')).toBe(
      'in.(donation_created,donation_updated,donation_deleted,budget_created,budget_updated,budget_deleted,donation_reassigned,expense_recorded,expense_updated,expense_deleted,expense_approved,expense_rejected)',
    );
    await waitFor(() => {
      expect(document.querySelectorAll('.activity-timeline .activity-item')).toHaveLength(1);
    });
    expect(timelineItem('l5')).toBeInTheDocument();
    expect(within(card('financial')).getByRole('button', { name: 'Show only Financial' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(card('system')).getByRole('button', { name: 'Show only System' }));
    await screen.findByRole('heading', { level: 2, name: 'Timeline: System' });
    expect(screen.getByLabelText('Category')).toHaveValue('system');
    await waitFor(() => {
      expect(document.querySelectorAll('.activity-timeline .activity-item')).toHaveLength(2);
    });
    // Pressed again: back to All.
    await user.click(within(card('system')).getByRole('button', { name: 'Show only System' }));
    await screen.findByRole('heading', { level: 2, name: 'Timeline' });
    expect(screen.getByLabelText('Category')).toHaveValue('all');
  });

  it('opens on the category and dates of the address', async () => {
    const { timelineCalls } = renderPage(logServer, '/activity-logs?category=authentication&from=2026-01-01&to=2026-01-31');
    await screen.findByRole('heading', { level: 2, name: 'Timeline: Authentication' });
    const params = timelineCalls()[0]!.url.searchParams;
    expect(params.getAll('created_at')).toEqual(['gte.2026-01-01T00:00:00+03:00', 'lte.2026-01-31T23:59:59.999999+03:00']);
    expect(categoryAsked(timelineCalls()[0]!.url)).toBe('authentication');
    expect(screen.getByTestId('activity-range')).toHaveTextContent('1 Jan 2026 to 31 Jan 2026');
  });

  it('asks again when the dates change, says what is wrong with a range it cannot ask for, and goes back to the last 7 days', async () => {
    const user = userEvent.setup();
    const { timelineCalls } = renderPage();
    await timelineShown();
    const asked = timelineCalls().length;

    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-12-31');
    expect(await screen.findByText('The first day must be on or before the last day.')).toBeInTheDocument();
    expect(timelineCalls()).toHaveLength(asked);

    await user.clear(from);
    await user.type(from, '2026-01-01');
    await waitFor(() => {
      expect(timelineCalls().at(-1)!.url.searchParams.getAll('created_at')).toEqual([
        'gte.2026-01-01T00:00:00+03:00',
        `lte.${week.to}T23:59:59.999999+03:00`,
      ]);
    });
    expect(screen.queryByText('The first day must be on or before the last day.')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    expect(screen.getByLabelText('From')).toHaveValue(week.from);
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toBeDisabled();
  });

  it('shows an entry in the details dialog: action, category, time, admin, IP address, user agent and the details', async () => {
    const user = userEvent.setup();
    renderPage();
    await timelineShown();
    await user.click(within(timelineItem('l1')).getByRole('button', { name: 'Sermon updated Content Sermon "Grace" updated (speaker, title) Sarah Super 14:05' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activity Details' });
    const fact = (name: string) => plain(dialog.querySelector(`[data-fact="${name}"] dd`)?.textContent);
    expect(fact('action')).toBe('Sermon updated sermon_updated');
    expect(fact('category')).toBe('Content');
    expect(fact('time')).toMatch(/^\d{1,2} \w{3} \d{4}, 14:05:09 \(Nairobi\)$/);
    expect(fact('admin')).toBe('Sarah Super super@church.example');
    expect(fact('ip')).toBe('127.0.0.1');
    expect(fact('user-agent')).toBe('Mozilla/5.0 (X11; Linux x86_64) Chrome/131');
    const detail = (key: string) => {
      const item = dialog.querySelector(`[data-detail="${key}"]`);
      return [plain(item?.querySelector('dt')?.textContent), plain(item?.querySelector('dd')?.textContent)];
    };
    expect(detail('id')).toEqual(['Record id', 's1']);
    expect(detail('title')).toEqual(['Title', 'Grace']);
    expect(detail('changed')).toEqual(['Changed fields', 'speaker, title']);
    expect(within(dialog).getByText('Details as stored (JSON)')).toBeInTheDocument();

    // The × in the header and the footer's Close: the footer's has the focus first.
    const closeButtons = within(dialog).getAllByRole('button', { name: 'Close' });
    expect(closeButtons).toHaveLength(2);
    expect(closeButtons[1]).toHaveFocus();
    await user.click(closeButtons[1]!);
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  it("opens a card's entry too, and shows the system's own work as System without address or agent", async () => {
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => {
      expect(within(card('system')).getAllByRole('listitem')).toHaveLength(2);
    });
    await user.click(within(card('system')).getByRole('button', { name: /Backup created: nightly\.dump/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Activity Details' });
    expect(plain(dialog.querySelector('[data-fact="admin"] dd')?.textContent)).toMatch(/^System/);
    expect(plain(dialog.querySelector('[data-fact="ip"] dd')?.textContent)).toBe('Not recorded');
    expect(plain(dialog.querySelector('[data-fact="user-agent"] dd')?.textContent)).toBe('Not recorded');
    expect(plain(dialog.querySelector('[data-detail="file"] dd')?.textContent)).toBe('nightly.dump');
  });

  it('says when only the latest 100 of more entries are shown', async () => {
    const hundred = Array.from({ length: 100 }, (_, i) => entry(`m${String(i)}`, 'admin_login', {}, { created_at: at(today, '09:00:00') }));
    renderPage((url) => {
      const limit = Number(url.searchParams.get('limit'));
      const rows = hundred.slice(0, limit);
      return json(rows, 200, range(rows, 250));
    });
    expect(await screen.findByTestId('timeline-count')).toHaveTextContent(
      'The latest 100 of 250 entries, newest first. Narrow the dates or choose a category to see older ones.',
    );
    expect(document.querySelectorAll('.activity-timeline .activity-item')).toHaveLength(100);
  });

  it('says so when nothing was logged in the range', async () => {
    renderPage(() => json([], 200, range([], 0)), '/activity-logs?category=members');
    expect(await screen.findByText('No Members activity recorded in the last 7 days.')).toBeInTheDocument();
    expect(screen.getByText('Choose All or a wider date range to see more.')).toBeInTheDocument();
  });

  it('shows a loading state, then a refusal with its reason and Try again', async () => {
    const user = userEvent.setup();
    let refuse = true;
    renderPage((url) =>
      refuse ? json({ code: '42501', message: 'permission denied for table admin_activity_logs' }, 403) : logServer(url, undefined),
    );
    expect(screen.getByText('Loading the activity log...')).toBeInTheDocument();
    expect(await screen.findByText('Could not load the activity log.')).toBeInTheDocument();
    expect(screen.getByText('Could not load the summary by category.')).toBeInTheDocument();
    expect(screen.getAllByText(/Super Admin with view_audit_logs/).length).toBeGreaterThan(0);

    refuse = false;
    for (const button of screen.getAllByRole('button', { name: 'Try again' })) await user.click(button);
    await timelineShown();
    await waitFor(() => {
      expect(card('authentication').querySelector('.activity-card-count')).toHaveAttribute('data-count', '41');
    });
  });
});
