import { createQueryClient, invalidateTables, KanisaProvider } from '@kanisa/client/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { queryDefaults } from '../../app/AppProviders';
import { AppRoutes } from '../../app/AppRoutes';
import type { AccessUser } from '../../lib/access';
import { AuthProvider } from '../../lib/auth/AuthProvider';
import { churchToday } from '../../lib/church-time';
import { parseCsv } from '../../lib/csv';
import { json, renderAt, sessionFor, stubApi, testClient } from '../../test/render';
import { serverAnswers } from '../../test/roles';
import { reportKeys, reportQuery } from './api/reports-api';
import { isReportPeriod, isReportTab, type ReportTab } from './report-answers';
import ReportsPage from './ReportsPage';
import { answers } from './test-data';

// Chart.js needs a real canvas; here only what the page hands it matters.
const drawn = vi.hoisted(() => [] as { type: string; data: { labels: unknown[]; datasets: { label: string; data: unknown[] }[] } }[]);
vi.mock('./chart-parts', () => ({
  Chart: class {
    constructor(_canvas: unknown, config: (typeof drawn)[number]) {
      drawn.push(config);
    }
    destroy() {
      /* nothing drawn */
    }
  },
}));

const plain = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

type Answer = (tab: ReportTab, period: string) => Response;

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Stubs the API: get_report answers from test-data unless `answer` says otherwise; the church's settings. */
function stub(answer?: Answer) {
  const fetchMock = stubApi({
    '/rest/v1/rpc/get_report': (url) => {
      const tab = url.searchParams.get('p_tab');
      const period = url.searchParams.get('p_period') ?? 'month';
      if (!isReportTab(tab) || !isReportPeriod(period)) return json({ code: '22023', message: 'Unknown report tab' }, 400);
      return answer ? answer(tab, period) : json(answers[tab](period));
    },
    // The USSD menu's figures for the period asked (issue 47).
    '/rest/v1/rpc/get_ussd_report': (url) =>
      json({
        from: url.searchParams.get('from_date'),
        to: url.searchParams.get('to_date'),
        sessions: 1234,
        completed: 980,
        gifts: 112,
        gift_total: 56500,
        prayer_requests: 17,
        by_day: [],
      }),
    '/rest/v1/system_settings': () =>
      json([
        { key: 'church_name', value: 'Mount Zion SDA Church' },
        { key: 'church_phone', value: '+254 700 100 100' },
        { key: 'church_email', value: 'info@example.org' },
      ]),
  });
  const reportCalls = () =>
    fetchMock.mock.calls
      .map(([input, init]) => ({ url: new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost'), init }))
      .filter((call) => call.url.pathname === '/rest/v1/rpc/get_report')
      .map((call) => ({ method: call.init?.method ?? 'GET', tab: call.url.searchParams.get('p_tab'), period: call.url.searchParams.get('p_period') }));
  return { reportCalls };
}

/** The page under /reports/*, as AppRoutes mounts it, with a QueryClient the test can reach. */
function renderReports(path: string, answer?: Answer, access: AccessUser = serverAnswers.ADMIN) {
  const calls = stub(answer);
  const queryClient = createQueryClient(queryDefaults);
  render(
    <KanisaProvider client={testClient(sessionFor(access))} queryClient={queryClient}>
      <AuthProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/reports/*" element={<ReportsPage />} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </AuthProvider>
    </KanisaProvider>,
  );
  return { ...calls, queryClient };
}

const location = () => screen.getByTestId('location').textContent;
const figure = (id: string) => plain(document.querySelector(`[data-figure="${id}"] .rp-figure-value`)?.textContent);
const rows = (id: string) =>
  [...document.querySelectorAll(`table[data-table="${id}"] tbody tr`)].map((row) => [...row.querySelectorAll('th, td')].map((cell) => plain(cell.textContent)));

describe('ReportsPage (§2.18)', () => {
  it("opens on this month's Overview: the four cards and the four Quick Insights from the server's figures", async () => {
    const { reportCalls } = renderReports('/reports');
    expect(screen.getByText('Loading analytics data...')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Export Report' })).toBeDisabled();
    expect(await screen.findByRole('heading', { name: 'Quick Insights' })).toBeInTheDocument();

    expect(reportCalls()).toEqual([{ method: 'GET', tab: 'overview', period: 'month' }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Reports and Analytics' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'This Month' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('report-range')).toHaveTextContent('This Month: 25 Oct 2026 to 25 Nov 2026');
    expect([figure('net-income'), figure('active-members'), figure('avg-attendance'), figure('messages-sent')]).toEqual(['Ksh 8,650', '13', '272.5', '25']);
    // §2.18's Total Members card says what it counts: the active members, of the register (issue 41).
    expect(screen.getByText('Active members', { selector: 'dt' })).toBeInTheDocument();
    expect(screen.queryByText(/total members/i)).not.toBeInTheDocument();
    expect(plain(document.querySelector('[data-figure="active-members"] .rp-figure-note')?.textContent)).toBe(
      'Of 14 on the register (1 inactive); 2 new in the period',
    );
    expect(plain(document.querySelector('[data-figure="messages-sent"] .rp-figure-note')?.textContent)).toBe('3 only simulated (demo mode)');
    const insights = [...document.querySelectorAll('[data-insight]')].map((item) => plain(item.textContent));
    expect(insights).toHaveLength(4);
    expect(insights[0]).toContain('Membership growth is healthy: 2 new members joined in the last month, and 13 of the 14 members on the register are active.');
    expect(insights[1]).toContain('Engagement is good: 66.7%');
    expect(insights[2]).toContain('Net income is positive');
    expect(insights[2]).toContain('Income is down 71.2% on the month before.');
    expect(insights[3]).toContain('That is up 2.2% on the month before.');

    const tabs = within(screen.getByRole('navigation', { name: 'Report sections' })).getAllByRole('link');
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('href')])).toEqual([
      ['Overview', '/reports?period=month'],
      ['Financial', '/reports/financial?period=month'],
      ['Membership', '/reports/membership?period=month'],
      ['Attendance', '/reports/attendance?period=month'],
      ['Communication', '/reports/communication?period=month'],
    ]);
    expect(tabs[0]).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Print / PDF' })).toHaveAttribute('href', '/reports/print?period=month');
    expect(screen.getByRole('button', { name: 'Export Report' })).toBeEnabled();
  });

  it('gives each tab and period its own address, and reads that tab for that period', async () => {
    const { reportCalls } = renderReports('/reports');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Quick Insights' });

    await user.click(screen.getByRole('button', { name: 'This Quarter' }));
    await waitFor(() => {
      expect(location()).toBe('/reports?period=quarter');
    });
    await screen.findByText(/This Quarter: 25 Aug 2026 to 25 Nov 2026/);

    await user.click(screen.getByRole('link', { name: 'Financial' }));
    expect(location()).toBe('/reports/financial?period=quarter');
    await screen.findByRole('heading', { name: 'Income by category' });
    expect(rows('income-by-category')).toEqual([
      ['Building Fund', '3', 'Ksh 25,000', '74.4%'],
      ['Tithes', '2', 'Ksh 7,500', '22.3%'],
      ['Offerings', '1', 'Ksh 1,100', '3.3%'],
    ]);
    // The 6-month trend, income and expenses side by side as bars, and as a table.
    await waitFor(() => {
      expect(drawn.at(-1)?.data.datasets.map((set) => set.label)).toEqual(['Income', 'Approved expenses']);
    });
    expect(drawn.at(-1)?.type).toBe('bar');
    expect(drawn.at(-1)?.data.labels).toEqual(['Jun 2026', 'Jul 2026', 'Aug 2026', 'Sep 2026', 'Oct 2026', 'Nov 2026']);
    expect(drawn.at(-1)?.data.datasets[1]?.data).toEqual([65000, 83500, 89600, 34000, 48800, 12950.5]);
    expect(rows('income-trend')[5]).toEqual(['November 2026', 'Ksh 33,600', 'Ksh 12,951']);
    expect(screen.getByRole('img', { name: /^Bar chart of income and approved expenses per month, Jun 2026 to Nov 2026/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'This Year' }));
    await waitFor(() => {
      expect(figure('income')).toBe('Ksh 1,250,000');
    });
    expect(location()).toBe('/reports/financial?period=year');
    expect(figure('net-income')).toBe('Ksh 299,100');
    expect(reportCalls()).toEqual([
      { method: 'GET', tab: 'overview', period: 'month' },
      { method: 'GET', tab: 'overview', period: 'quarter' },
      { method: 'GET', tab: 'financial', period: 'quarter' },
      { method: 'GET', tab: 'financial', period: 'year' },
    ]);
  });

  it('opens the tab and period of the address: attendance, membership, communication', async () => {
    const { reportCalls } = renderReports('/reports/attendance?period=week');
    await screen.findByRole('heading', { name: 'Recent trend' });
    expect(reportCalls()).toEqual([{ method: 'GET', tab: 'attendance', period: 'week' }]);
    expect(screen.getByRole('button', { name: 'This Week' })).toHaveAttribute('aria-pressed', 'true');
    expect(rows('service-comparison').map((row) => row[0])).toEqual(['Sabbath School', 'Divine Service', 'Children', 'Youth', 'Adults']);
    expect(rows('recent-trend')).toEqual([
      ['21 Nov 2026', '269', '204', '+3.5%'],
      ['14 Nov 2026', '260', '188', '-15.6%'],
      ['7 Nov 2026', '308', '218', '+21.7%'],
      ['31 Oct 2026', '253', '178', ''],
    ]);
    expect(rows('seasonal-trends').map((row) => row[0])).toEqual(['Q1 (Jan–Mar)', 'Q2 (Apr–Jun)', 'Q3 (Jul–Sep)', 'Q4 (Oct–Dec)']);

    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Membership' }));
    await screen.findByRole('heading', { name: 'Age distribution' });
    expect(rows('age-distribution').map((row) => row[0])).toEqual(['0-17', '18-30', '31-50', '51-70', '70+', 'Unknown']);
    expect(rows('ministry-participation')).toEqual([
      ['Youth Ministry', '4'],
      ['Adventurer Club', '0'],
    ]);
    expect(rows('membership-growth')).toHaveLength(12);
    // The register and what it is made of, in the Dashboard's and the Members screen's words (issue 41).
    expect(['all-members', 'active-members', 'inactive-members', 'new-members'].map(figure)).toEqual(['14', '13', '1', '2']);
    expect([...document.querySelectorAll('[data-figure] dt')].map((term) => term.textContent)).toEqual([
      'All members on the register',
      'Active members',
      'Inactive members',
      'New members',
    ]);
    await waitFor(() => {
      expect(drawn.at(-1)?.type).toBe('line');
    });

    await user.click(screen.getByRole('link', { name: 'Communication' }));
    await screen.findByRole('heading', { name: 'Channel performance' });
    expect(rows('channel-performance')).toEqual([
      ['Website Forms', '9', '1', '2', '33.3%', '66.7%'],
      ['Admin Panel', '4', '2', '1', '75.0%', '33.3%'],
    ]);
    expect(screen.getByText(/Website Forms had the highest engagement, 66.7%/)).toBeInTheDocument();
    expect(figure('response-time')).toBe('1 hour 36 minutes');
    // The USSD menu for the tab's own period.
    await screen.findByRole('heading', { name: 'USSD menu' });
    await waitFor(() => {
      expect(figure('ussd-sessions')).toBe('1,234');
    });
    expect([figure('ussd-completed'), figure('ussd-gifts'), figure('ussd-prayers')]).toEqual(['980', '112', '17']);
    expect(location()).toBe('/reports/communication?period=week');
  });

  it("Export Report downloads the tab's figures and tables as CSV, named by tab, period and day", async () => {
    renderReports('/reports/financial?period=year');
    let saved: Blob | undefined;
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        saved = blob;
        return 'blob:report';
      }),
      revokeObjectURL: vi.fn(),
    });
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Income by category' });
    await user.click(screen.getByRole('button', { name: 'Export Report' }));

    const file = `report-financial-year-${churchToday()}.csv`;
    expect(names).toEqual([file]);
    expect(await screen.findByText(`The report was saved as ${file}.`)).toBeInTheDocument();
    const records = parseCsv(await saved!.text()).map((record) => record.fields);
    expect(records.slice(0, 4)).toEqual([
      ['Report', 'Reports and Analytics: Financial'],
      ['Period', 'This Year'],
      ['From', '2025-11-25'],
      ['To', '2026-11-25'],
    ]);
    expect(records).toContainEqual(['Net income', '299099.50']);
    expect(records).toContainEqual(['Building Fund', '3', '25000.00', '74.4']);
    expect(records).toContainEqual(['November 2026', '33600.00', '12950.50']);
  });

  it("shows the server's refusal as Insufficient Permissions naming view_reports, not a crash", async () => {
    renderReports('/reports/financial', () =>
      json({ code: '42501', message: 'Reports needs the view_reports permission', details: null, hint: 'Ask a Super Admin to add the permission to your account.' }, 403),
    );
    expect(await screen.findByRole('heading', { name: 'Insufficient Permissions' })).toBeInTheDocument();
    expect(screen.getByText("You don't have the required permissions to access this feature.")).toBeInTheDocument();
    expect(screen.getByText('View reports', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByText('Reports needs the view_reports permission')).toBeInTheDocument();
    expect(document.querySelector('[data-figure]')).toBeNull();
    expect(screen.getByRole('button', { name: 'Export Report' })).toBeDisabled();
  });

  it('says when a tab cannot be loaded (never zeros) and tries again', async () => {
    let fail = true;
    renderReports('/reports/membership', (tab, period) =>
      fail ? json({ code: 'XX000', message: 'boom', details: null, hint: null }, 500) : json(answers[tab](period === 'year' ? 'year' : 'month')),
    );
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert).toHaveTextContent('Could not load the membership report.');
    expect(document.querySelector('[data-figure]')).toBeNull();
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => {
      expect(figure('active-members')).toBe('13');
    });
  });

  it('reads again after a write elsewhere makes what it counts stale, and only then', async () => {
    const { reportCalls, queryClient } = renderReports('/reports');
    await screen.findByRole('heading', { name: 'Quick Insights' });
    const overviewCalls = () => reportCalls().filter((call) => call.tab === 'overview').length;
    expect(overviewCalls()).toBe(1);
    // A cached Financial tab of another period, and another screen's members list.
    await queryClient.query(reportQuery(testClient(sessionFor(serverAnswers.ADMIN)), 'financial', 'year'));
    await queryClient.query(reportQuery(testClient(sessionFor(serverAnswers.ADMIN)), 'membership', 'year'));
    queryClient.setQueryData(['kanisa', 'members', 'admin-list', {}], []);
    queryClient.setQueryData(['kanisa', 'sermons', 'list'], []);

    // A member saved on the Members screen: it invalidates what it wrote.
    await invalidateTables(queryClient, ['members']);
    await waitFor(() => {
      expect(overviewCalls()).toBe(2);
    });
    expect(queryClient.getQueryState(reportKeys.tab('membership', 'year'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(reportKeys.tab('financial', 'year'))?.isInvalidated).toBe(false);

    // A donation saved.
    await invalidateTables(queryClient, ['giving_records']);
    await waitFor(() => {
      expect(overviewCalls()).toBe(3);
    });
    expect(queryClient.getQueryState(reportKeys.tab('financial', 'year'))?.isInvalidated).toBe(true);

    // A message sent to members (the Communication Hub's send).
    await invalidateTables(queryClient, ['broadcasts']);
    await waitFor(() => {
      expect(overviewCalls()).toBe(4);
    });

    // A sermon has nothing to do with the reports.
    await invalidateTables(queryClient, ['sermons']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(overviewCalls()).toBe(4);
  });

  it('keeps each kind fresh for its §7.7 lifetime, under the reports key', () => {
    const client = testClient();
    const lifetime = (tab: ReportTab) => reportQuery(client, tab, 'month').staleTime;
    expect([lifetime('overview'), lifetime('financial'), lifetime('membership'), lifetime('attendance'), lifetime('communication')]).toEqual([
      120_000, 300_000, 600_000, 300_000, 300_000,
    ]);
    expect(reportQuery(client, 'attendance', 'week').queryKey).toEqual(['kanisa', 'reports', 'attendance', 'week']);
  });
});

describe('the print view (/reports/print)', () => {
  it('shows the whole report for the period under the church header and prints only when asked', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { reportCalls } = renderReports('/reports/print?period=year');
    expect(screen.getByText('Loading analytics data...')).toBeInTheDocument();
    const report = await screen.findByRole('article', { name: 'Reports and Analytics' });
    expect(reportCalls().map((call) => `${call.tab ?? ''}/${call.period ?? ''}`).sort()).toEqual([
      'attendance/year', 'communication/year', 'financial/year', 'membership/year', 'overview/year',
    ]);
    expect(within(report).getByText('Mount Zion SDA Church')).toBeInTheDocument();
    expect(within(report).getByText('+254 700 100 100 · info@example.org')).toBeInTheDocument();
    expect(within(report).getByText('This Year: 25 Nov 2025 to 25 Nov 2026')).toBeInTheDocument();
    expect(within(report).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Overview', 'Financial', 'Membership', 'Attendance', 'Communication',
    ]);
    const financial = report.querySelector('[data-section="financial"]')!;
    expect(plain(financial.querySelector('[data-figure="income"] .rp-figure-value')?.textContent)).toBe('Ksh 1,250,000');
    expect(financial.querySelector('table[data-table="income-trend"]')).not.toBeNull();
    expect(report.querySelectorAll('[data-section="overview"] [data-insight]')).toHaveLength(4);
    expect(report.querySelector('[data-section="communication"] .rp-print-insight')).toHaveTextContent(/came in/);
    // Nothing prints by itself.
    expect(print).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Back to the report' })).toHaveAttribute('href', '/reports?period=year');
  });

  it('says when a part cannot be loaded, and the refusal as Insufficient Permissions', async () => {
    renderReports('/reports/print', (tab, period) =>
      tab === 'attendance' ? json({ code: '42501', message: 'Reports needs the view_reports permission' }, 403) : json(answers[tab](period === 'year' ? 'year' : 'month')),
    );
    expect(await screen.findByRole('heading', { name: 'Insufficient Permissions' })).toBeInTheDocument();
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
  });
});

describe('the /reports route', () => {
  it('opens for a user with view_reports', async () => {
    stub();
    renderAt('/reports/membership?period=quarter', <AppRoutes />, testClient(sessionFor(serverAnswers.ADMIN)));
    expect(await screen.findByRole('heading', { name: 'Ministry participation' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'This Quarter' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('opens the treasurer (view_financial_reports) on the Financial tab, the only one in the strip', async () => {
    const { reportCalls } = stub();
    renderAt('/reports?period=quarter', <AppRoutes />, testClient(sessionFor(serverAnswers.FINANCE_ADMIN)));
    expect(await screen.findByRole('heading', { name: 'Income by category' })).toBeInTheDocument();
    const tabs = within(screen.getByRole('navigation', { name: 'Report sections' })).getAllByRole('link');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Financial']);
    expect(screen.getByRole('button', { name: 'This Quarter' })).toHaveAttribute('aria-pressed', 'true');
    expect(reportCalls()).toEqual([{ method: 'GET', tab: 'financial', period: 'quarter' }]);
  });

  it("keeps another tab shut for the treasurer, naming what opens it, without asking the server", async () => {
    const { reportCalls } = stub();
    renderAt('/reports/membership', <AppRoutes />, testClient(sessionFor(serverAnswers.FINANCE_ADMIN)));
    expect(await screen.findByRole('heading', { name: 'Insufficient Permissions' })).toBeInTheDocument();
    expect(screen.getByText('View member reports', { selector: 'strong' })).toBeInTheDocument();
    expect(reportCalls()).toEqual([]);
  });

  it('stays shut without any report permission, without asking the server', async () => {
    const { reportCalls } = stub();
    renderAt('/reports', <AppRoutes />, testClient(sessionFor(serverAnswers.CONTENT_ADMIN)));
    expect(await screen.findByRole('heading', { name: 'Insufficient Permissions' })).toBeInTheDocument();
    expect(screen.getByText('View financial reports')).toBeInTheDocument();
    expect(reportCalls()).toEqual([]);
  });
});
