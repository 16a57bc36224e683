import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { json, renderAt, stubApi } from '../../test/render';
import { parseCsv } from '../../lib/csv';
import { churchToday } from '../../lib/church-time';
import RemittancePage from './RemittancePage';
import { defaultRemittanceMonth, formatMonth } from './statement-rules';
import { remittanceAnswer } from './test-data';

function stub(answer: (body: Record<string, unknown>) => Response = (body) => json(remittanceAnswer({ month: String(body.month).slice(0, 7) }))) {
  const bodies: Record<string, unknown>[] = [];
  stubApi({
    '/rest/v1/system_settings': () => json([{ key: 'church_name', value: 'Mount Zion SDA Church' }]),
    '/rest/v1/rpc/get_remittance': (_url, init) => {
      const body = (typeof init?.body === 'string' ? JSON.parse(init.body) : {}) as Record<string, unknown>;
      bodies.push(body);
      return answer(body);
    },
  });
  return bodies;
}

function renderPage(path = '/financial/remittance') {
  return renderAt(
    path,
    <Routes>
      <Route path="/financial/remittance" element={<RemittancePage />} />
    </Routes>,
  );
}

describe('RemittancePage', () => {
  it('reports last month by default: each type, the conference’s share, what to forward and keep', async () => {
    const bodies = stub();
    renderPage();
    const month = defaultRemittanceMonth(churchToday());
    const report = await screen.findByRole('article', { name: `Monthly Remittance, ${formatMonth(month)}` });
    expect(bodies[0]).toEqual({ month: `${month}-01` });
    expect(screen.getByLabelText('Month')).toHaveValue(month.slice(5, 7));
    expect(screen.getByLabelText('Year')).toHaveValue(month.slice(0, 4));

    const table = within(report).getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Giving type',
      'Gifts',
      'Total received',
      'Conference share',
      'To forward to the conference',
      'Kept locally',
    ]);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Tithes', '30', 'Ksh\u00a0120,000', '100%', 'Ksh\u00a0120,000', 'Ksh\u00a00'],
      ['Offerings', '4', 'Ksh\u00a01,001', '40%', 'Ksh\u00a0400.40', 'Ksh\u00a0600.60'],
      ['Special Projects', '2', 'Ksh\u00a05,000', '0%', 'Ksh\u00a00', 'Ksh\u00a05,000'],
      ['Building Fund', '0', 'Ksh\u00a00', '0%', 'Ksh\u00a00', 'Ksh\u00a00'],
      ['Missions', '1', 'Ksh\u00a02,500', '100%', 'Ksh\u00a02,500', 'Ksh\u00a00'],
      ['Total', '37', 'Ksh\u00a0128,501', '—', 'Ksh\u00a0122,900.40', 'Ksh\u00a05,600.60'],
    ]);
    expect(within(report).getByText('Total to remit to the conference').parentElement).toHaveTextContent(
      'Total to remit to the conference Ksh 122,900.40',
    );
    expect(within(report).getByText(/Tithes 100%, Offerings 40%, Special Projects 0%, Building Fund 0%, Missions 100%/)).toBeInTheDocument();
    expect(within(report).getByText('Set in System Settings → Financial.')).toBeInTheDocument();
    expect(await within(report).findByText('Mount Zion SDA Church')).toBeInTheDocument();
  });

  it('asks for the month chosen', async () => {
    const bodies = stub();
    const user = userEvent.setup();
    renderPage('/financial/remittance?month=2021-03');
    expect(await screen.findByRole('article', { name: 'Monthly Remittance, March 2021' })).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({ month: '2021-03-01' });
    await user.selectOptions(screen.getByLabelText('Month'), 'November');
    expect(await screen.findByRole('article', { name: 'Monthly Remittance, November 2021' })).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({ month: '2021-11-01' });
    await user.selectOptions(screen.getByLabelText('Year'), '2020');
    await waitFor(() => {
      expect(bodies.at(-1)).toEqual({ month: '2020-11-01' });
    });
  });

  it('prints and downloads the same figures as CSV', async () => {
    stub();
    const print = vi.fn();
    vi.stubGlobal('print', print);
    let saved: Blob | undefined;
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        saved = blob;
        return 'blob:remittance';
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
    renderPage('/financial/remittance?month=2025-03');
    await screen.findByRole('article', { name: 'Monthly Remittance, March 2025' });
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('The remittance report for March 2025 was saved as a CSV file.')).toBeInTheDocument();
    expect(names).toEqual(['remittance-2025-03.csv']);
    const records = parseCsv(await saved!.text()).map((record) => record.fields);
    expect(records).toHaveLength(7);
    expect(records[1]).toEqual(['tithe', 'Tithes', '30', '120000.00', '100', '120000.00', '0.00']);
    expect(records[6]).toEqual(['total', 'Total', '37', '128501.00', '', '122900.40', '5600.60']);
  });

  it('shows the server’s refusal', async () => {
    stub(() => json({ code: '42501', message: 'The remittance report needs the view_financial_reports permission', details: null, hint: null }, 403));
    renderPage('/financial/remittance?month=2025-03');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the remittance report.');
    expect(alert).toHaveTextContent('needs the view_financial_reports permission');
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  });
});
