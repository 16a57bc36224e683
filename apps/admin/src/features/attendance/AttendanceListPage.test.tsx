import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { json, renderAt, stubApi } from '../../test/render';
import AttendanceListPage from './AttendanceListPage';

function urlOf(input: RequestInfo | URL): string {
  return input instanceof Request ? input.url : input.toString();
}

// Chart.js needs a real canvas; here only what the page hands it matters.
const drawn = vi.hoisted(() => [] as { labels: unknown; datasets: { label: string; data: number[] }[] }[]);
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

function row(index: number) {
  const day = new Date(Date.UTC(2026, 10, 21 - 7 * index)).toISOString().slice(0, 10);
  return {
    id: `r${String(index)}`,
    attendance_date: day,
    sabbath_school_count: 200 + index,
    divine_children_count: 50,
    divine_youth_count: 60,
    divine_adults_count: 100 + index,
    divine_total: 210 + index,
  };
}

/** 47 Sabbaths, newest first; the server pages them (Range) and counts them all. */
function stubRows(total: number) {
  const rows = Array.from({ length: total }, (_, index) => row(index));
  return stubApi({
    '/rest/v1/attendance_aggregates': (url, init) => {
      const headers = new Headers(init?.headers);
      if (url.searchParams.get('limit') === '12') return json(rows.slice(0, 12));
      const offset = Number(url.searchParams.get('offset') ?? '0');
      const limit = Number(url.searchParams.get('limit') ?? '1000');
      const page = rows.slice(offset, offset + limit);
      const counted = headers.get('prefer')?.includes('count=exact');
      return json(page, 200, {
        'content-range': `${page.length ? `${String(offset)}-${String(offset + page.length - 1)}` : '*'}/${counted ? String(total) : '*'}`,
      });
    },
  });
}

function renderList(path = '/attendance') {
  return renderAt(
    path,
    <Routes>
      <Route path="/attendance" element={<AttendanceListPage />} />
      <Route path="/attendance/:date" element={<h1>Form for the date</h1>} />
    </Routes>,
  );
}

describe('AttendanceListPage', () => {
  it('lists Recent Sabbaths 20 a page with the exact total, newest first, divine total from the database', async () => {
    const fetchMock = stubRows(47);
    const user = userEvent.setup();
    renderList();
    const table = await screen.findByRole('table', { name: 'Recent Sabbaths, newest first' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Date',
      'Sabbath School',
      'Children',
      'Youth',
      'Adults',
      'Divine Total',
      'Actions',
    ]);
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('21 Nov 2026200506010021');
    expect(screen.getByText('Showing 1–20 of 47 Sabbaths', { exact: false })).toBeInTheDocument();
    const listCall = fetchMock.mock.calls
      .map(([input, init]) => ({ url: new URL(urlOf(input), 'http://localhost'), init }))
      .find(({ url }) => url.searchParams.get('limit') === '20');
    expect(listCall?.url.searchParams.get('order')).toBe('attendance_date.desc');
    expect(new Headers(listCall?.init?.headers).get('prefer')).toContain('count=exact');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 21–40 of 47 Sabbaths', { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 41–47 of 47 Sabbaths', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('links each Sabbath to its form and Add Attendance to /new', async () => {
    stubRows(3);
    const user = userEvent.setup();
    renderList();
    expect(await screen.findByRole('link', { name: '+ Add Attendance' })).toHaveAttribute('href', '/attendance/new');
    await user.click(await screen.findByRole('link', { name: 'View/Edit 14 Nov 2026' }));
    expect(await screen.findByRole('heading', { name: 'Form for the date' })).toBeInTheDocument();
  });

  it('draws the last 12 Sabbaths oldest first, with a text alternative', async () => {
    drawn.length = 0;
    stubRows(30);
    renderList();
    const chart = await screen.findByRole('img', { name: /Line chart of the last 12 Sabbaths/ });
    expect(chart).toHaveAccessibleName(/Divine Total went from 221 to 210/);
    await waitFor(() => {
      expect(drawn).toHaveLength(1);
    });
    expect(drawn[0]!.datasets.map((set) => set.label)).toEqual(['Divine Total', 'Sabbath School']);
    expect(drawn[0]!.datasets[0]!.data).toHaveLength(12);
    expect(drawn[0]!.labels).toEqual(expect.arrayContaining(['21 Nov', '5 Sept']));
    expect(screen.getByRole('table', { name: /Attendance of the last 12 Sabbaths/ })).toBeInTheDocument();
  });

  it('says No attendance records yet when there are none', async () => {
    stubRows(0);
    renderList();
    expect(await screen.findByText('No attendance records yet')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows Failed to load attendance with the server’s reason', async () => {
    stubApi({ '/rest/v1/attendance_aggregates': () => json({ code: '42501', message: 'permission denied for table attendance_aggregates' }, 403) });
    renderList();
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Failed to load attendance');
    expect(banner).toHaveTextContent('You do not have permission to record attendance');
  });
});
