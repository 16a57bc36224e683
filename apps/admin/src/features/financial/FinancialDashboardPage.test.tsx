import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, renderAt, sessionFor, stubApi, testClient } from '../../test/render';
import type { AccessUser } from '../../lib/access';
import { churchToday } from '../../lib/church-time';
import { serverAnswers } from '../../test/roles';
import { trendMonths, trendStart } from './financial-rules';
import FinancialDashboardPage from './FinancialDashboardPage';

// Chart.js needs a real canvas; here only what the page hands it matters.
const drawn = vi.hoisted(() => [] as { labels: unknown[]; datasets: { data: number[] }[] }[]);
vi.mock('./chart-parts', () => ({
  Chart: class {
    constructor(_canvas: unknown, config: { data: (typeof drawn)[number] }) {
      drawn.push(config.data);
    }
    destroy() {
      /* nothing drawn */
    }
  },
}));

const plain = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

function summaryFor(period: string) {
  const year = period === 'year';
  return {
    period,
    from: year ? '2026-01-01' : '2026-11-01',
    to: '2026-11-25',
    total: year ? 250000 : 12500.5,
    gift_count: year ? 120 : 4,
    average: year ? 2083.33 : 3125.13,
    named_total: year ? 240000 : 10000,
    anonymous_total: year ? 10000 : 2500.5,
    anonymous_count: year ? 7 : 1,
    by_type: [
      { giving_type: 'tithe', total: year ? 200000 : 10000, gift_count: year ? 100 : 3 },
      { giving_type: 'offering', total: year ? 50000 : 2500.5, gift_count: year ? 20 : 1 },
      { giving_type: 'special_project', total: 0, gift_count: 0 },
      { giving_type: 'building_fund', total: 0, gift_count: 0 },
      { giving_type: 'missions', total: 0, gift_count: 0 },
    ],
    top_donors: [
      { member_id: 'm1', first_name: 'Mary', last_name: 'Wanjiru', membership_number: 'M-001', total: year ? 90000 : 6000, gift_count: 2 },
      { member_id: 'm2', first_name: 'John', last_name: 'Otieno', membership_number: null, total: year ? 50000 : 4000, gift_count: 1 },
    ],
    allocated: 1000000,
    spent: 420000,
    budget_percent: 42,
  };
}

const recent = [
  {
    id: 'g1',
    amount: 1500,
    giving_type: 'tithe',
    payment_method: 'mpesa',
    giving_date: '2026-11-24',
    is_verified: false,
    is_simulated: false,
    created_at: '2026-11-24T10:00:00Z',
    member_id: 'm1',
    members: { first_name: 'Mary', last_name: 'Wanjiru', membership_number: 'M-001' },
  },
  {
    id: 'g2',
    amount: 300,
    giving_type: 'offering',
    payment_method: 'cash',
    giving_date: '2026-11-23',
    is_verified: true,
    is_simulated: true,
    created_at: '2026-11-23T10:00:00Z',
    member_id: null,
    members: null,
  },
];

interface Stubs {
  summary?: (period: string) => Response;
}

function renderPage(access: AccessUser = serverAnswers.FINANCE_ADMIN, stubs: Stubs = {}, path = '/financial') {
  const fetchMock = stubApi({
    '/rest/v1/rpc/get_financial_summary': (_url, init) => {
      const { period } = JSON.parse(init?.body as string) as { period: string };
      return stubs.summary ? stubs.summary(period) : json(summaryFor(period));
    },
    '/rest/v1/rpc/get_monthly_giving': () =>
      json(trendMonths(churchToday()).map((month, i) => ({ month_key: month, total: (i + 1) * 1000 }))),
    '/rest/v1/giving_records': () => json(recent),
  });
  renderAt(path, <FinancialDashboardPage />, testClient(sessionFor(access)));
  const calls = (path: string) =>
    fetchMock.mock.calls
      .map(([input, init]) => ({ url: new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost'), init }))
      .filter((call) => call.url.pathname === path);
  return { calls };
}

const figure = (id: string) => plain(document.querySelector(`[data-figure="${id}"] .fin-figure-value`)?.textContent);

describe('FinancialDashboardPage (§2.12)', () => {
  it("shows this month's summary, giving by type, top donors, anonymous giving apart, the trend and the latest donations", async () => {
    const { calls } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Financial Dashboard' })).toBeInTheDocument();
    await screen.findByText('Top donors');

    expect(JSON.parse(calls('/rest/v1/rpc/get_financial_summary')[0]!.init?.body as string)).toEqual({ period: 'month' });
    expect(screen.getByRole('button', { name: 'This Month' })).toHaveAttribute('aria-pressed', 'true');
    expect(figure('total')).toBe('Ksh 12,501');
    expect(figure('count')).toBe('4');
    expect(figure('average')).toBe('Ksh 3,125');
    expect(figure('budget')).toBe('42%');
    expect(plain(document.querySelector('[data-figure="budget"] .fin-figure-note')?.textContent)).toBe('Ksh 420,000 spent of Ksh 1,000,000 allocated');
    expect(figure('anonymous-total')).toBe('Ksh 2,501');
    expect(figure('anonymous-count')).toBe('1');

    const types = within(screen.getByTestId('giving-by-type')).getAllByRole('row').slice(1);
    expect(types.map((row) => plain(row.querySelector('th')?.textContent))).toEqual([
      'Tithes', 'Offerings', 'Special Projects', 'Building Fund', 'Missions',
    ]);
    expect(plain(types[0]!.textContent)).toContain('Ksh 10,000');
    expect(plain(types[0]!.textContent)).toContain('80%');

    const donors = within(screen.getByTestId('top-donors')).getAllByRole('listitem');
    expect(donors.map((item) => plain(item.textContent))).toEqual([
      'Mary WanjiruM-001 · 2 giftsKsh 6,000',
      'John OtienoNo membership number · 1 giftKsh 4,000',
    ]);

    // The trend: 12 months from the first day of the month 11 months ago, as bars and as a table.
    expect(JSON.parse(calls('/rest/v1/rpc/get_monthly_giving')[0]!.init?.body as string)).toEqual({ from_date: trendStart(churchToday()) });
    const table = screen.getByTestId('monthly-giving');
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(12);
    await waitFor(() => {
      expect(drawn.at(-1)?.datasets[0]?.data).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((n) => n * 1000));
    });
    expect(drawn.at(-1)?.labels).toHaveLength(12);
    expect(screen.getByRole('img', { name: /Bar chart of verified giving per month/ })).toHaveAccessibleName(/highest \w+ \d{4} \(Ksh\s12,000\)/);

    // The latest donations: created_at desc, 10, with their member; every status shown.
    const read = calls('/rest/v1/giving_records')[0]!.url.searchParams;
    expect(read.get('order')).toBe('created_at.desc,id.desc');
    expect(read.get('limit')).toBe('10');
    expect(read.get('select')).toContain('members(first_name,last_name,membership_number)');
    expect(read.has('is_verified')).toBe(false);
    const recentRows = within(screen.getByRole('table', { name: /latest donations/ })).getAllByRole('row').slice(1);
    expect(plain(recentRows[0]!.textContent)).toContain('Mary Wanjiru');
    expect(within(recentRows[0]!).getByText('Pending')).toBeInTheDocument();
    expect(plain(recentRows[1]!.textContent)).toContain('Anonymous');
    expect(within(recentRows[1]!).getByText('Verified')).toBeInTheDocument();
    expect(within(recentRows[1]!).getByText('Demo')).toBeInTheDocument();

    // The finance screens.
    const nav = screen.getByRole('navigation', { name: 'Finance screens' });
    expect(within(nav).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Giving statements', '/financial/statements'],
      ['Monthly remittance', '/financial/remittance'],
      ['Donations', '/donations'],
      ['Budget', '/budget'],
    ]);
  });

  it('switches to this year', async () => {
    const { calls } = renderPage();
    const user = userEvent.setup();
    await screen.findByText('Top donors');
    await user.click(screen.getByRole('button', { name: 'This Year' }));
    await waitFor(() => {
      expect(figure('total')).toBe('Ksh 250,000');
    });
    expect(screen.getByRole('button', { name: 'This Year' })).toHaveAttribute('aria-pressed', 'true');
    expect(figure('count')).toBe('120');
    expect(figure('anonymous-count')).toBe('7');
    expect(calls('/rest/v1/rpc/get_financial_summary').map((call) => JSON.parse(call.init?.body as string) as unknown)).toContainEqual({ period: 'year' });
    expect(screen.getByTestId('period-range')).toHaveTextContent('This Year: 1 Jan 2026 to 25 Nov 2026');
  });

  it('opens on the period of the address', async () => {
    renderPage(serverAnswers.FINANCE_ADMIN, {}, '/financial?period=year');
    await waitFor(() => {
      expect(figure('total')).toBe('Ksh 250,000');
    });
  });

  it('says when the summary cannot be loaded (never zeros) and tries again', async () => {
    let fail = true;
    renderPage(serverAnswers.FINANCE_ADMIN, {
      summary: (period) =>
        fail ? json({ code: '42501', message: 'permission denied for function get_financial_summary', details: null, hint: null }, 403) : json(summaryFor(period)),
    });
    const user = userEvent.setup();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the financial summary.');
    expect(alert).toHaveTextContent('view_financial_reports');
    expect(document.querySelector('[data-figure="total"]')).toBeNull();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => {
      expect(figure('total')).toBe('Ksh 12,501');
    });
  });

  it('leaves out links to screens the user cannot open', async () => {
    renderPage({ role: 'ADMIN', rank: 5, permissions: ['view_financial_reports'] });
    await screen.findByText('Top donors');
    expect(within(screen.getByRole('navigation', { name: 'Finance screens' })).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Giving statements',
      'Monthly remittance',
    ]);
  });
});
