import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { json, renderAt, sessionFor, stubApi, testClient } from '../../test/render';
import { serverAnswers } from '../../test/roles';
import ReceiptPage from './ReceiptPage';

const gift = {
  id: 'g2',
  member_id: 'm1',
  amount: 2500.5,
  giving_type: 'offering',
  payment_method: 'mpesa',
  transaction_id: 'ASD456',
  giving_date: '2026-11-21',
  notes: null,
  is_verified: true,
  is_simulated: false,
  payment_id: 'p2',
  receipt_no: '2026-000042',
  created_at: '2026-11-21T09:00:00Z',
  members: { first_name: 'Mary', last_name: 'Wanjiru', membership_number: 'M-001' },
  payment_logs: { payment_provider: 'mpesa', source: 'prompt', receipt_number: 'SFT4R2', phone_number: null, payer_name: null },
};

const settings = [
  { key: 'church_name', value: 'Mount Zion Seventh-day Adventist Church' },
  { key: 'church_address', value: 'Kanisa Road, Milimani, Nakuru' },
  { key: 'church_phone', value: '+254 700 100 100' },
  { key: 'church_email', value: 'info@example.org' },
];

const plain = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ');

function renderReceipt(row: unknown) {
  const fetchMock = stubApi({
    '/rest/v1/giving_records': () => json(row === null ? [] : [row]),
    '/rest/v1/system_settings': () => json(settings),
  });
  renderAt(
    '/donations/g2/receipt',
    <Routes>
      <Route path="/donations/:id/receipt" element={<ReceiptPage />} />
    </Routes>,
    testClient(sessionFor(serverAnswers.FINANCE_ADMIN)),
  );
  return fetchMock;
}

/** The value of a receipt line by its term. */
function line(term: string) {
  return plain(screen.getByText(term, { selector: 'dt' }).nextElementSibling!.textContent);
}

describe('ReceiptPage', () => {
  it("prints a verified gift's official receipt headed with the church's public settings", async () => {
    const fetchMock = renderReceipt(gift);
    const receipt = await screen.findByRole('article', { name: 'Official Receipt' });
    expect(await within(receipt).findByText('Mount Zion Seventh-day Adventist Church')).toBeInTheDocument();
    expect(within(receipt).getByText('Kanisa Road, Milimani, Nakuru')).toBeInTheDocument();
    expect(within(receipt).getByText('+254 700 100 100 · info@example.org')).toBeInTheDocument();
    expect(line('Receipt No.')).toBe('2026-000042');
    expect(line('Date')).toBe('21 Nov 2026');
    expect(line('Received from')).toBe('Mary WanjiruMembership No. M-001');
    expect(line('Amount')).toBe('Ksh 2,500.50Kenya Shillings Two Thousand Five Hundred and Fifty Cents Only');
    expect(line('Giving Type')).toBe('Offerings');
    expect(line('Payment Method')).toBe('M-Pesa (Online prompt)');
    expect(line('Transaction ID')).toBe('ASD456');
    expect(line('Provider Receipt')).toBe('SFT4R2');

    const calls = fetchMock.mock.calls.map(([input]) => new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost'));
    const read = calls.find((url) => url.pathname === '/rest/v1/giving_records')!;
    expect(read.searchParams.get('id')).toBe('eq.g2');
    const identity = calls.find((url) => url.pathname === '/rest/v1/system_settings')!;
    expect(identity.searchParams.get('is_public')).toBe('eq.true');

    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: /Back to Donations/ })).toHaveAttribute('href', '/donations');
  });

  it('says Anonymous for a gift without a member', async () => {
    renderReceipt({ ...gift, member_id: null, members: null, payment_id: null, payment_logs: null });
    await screen.findByRole('article', { name: 'Official Receipt' });
    expect(line('Received from')).toBe('Anonymous');
    expect(line('Payment Method')).toBe('M-Pesa');
    expect(screen.queryByText('Provider Receipt')).not.toBeInTheDocument();
  });

  it('issues no receipt for a gift until it is verified, nor for a demo gift', async () => {
    renderReceipt({ ...gift, is_verified: false });
    expect(await screen.findByText(/No receipt is issued for this gift until it is verified/)).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
  });

  it('issues none for a demo gift', async () => {
    renderReceipt({ ...gift, is_simulated: true, receipt_no: null });
    expect(await screen.findByText(/demo gift/)).toBeInTheDocument();
  });

  it('says so for a gift that is not there', async () => {
    renderReceipt(null);
    expect(await screen.findByText(/was not found/)).toBeInTheDocument();
  });
});
