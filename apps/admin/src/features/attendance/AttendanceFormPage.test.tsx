import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderAt, stubApi } from '../../test/render';
import AttendanceFormPage from './AttendanceFormPage';

const lastRecorded = {
  id: 'a1',
  attendance_date: '2026-11-21',
  sabbath_school_count: 204,
  divine_children_count: 53,
  divine_youth_count: 0,
  divine_adults_count: 138,
  divine_total: 191,
};

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

interface Stub {
  latest?: string | null;
  /** Rows by date. */
  rows?: Record<string, typeof lastRecorded>;
  save?: (body: unknown, url: URL, init: RequestInit | undefined) => Response;
}

/** The table API of attendance_aggregates: latest date, one date, the one before a date, the upsert. */
function stubAttendance({ latest = '2026-11-21', rows = { '2026-11-21': lastRecorded }, save }: Stub = {}) {
  return stubApi({
    '/rest/v1/attendance_aggregates': (url, init) => {
      if (init?.method === 'POST') {
        const body: unknown = JSON.parse(init.body as string);
        const answer = save ? save(body, url, init) : json({ id: 'saved' }, 201);
        // A saved record is what the next read of its date returns, as on the server.
        if (answer.ok) {
          const row = body as Omit<typeof lastRecorded, 'id' | 'divine_total'>;
          rows[row.attendance_date] = {
            ...row,
            id: 'saved',
            divine_total: row.divine_children_count + row.divine_youth_count + row.divine_adults_count,
          };
        }
        return answer;
      }
      const date = url.searchParams.get('attendance_date');
      if (date?.startsWith('eq.')) {
        const row = rows[date.slice(3)];
        return json(row ? [row] : []);
      }
      if (date?.startsWith('lt.')) {
        const before = Object.values(rows)
          .filter((row) => row.attendance_date < date.slice(3))
          .sort((a, b) => b.attendance_date.localeCompare(a.attendance_date));
        return json(before.slice(0, 1));
      }
      if (url.searchParams.get('select') === 'attendance_date') return json(latest ? [{ attendance_date: latest }] : []);
      return json([]);
    },
  });
}

function renderForm(path: string) {
  return renderAt(
    path,
    <Routes>
      <Route
        path="/attendance/:date"
        element={
          <>
            <AttendanceFormPage />
            <Where />
          </>
        }
      />
    </Routes>,
  );
}

const counter = (name: string) => screen.getByRole('group', { name });
const box = (name: string) => within(counter(name)).getByRole('spinbutton');
const card = (name: string) => document.querySelector<HTMLElement>(`[data-metric="${name}"]`)!;

afterEach(() => {
  vi.useRealTimers();
});

describe('AttendanceFormPage', () => {
  it('opens /new on the latest recorded date plus 7 days, compared with that Sabbath', async () => {
    stubAttendance();
    renderForm('/attendance/new');
    const date = await screen.findByLabelText('Sabbath date');
    expect(date).toHaveValue('2026-11-28');
    expect(await screen.findByText('Nothing is recorded for 28 Nov 2026 yet.')).toBeInTheDocument();
    expect(await screen.findByText('Change from the previous recorded Sabbath, 21 Nov 2026.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Record Attendance' })).toBeInTheDocument();
    for (const name of ['Sabbath School', 'Children', 'Youth', 'Adults']) expect(box(name)).toHaveValue(0);
  });

  it('opens /new on the most recent Saturday in Nairobi when nothing is recorded', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T12:00:00Z')); // a Tuesday
    stubAttendance({ latest: null, rows: {} });
    renderForm('/attendance/new');
    expect(await screen.findByLabelText('Sabbath date')).toHaveValue('2026-11-21');
    expect(await screen.findByText('No earlier Sabbath is recorded, so there is no change to show.')).toBeInTheDocument();
    // No previous Sabbath: no card shows a change.
    expect(document.querySelector('.change')).toBeNull();
  });

  it('steps each counter by −10, −1, +1 and +10, clamps at 0 and reads typed integers', async () => {
    stubAttendance();
    const user = userEvent.setup();
    renderForm('/attendance/new');
    await screen.findByText('Nothing is recorded for 28 Nov 2026 yet.');
    const children = counter('Children');
    await user.click(within(children).getByRole('button', { name: '+10' }));
    await user.click(within(children).getByRole('button', { name: '+10' }));
    await user.click(within(children).getByRole('button', { name: '+1' }));
    expect(box('Children')).toHaveValue(21);
    await user.click(within(children).getByRole('button', { name: '−1' }));
    await user.click(within(children).getByRole('button', { name: '−10' }));
    expect(box('Children')).toHaveValue(10);
    await user.click(within(children).getByRole('button', { name: '−10' }));
    await user.click(within(children).getByRole('button', { name: '−10' }));
    expect(box('Children')).toHaveValue(0);

    const adults = box('Adults');
    await user.clear(adults);
    await user.type(adults, '12.7');
    await user.tab();
    expect(adults).toHaveValue(12);
    await user.clear(adults);
    await user.tab();
    expect(adults).toHaveValue(0);
    await user.type(adults, '-5');
    await user.tab();
    expect(adults).toHaveValue(0);
    await user.clear(adults);
    await user.type(adults, '150');
    expect(card('Adults')).toHaveTextContent('150');
    expect(card('Divine Total')).toHaveTextContent('150');
  });

  it('shows no change on a blank form: a group is compared once its count is typed (or recorded)', async () => {
    stubAttendance();
    const user = userEvent.setup();
    renderForm('/attendance/new');
    await screen.findByText('Change from the previous recorded Sabbath, 21 Nov 2026.');
    // Nothing typed yet: no red "down 100%" on every group.
    expect(document.querySelector('.change')).toBeNull();
    await user.clear(box('Children'));
    await user.type(box('Children'), '53');
    expect(card('Children').querySelector('.change-same')).toHaveTextContent('0.0%');
    expect(card('Divine Total').querySelector('.change')).not.toBeNull();
    expect(card('Sabbath School').querySelector('.change')).toBeNull();
    expect(card('Adults').querySelector('.change')).toBeNull();
  });

  it('shows the week-over-week change to 1 decimal with its arrow, and hides it when the previous value is 0', async () => {
    stubAttendance();
    const user = userEvent.setup();
    renderForm('/attendance/new');
    await screen.findByText('Change from the previous recorded Sabbath, 21 Nov 2026.');
    const type = async (name: string, value: string) => {
      await user.clear(box(name));
      await user.type(box(name), value);
    };
    await type('Children', '58'); // 53 → 58: +9.4%
    await type('Adults', '130'); // 138 → 130: −5.8%
    await type('Youth', '40'); // 0 → 40: hidden
    expect(within(card('Children')).getByText('9.4%', { exact: false })).toHaveTextContent('▲ up 9.4%');
    expect(card('Adults').querySelector('.change-down')).toHaveTextContent('▼ down 5.8%');
    expect(card('Youth').querySelector('.change')).toBeNull();
    // Divine total 191 → 228: +19.4%.
    expect(card('Divine Total').querySelector('.change-up')).toHaveTextContent('19.4%');
    // The share table follows the counters: 58 / 228 = 25.4%.
    const shares = screen.getByRole('table', { name: 'Share of the divine total' });
    expect(within(shares).getByRole('row', { name: /Children/ })).toHaveTextContent('25.4%');
    expect(within(shares).getByRole('row', { name: /Divine Total/ })).toHaveTextContent('100.0%');
  });

  it('saves with an upsert on the date, says Attendance saved and moves to the date’s address', async () => {
    const saves: { body: unknown; url: URL; prefer: string | null }[] = [];
    stubAttendance({
      save: (body, url, init) => {
        saves.push({ body, url, prefer: new Headers(init?.headers).get('prefer') });
        return json({ id: 'new-row' }, 201);
      },
    });
    const user = userEvent.setup();
    renderForm('/attendance/new');
    await screen.findByText('Nothing is recorded for 28 Nov 2026 yet.');
    await user.click(within(counter('Sabbath School')).getByRole('button', { name: '+10' }));
    await user.click(within(counter('Youth')).getByRole('button', { name: '+1' }));
    await user.click(screen.getByRole('button', { name: 'Save Counts' }));
    expect(await screen.findByText('Attendance saved')).toBeInTheDocument();
    expect(saves).toHaveLength(1);
    expect(saves[0]!.url.searchParams.get('on_conflict')).toBe('attendance_date');
    expect(saves[0]!.prefer).toContain('resolution=merge-duplicates');
    expect(saves[0]!.body).toEqual({
      attendance_date: '2026-11-28',
      sabbath_school_count: 10,
      divine_children_count: 0,
      divine_youth_count: 1,
      divine_adults_count: 0,
    });
    await waitFor(() => {
      expect(screen.getByTestId('where')).toHaveTextContent('/attendance/2026-11-28');
    });
    expect(box('Sabbath School')).toHaveValue(10);
  });

  it('opens a recorded date with its counts (edit), and Last Sabbath opens the most recent Saturday', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T12:00:00Z'));
    stubAttendance({ rows: { '2026-11-21': lastRecorded, '2026-11-14': { ...lastRecorded, id: 'a0', attendance_date: '2026-11-14' } } });
    const user = userEvent.setup();
    renderForm('/attendance/2026-11-14');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Attendance' })).toBeInTheDocument();
    expect(box('Sabbath School')).toHaveValue(204);
    expect(box('Adults')).toHaveValue(138);
    await user.click(screen.getByRole('button', { name: 'Last Sabbath' }));
    await waitFor(() => {
      expect(screen.getByTestId('where')).toHaveTextContent('/attendance/2026-11-21');
    });
    expect(screen.getByLabelText('Sabbath date')).toHaveValue('2026-11-21');
    expect(await screen.findByText('Change from the previous recorded Sabbath, 14 Nov 2026.')).toBeInTheDocument();
  });

  it('shows the server’s newer counts when a date opens from the cache first (a colleague saved meanwhile)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T12:00:00Z'));
    const rows = { '2026-11-21': lastRecorded };
    stubAttendance({ rows });
    const user = userEvent.setup();
    renderAt(
      '/attendance/2026-11-21',
      <Routes>
        <Route path="/attendance/:date" element={<AttendanceFormPage />} />
        <Route path="/attendance" element={<Link to="/attendance/2026-11-21">Open 21 Nov</Link>} />
      </Routes>,
    );
    await screen.findByRole('heading', { level: 1, name: 'Edit Attendance' });
    expect(box('Sabbath School')).toHaveValue(204);
    await user.click(screen.getByRole('link', { name: '← Recent Sabbaths' }));
    // Later, another staff member corrects the record; the page's cached copy is now stale.
    rows['2026-11-21'] = { ...lastRecorded, sabbath_school_count: 210 };
    vi.setSystemTime(new Date('2026-11-24T12:05:00Z'));
    await user.click(await screen.findByRole('link', { name: 'Open 21 Nov' }));
    await waitFor(() => {
      expect(box('Sabbath School')).toHaveValue(210);
    });
    expect(box('Adults')).toHaveValue(138);
  });

  it('keeps typed counts when moving to a date that has no record yet, and warns about a day that is not a Saturday', async () => {
    stubAttendance();
    const user = userEvent.setup();
    renderForm('/attendance/new');
    await screen.findByText('Nothing is recorded for 28 Nov 2026 yet.');
    await user.click(within(counter('Adults')).getByRole('button', { name: '+10' }));
    // A date box is set whole (as a date picker does).
    fireEvent.change(screen.getByLabelText('Sabbath date'), { target: { value: '2026-12-01' } });
    await waitFor(() => {
      expect(screen.getByTestId('where')).toHaveTextContent('/attendance/2026-12-01');
    });
    expect(await screen.findByText('1 Dec 2026 is a Tuesday, not a Sabbath.', { exact: false })).toBeInTheDocument();
    await screen.findByText('Nothing is recorded for 1 Dec 2026 yet.', { exact: false });
    expect(box('Adults')).toHaveValue(10);
  });

  it('shows a banner with the message when saving fails (the database is out of reach)', async () => {
    stubAttendance({
      save: () => json({ code: 'PGRST000', message: 'The database is not available right now. Please try again.' }, 503),
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderForm('/attendance/new');
    await screen.findByText('Nothing is recorded for 28 Nov 2026 yet.');
    await user.click(screen.getByRole('button', { name: 'Save Counts' }));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Failed to save attendance');
    expect(banner).toHaveTextContent('The database cannot be reached right now');
    expect(banner).toHaveTextContent('The database is not available right now. Please try again.');
    expect(screen.queryByText('Attendance saved')).toBeNull();
    expect(screen.getByTestId('where')).toHaveTextContent('/attendance/new');
  });

  it('shows Failed to load attendance with the reason when the server cannot be reached', async () => {
    stubApi({ '/rest/v1/attendance_aggregates': () => Promise.reject(new TypeError('Failed to fetch')) });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderForm('/attendance/2026-11-21');
    const banner = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(banner).toHaveTextContent('Failed to load attendance');
    expect(banner).toHaveTextContent('Could not reach the server');
    expect(within(banner).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('refuses an address that is not a date', async () => {
    stubAttendance();
    renderForm('/attendance/last-week');
    expect(await screen.findByRole('alert')).toHaveTextContent('“last-week” is not a date.');
  });
});
