import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { json, renderAt, stubApi } from '../../test/render';
import { parseCsv } from '../../lib/csv';
import { churchToday } from '../../lib/church-time';
import type { GivingStatement } from './api/answers';
import { defaultStatementRange } from './statement-rules';
import StatementsPage from './StatementsPage';
import { statementAnswer } from './test-data';

const settings = [
  { key: 'church_name', value: 'Mount Zion SDA Church' },
  { key: 'church_address', value: 'Kanisa Road, Nakuru' },
  { key: 'church_phone', value: '+254 700 100 100' },
  { key: 'church_email', value: 'info@example.org' },
];

const members = [
  { id: 'm-1', first_name: 'John', last_name: 'Kariuki', membership_number: 'MZ-0001', is_active: true },
  { id: 'm-2', first_name: 'Margaret', last_name: 'Kariuki', membership_number: 'MZ-0002', is_active: false },
];

interface Call {
  url: URL;
  body: Record<string, unknown>;
}

/** A giver of the batch: n from 0, by last name. */
function giver(n: number): GivingStatement {
  const base = statementAnswer();
  return {
    ...base,
    member: { ...base.member, id: `b-${String(n)}`, first_name: 'Giver', last_name: `L${String(n).padStart(4, '0')}`, membership_number: `MZ-${String(n)}` },
  };
}

function stub({ statement, batchTotal = 0 }: { statement?: (body: Record<string, unknown>) => Response; batchTotal?: number } = {}) {
  const calls: Call[] = [];
  const record = (url: URL, init: RequestInit | undefined) => {
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    calls.push({ url, body });
    return body;
  };
  const fetchMock = stubApi({
    '/rest/v1/system_settings': () => json(settings),
    '/rest/v1/rpc/search_members': (url, init) => {
      record(url, init);
      return json(members);
    },
    '/rest/v1/rpc/count_member_search': () => json({ count: 45, estimated: false }),
    '/rest/v1/rpc/get_giving_statement': (url, init) => {
      const body = record(url, init);
      return statement ? statement(body) : json(statementAnswer({ from: String(body.from_date), to: String(body.to_date) }));
    },
    '/rest/v1/rpc/get_giving_statements': (url, init) => {
      const body = record(url, init);
      const offset = Number(body.page_offset);
      const size = Number(body.page_size);
      const statements = Array.from({ length: Math.max(0, Math.min(size, batchTotal - offset)) }, (_, i) => giver(offset + i));
      return json({ from: body.from_date, to: body.to_date, member_count: batchTotal, statements });
    },
  });
  return { fetchMock, calls, callsTo: (path: string) => calls.filter((call) => call.url.pathname === path) };
}

function renderPage(path = '/financial/statements') {
  return renderAt(
    path,
    <Routes>
      <Route path="/financial/statements" element={<StatementsPage />} />
    </Routes>,
  );
}

/** Captures what the page downloads (jsdom has no object URLs). */
function captureDownloads() {
  const saved: { blob: Blob; name: string }[] = [];
  Object.assign(URL, {
    createObjectURL: vi.fn((blob: Blob) => {
      saved.push({ blob, name: '' });
      return 'blob:statement';
    }),
    revokeObjectURL: vi.fn(),
  });
  onTestFinished(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const last = saved.at(-1);
    if (last) last.name = this.download;
  });
  return saved;
}

describe('StatementsPage', () => {
  it('opens on the year-end period and asks nothing of the server until a member is chosen', async () => {
    const { callsTo } = stub();
    renderPage();
    const expected = defaultStatementRange(churchToday());
    expect(await screen.findByRole('heading', { name: 'Giving Statements', level: 1 })).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveValue(expected.from);
    expect(screen.getByLabelText('To')).toHaveValue(expected.to);
    expect(screen.getByRole('radio', { name: 'One member' })).toBeChecked();
    expect(screen.getByText('Find a member above to show their statement.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
    expect(callsTo('/rest/v1/rpc/get_giving_statement')).toHaveLength(0);
    expect(callsTo('/rest/v1/rpc/search_members')).toHaveLength(0);
  });

  it('finds a member on the server (search_members, first 20) and shows their print-ready statement', async () => {
    const { callsTo } = stub();
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const user = userEvent.setup();
    renderPage('/financial/statements?from=2025-01-01&to=2025-12-31');

    await user.type(await screen.findByLabelText('Find a member'), 'Kari{Enter}');
    const results = await screen.findByRole('list', { name: 'Matching members' });
    expect(within(results).getAllByRole('button')).toHaveLength(2);
    expect(within(results).getByRole('button', { name: /Margaret Kariuki.*Inactive/ })).toBeInTheDocument();
    expect(screen.getByText(/Showing the first 20 of 45 matching members/)).toBeInTheDocument();
    expect(callsTo('/rest/v1/rpc/search_members').at(-1)!.body).toEqual({ search: 'Kari', active_only: false, take: 20 });

    await user.click(within(results).getByRole('button', { name: /John Kariuki/ }));
    const statement = await screen.findByRole('article', { name: 'Giving statement of John Kariuki' });
    expect(callsTo('/rest/v1/rpc/get_giving_statement').at(-1)!.body).toEqual({ member_id: 'm-1', from_date: '2025-01-01', to_date: '2025-12-31' });
    expect(within(results).getByRole('button', { name: /John Kariuki/ })).toHaveAttribute('aria-current', 'true');

    // The church's identity from the public settings, the member, the period.
    expect(await within(statement).findByText('Mount Zion SDA Church')).toBeInTheDocument();
    expect(within(statement).getByText('+254 700 100 100 · info@example.org')).toBeInTheDocument();
    expect(within(statement).getByRole('heading', { name: 'Giving Statement' })).toBeInTheDocument();
    expect(within(statement).getByText('MZ-0001')).toBeInTheDocument();
    expect(within(statement).getByText('Milimani Estate, Nakuru')).toBeInTheDocument();
    expect(within(statement).getAllByText('1 January 2025 – 31 December 2025').length).toBeGreaterThan(0);

    const gifts = within(statement).getByRole('table', { name: /Gifts of John Kariuki/ });
    const rows = within(gifts).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['4 Jan 2025', '2025-000001', 'Tithes', 'M-Pesa', 'QAB12CD34', 'Ksh\u00a010,000'],
      // A re-assigned gift carries its correction (issue 31).
      ['Re-assigned on 9 January 2025: Paid from his wife’s phone'],
      ['1 Feb 2025', '2025-000017', 'Offerings', 'Cash', '—', 'Ksh\u00a01,500.50'],
      ['1 Mar 2025', '2025-000030', 'Tithes', 'Bank Transfer', 'BT-77', 'Ksh\u00a05,000'],
    ]);
    const totals = within(statement).getByRole('table', { name: 'Totals by type' });
    expect(within(totals).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual([
      'Tithes2Ksh\u00a015,000',
      'Offerings1Ksh\u00a01,500.50',
      'Total3Ksh\u00a016,500.50',
    ]);
    expect(within(statement).getByText(/Thank you for your faithful giving/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('downloads one statement as CSV: one row per gift and the total', async () => {
    stub();
    const saved = captureDownloads();
    const user = userEvent.setup();
    renderPage('/financial/statements?from=2025-01-01&to=2025-12-31&member=m-1');
    await screen.findByRole('article', { name: 'Giving statement of John Kariuki' });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('The statement was saved as a CSV file.')).toBeInTheDocument();
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe('giving-statement-MZ-0001-2025-01-01-to-2025-12-31.csv');
    const records = parseCsv(await saved[0]!.blob.text()).map((record) => record.fields);
    expect(records).toHaveLength(5);
    expect(records[1]).toEqual(['2025-01-04', '2025-000001', 'Tithes', 'M-Pesa', 'QAB12CD34', '10000.00', 'Re-assigned on 9 January 2025: Paid from his wife’s phone']);
    expect(records[4]).toEqual(['Total', '', '', '', '', '16500.50', '']);
  });

  it('shows the server’s reason when a statement cannot be made', async () => {
    stub({ statement: () => json({ code: '22023', message: 'Member not found', details: null, hint: null }, 400) });
    renderPage('/financial/statements?member=gone');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the statement.');
    expect(alert).toHaveTextContent('Member not found');
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
  });

  it('checks the period before asking the server', async () => {
    const { callsTo } = stub();
    const user = userEvent.setup();
    renderPage('/financial/statements?member=m-1&from=2025-01-01&to=2025-12-31');
    await screen.findByRole('article', { name: 'Giving statement of John Kariuki' });
    const before = callsTo('/rest/v1/rpc/get_giving_statement').length;
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-01-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('The first day must be on or before the last day.')).toBeInTheDocument();
    expect(callsTo('/rest/v1/rpc/get_giving_statement')).toHaveLength(before);

    await user.clear(from);
    await user.type(from, '2025-06-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => {
      expect(callsTo('/rest/v1/rpc/get_giving_statement').at(-1)!.body).toEqual({ member_id: 'm-1', from_date: '2025-06-01', to_date: '2025-12-31' });
    });
  });

  // Three pages of printed statements (120 members): 4 s on a quiet machine, 15 s on a busy one.
  it('shows every member who gave, 50 statements a page, each its own printed sheet', async () => {
    const { callsTo } = stub({ batchTotal: 120 });
    const user = userEvent.setup();
    renderPage('/financial/statements?from=2025-01-01&to=2025-12-31');
    await user.click(await screen.findByRole('radio', { name: 'All members who gave' }));
    expect(await screen.findByText('Members 1–50 of 120', { exact: false })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(50);
    expect(screen.getAllByRole('article')[0]).toHaveClass('statement', 'print-document');
    expect(screen.queryByLabelText('Find a member')).not.toBeInTheDocument();
    expect(callsTo('/rest/v1/rpc/get_giving_statements').at(-1)!.body).toEqual({
      from_date: '2025-01-01',
      to_date: '2025-12-31',
      page_offset: 0,
      page_size: 50,
    });

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Members 51–100 of 120', { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Members 101–120 of 120', { exact: false })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(20);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  }, 60_000);

  it('exports every member who gave (all pages, 200 at a time) with their type totals', async () => {
    const { callsTo } = stub({ batchTotal: 450 });
    const saved = captureDownloads();
    const user = userEvent.setup();
    renderPage('/financial/statements?from=2025-01-01&to=2025-12-31&view=all');
    await screen.findByText('Members 1–50 of 450', { exact: false });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('Exported 450 members to a CSV file.')).toBeInTheDocument();
    const exportCalls = callsTo('/rest/v1/rpc/get_giving_statements').filter((call) => call.body.page_size === 200);
    expect(exportCalls.map((call) => call.body.page_offset)).toEqual([0, 200, 400]);
    expect(saved[0]!.name).toBe('giving-statements-2025-01-01-to-2025-12-31.csv');
    const records = parseCsv(await saved[0]!.blob.text()).map((record) => record.fields);
    expect(records).toHaveLength(451);
    expect(records[0]).toEqual(['membership_number', 'name', 'tithe', 'offering', 'special_project', 'building_fund', 'missions', 'total']);
    expect(records[450]).toEqual(['MZ-449', 'Giver L0449', '15000.00', '1500.50', '0.00', '0.00', '0.00', '16500.50']);
  });

  it('says so when nobody gave in the period', async () => {
    stub({ batchTotal: 0 });
    renderPage('/financial/statements?from=2019-01-01&to=2019-12-31&view=all');
    expect(await screen.findByText('No member has verified gifts in 1 January 2019 – 31 December 2019.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  });
});
