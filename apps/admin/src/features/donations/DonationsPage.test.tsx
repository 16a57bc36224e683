import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { type Answer, json, memberSearchApi, renderAt, sessionFor, stubApi, testClient } from '../../test/render';
import { serverAnswers } from '../../test/roles';
import { churchToday } from '../../lib/church-time';
import { donationTexts, monthStart } from './donation-rules';
import DonationsPage from './DonationsPage';
import { testGift } from './test-data';

const today = churchToday();
const firstOfMonth = monthStart(today);

const mary = { first_name: 'Mary', last_name: 'Wanjiru', membership_number: 'M-001' };
const base = testGift({ giving_date: today, is_verified: false, receipt_no: null, created_at: `${today}T09:00:00Z` });
const verified = { ...base, id: 'g2', amount: 2500.5, transaction_id: 'ASD456', is_verified: true, receipt_no: '2026-000042', giving_type: 'offering' };
const paybill = {
  ...base,
  id: 'g3',
  member_id: null,
  members: null,
  amount: 700,
  transaction_id: 'SFT4R2',
  is_verified: true,
  receipt_no: '2026-000043',
  payment_id: 'p3',
  payment_logs: { payment_provider: 'mpesa', source: 'paybill', receipt_number: 'SFT4R2', phone_number: '2547****678', payer_name: 'JOHN OTIENO' },
};
const demo = { ...base, id: 'g4', member_id: null, members: null, amount: 100, transaction_id: 'EQ_1', is_simulated: true, is_verified: true, receipt_no: '2026-000099', payment_id: 'p4', payment_method: 'equity_bank', payment_logs: { payment_provider: 'equity_bank', source: 'prompt', receipt_number: 'EQ_1', phone_number: null, payer_name: null } };

const totals = { gift_count: 3, total: 4700.5, verified_count: 2, verified_total: 3200.5, pending_count: 1, pending_total: 1500, anonymous_total: 700 };

const range = (rows: unknown[], total: number, from = 0) => ({ 'content-range': rows.length ? `${String(from)}-${String(from + rows.length - 1)}/${String(total)}` : `*/${String(total)}` });


function renderPage(gifts: Answer, more: Record<string, Answer> = {}) {
  const fetchMock = stubApi({
    '/rest/v1/giving_records': gifts,
    '/rest/v1/rpc/get_donation_totals': () => json([totals]),
    ...more,
  });
  renderAt('/donations', <DonationsPage />, testClient(sessionFor(serverAnswers.FINANCE_ADMIN)));
  const calls = (path: string) =>
    fetchMock.mock.calls
      .map(([input, init]) => ({
        url: new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost'),
        method: init?.method ?? 'GET',
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
      }))
      .filter((call) => call.url.pathname === path);
  return { fetchMock, calls };
}

/** The JSON a request sent. */
const bodyOf = (init: RequestInit): unknown => JSON.parse(typeof init.body === 'string' ? init.body : 'null');

/** The row of the table that shows `text`. */
function rowWith(text: string) {
  return screen.getByText(text).closest('tr')!;
}

/** Intl puts a no-break space after "Ksh"; the DOM's text is compared with plain spaces. */
const plain = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ');

describe('DonationsPage (§2.11, §7.5)', () => {
  it('lists this month’s gifts newest first with the totals cards of the same filter', async () => {
    const { calls } = renderPage(() => json([base, verified, paybill, demo], 200, range([base, verified, paybill, demo], 4)));

    expect(await screen.findByRole('heading', { level: 1, name: 'Donations' })).toBeInTheDocument();
    expect(await screen.findByText('4 donations')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Date', 'Member', 'Type', 'Amount', 'Method', 'Transaction', 'Status', 'Actions']);
    const read = calls('/rest/v1/giving_records')[0]!.url.searchParams;
    expect(read.getAll('giving_date')).toEqual([`gte.${firstOfMonth}`, `lte.${today}`]);
    expect(read.get('giving_type')).toBeNull();
    expect(read.get('order')).toBe('giving_date.desc,created_at.desc,id.desc');
    expect([read.get('offset'), read.get('limit')]).toEqual(['0', '25']);
    expect(read.get('select')).toContain('members(first_name,last_name,membership_number)');
    expect(read.get('select')).toContain('payment_logs(payment_provider,source,channel,receipt_number,phone_number,payer_name)');

    // Totals: the server's sums over the same filter.
    await waitFor(() => {
      expect(calls('/rest/v1/rpc/get_donation_totals')[0]?.body).toEqual({ from_date: firstOfMonth, to_date: today });
    });
    const cards = screen.getByRole('region', { name: /^Totals · All types/ });
    const card = (label: string) => plain(within(cards).getByText(label, { selector: 'dt' }).nextElementSibling!.textContent);
    await waitFor(() => {
      expect(card('Total')).toBe('Ksh 4,700.503 gifts');
    });
    expect(card('Verified')).toBe('Ksh 3,200.502 gifts');
    expect(card('Pending')).toBe('Ksh 1,5001 gift');
    expect(card('Number of gifts')).toBe('3');
    expect(card('Anonymous')).toBe('Ksh 700');

    // A gift by a member: name and number, type, KES, method, transaction, a Pending badge button.
    const row = within(rowWith('QWE123'));
    expect(row.getByText('Mary Wanjiru')).toBeInTheDocument();
    expect(row.getByText('M-001')).toBeInTheDocument();
    expect(row.getByText('Tithes')).toBeInTheDocument();
    expect(plain(row.getByText(/^Ksh/).textContent)).toBe('Ksh 1,500');
    expect(row.getByRole('button', { name: /^Pending: mark the gift of Ksh.1,500 from Mary Wanjiru/ })).toBeInTheDocument();
    expect(row.queryByRole('link', { name: /^Receipt/ })).not.toBeInTheDocument();

    // Verified with a receipt number: a Receipt link.
    const second = within(rowWith('ASD456'));
    expect(second.getByRole('link', { name: /^Receipt 2026-000042/ })).toHaveAttribute('href', '/donations/g2/receipt');

    // A paybill gift nobody matched: anonymous, payer, provider and source, a plain badge, Link to member.
    const third = within(rowWith('Paid by JOHN OTIENO'));
    expect(third.getByText('Anonymous Donation')).toBeInTheDocument();
    expect(third.getByText('Paybill')).toBeInTheDocument();
    expect(third.queryByRole('button', { name: /^Verified/ })).not.toBeInTheDocument();
    expect(third.getByText('Verified')).toBeInTheDocument();
    expect(third.getByRole('button', { name: /^Link the gift of Ksh.700/ })).toBeInTheDocument();
    // A paid gift is the record of its payment: no Delete (issue 31).
    expect(third.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();

    // A demo gift: the Demo badge, no receipt, no Delete, Re-assign.
    const fourth = within(rowWith('EQ_1'));
    expect(fourth.getByText('Demo')).toBeInTheDocument();
    expect(fourth.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(fourth.getByRole('button', { name: /^Re-assign the gift of Ksh.100/ })).toBeInTheDocument();
    expect(fourth.getByText('Online prompt')).toBeInTheDocument();
    expect(fourth.queryByRole('link', { name: /^Receipt/ })).not.toBeInTheDocument();
    expect(fourth.queryByText(/2026-000099/)).not.toBeInTheDocument();
  });

  it('narrows the list and the totals by type and date range; a backwards range asks nothing', async () => {
    const { calls } = renderPage((url) => (url.searchParams.get('giving_type') === 'eq.missions' ? json([], 200, range([], 0)) : json([base], 200, range([base], 1))));
    const user = userEvent.setup();
    expect(await screen.findByText('1 donation')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Giving Type'), 'missions');
    expect(await screen.findByText(/^No donations of Missions recorded for .+\.$/)).toBeInTheDocument();
    expect(calls('/rest/v1/giving_records').at(-1)!.url.searchParams.get('giving_type')).toBe('eq.missions');
    await waitFor(() => {
      expect(calls('/rest/v1/rpc/get_donation_totals').at(-1)!.body).toEqual({ from_date: firstOfMonth, to_date: today, giving_type: 'missions' });
    });

    const from = screen.getByLabelText('From');
    const before = calls('/rest/v1/giving_records').length;
    await user.clear(from);
    await user.type(from, '2099-01-01');
    expect(await screen.findByText('The first day must be on or before the last day.')).toBeInTheDocument();
    expect(calls('/rest/v1/giving_records')).toHaveLength(before);

    await user.clear(from);
    await user.type(from, '2026-01-01');
    await waitFor(() => {
      expect(calls('/rest/v1/giving_records').at(-1)!.url.searchParams.getAll('giving_date')).toEqual(['gte.2026-01-01', `lte.${today}`]);
    });
    expect(screen.queryByText('The first day must be on or before the last day.')).not.toBeInTheDocument();

    // This month: the default filter again (its answer is still in the cache).
    await user.click(screen.getByRole('button', { name: 'This month' }));
    expect(screen.getByLabelText('From')).toHaveValue(firstOfMonth);
    expect(screen.getByLabelText('To')).toHaveValue(today);
    expect(screen.getByLabelText('Giving Type')).toHaveValue('');
    expect(await screen.findByText('1 donation')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /^Totals · All types/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'This month' })).toBeDisabled();
  });

  it('records a donation for a member found by searching the server, with the spec defaults', async () => {
    const stored: unknown[] = [];
    const { calls } = renderPage(
      (_url, init) => {
        if (init?.method === 'POST') {
          stored.push(bodyOf(init));
          return json({ id: 'new' }, 201);
        }
        return json([], 200, range([], 0));
      },
      memberSearchApi((args) =>
        args.search.includes('wanj')
          ? [{ id: 'm1', ...mary }]
          : [
              { id: 'm1', ...mary },
              { id: 'm2', first_name: 'John', last_name: 'Otieno', membership_number: 'M-002' },
            ],
      ).handlers,
    );
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: '+ Record Donation' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Record Donation' });
    // §5 defaults.
    expect(within(dialog).getByLabelText('Giving Type *')).toHaveValue('tithe');
    expect(within(dialog).getByLabelText('Payment Method *')).toHaveValue('mpesa');
    expect(within(dialog).getByLabelText('Date *')).toHaveValue(today);
    expect(within(dialog).getByLabelText('Verified')).not.toBeChecked();

    // Nothing typed: the amount is asked for.
    await user.click(within(dialog).getByRole('button', { name: 'Record Donation' }));
    expect(await within(dialog).findByText('Please enter the amount.')).toBeInTheDocument();
    expect(stored).toEqual([]);

    const picker = within(dialog).getByRole('combobox', { name: 'Member' });
    await user.type(picker, 'wanj');
    // Once the typing settles, the server is asked (and John, who does not match, goes).
    await waitFor(() => {
      expect(within(dialog).queryByRole('option', { name: /John Otieno/ })).not.toBeInTheDocument();
    });
    const option = within(dialog).getByRole('option', { name: /Mary Wanjiru/ });
    expect(calls('/rest/v1/rpc/search_members').at(-1)!.body).toEqual({ search: 'wanj', active_only: true, take: 20 });
    await user.click(option);
    expect(picker).toHaveValue('Mary Wanjiru (M-001)');

    await user.type(within(dialog).getByLabelText('Amount (KES) *'), '1234.50');
    await user.selectOptions(within(dialog).getByLabelText('Giving Type *'), 'building_fund');
    await user.selectOptions(within(dialog).getByLabelText('Payment Method *'), 'cash');
    await user.type(within(dialog).getByLabelText('Notes'), 'Harambee');
    await user.click(within(dialog).getByRole('button', { name: 'Record Donation' }));
    expect(await screen.findByText('The donation was recorded.')).toBeInTheDocument();
    expect(stored).toEqual([
      {
        member_id: 'm1',
        amount: 1234.5,
        giving_type: 'building_fund',
        payment_method: 'cash',
        giving_date: today,
        transaction_id: null,
        notes: 'Harambee',
        is_verified: false,
        created_by: 'user-1',
      },
    ]);
  });

  it("shows the server's refusal with the spec text when saving fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage((_url, init) =>
      init?.method === 'POST'
        ? json({ code: '23505', message: 'duplicate key value violates unique constraint "giving_records_transaction_id_key"', details: 'Key (transaction_id)=(QWE123) already exists.' }, 409)
        : json([], 200, range([], 0)),
    );
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: '+ Record Donation' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Record Donation' });
    await user.type(within(dialog).getByLabelText('Amount (KES) *'), '100');
    await user.type(within(dialog).getByLabelText('Transaction ID'), 'QWE123');
    await user.click(within(dialog).getByRole('button', { name: 'Record Donation' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Error saving donation. Please try again. Transaction ID QWE123 is already recorded on another gift.',
    );
  });

  it('toggles the badge Pending ↔ Verified with a PATCH of is_verified', async () => {
    let isVerified = false;
    const { calls } = renderPage((_url, init) => {
      if (init?.method === 'PATCH') {
        isVerified = (bodyOf(init) as { is_verified: boolean }).is_verified;
        return json({ id: 'g1' });
      }
      const row = { ...base, is_verified: isVerified, receipt_no: isVerified ? '2026-000050' : null };
      return json([row], 200, range([row], 1));
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Pending: mark the gift/ }));
    expect(await screen.findByText(/is now verified\.$/)).toBeInTheDocument();
    const patch = calls('/rest/v1/giving_records').find((call) => call.method === 'PATCH')!;
    expect(patch.url.searchParams.get('id')).toBe('eq.g1');
    expect(patch.body).toEqual({ is_verified: true });
    expect(await screen.findByRole('link', { name: /^Receipt 2026-000050/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Verified: mark the gift/ }));
    expect(await screen.findByText(/is now pending\.$/)).toBeInTheDocument();
    expect(calls('/rest/v1/giving_records').filter((call) => call.method === 'PATCH').at(-1)!.body).toEqual({ is_verified: false });
  });

  it('asks the spec question before deleting and shows the spec text when it fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    renderPage((_url, init) => {
      if (init?.method === 'DELETE') return fail ? json({ code: 'XX000', message: 'boom' }, 500) : json({ id: 'g1' });
      return json([base], 200, range([base], 1));
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Delete the gift of/ }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Donation' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete this donation record?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error deleting donation. Please try again.');
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/was deleted\.$/)).toBeInTheDocument();
  });

  it('edits a paybill gift: everything but its notes read-only, and only the notes are sent', async () => {
    const patches: unknown[] = [];
    renderPage((_url, init) => {
      if (init?.method === 'PATCH') {
        patches.push(bodyOf(init));
        return json({ id: 'g3' });
      }
      return json([paybill], 200, range([paybill], 1));
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Edit the gift of/ }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Donation' });
    expect(within(dialog).getByText(/came from M-Pesa \(Paybill\)/)).toBeInTheDocument();
    for (const label of ['Member', 'Amount (KES)', 'Payment Method', 'Giving Type', 'Date', 'Transaction ID']) {
      expect(within(dialog).getByLabelText(label)).toHaveAttribute('readonly');
    }
    expect(within(dialog).queryByRole('combobox', { name: 'Member' })).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Verified')).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Notes'), 'Envelope 12');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('The donation was saved.')).toBeInTheDocument();
    expect(patches).toEqual([{ notes: 'Envelope 12' }]);
  });

  it('links an unmatched paybill gift to its member with a reason, after a confirmation, through reassign_gift', async () => {
    const calls: unknown[] = [];
    let fail = true;
    renderPage(() => json([paybill], 200, range([paybill], 1)), {
      ...memberSearchApi(() => [{ id: 'm2', first_name: 'John', last_name: 'Otieno', membership_number: 'M-002' }]).handlers,
      '/rest/v1/rpc/reassign_gift': (_url, init) => {
        calls.push(bodyOf(init!));
        if (fail) {
          fail = false;
          return json({ code: '42501', message: 'Re-assigning a gift needs the manage_donations permission' }, 403);
        }
        return json({ id: 'g3', member_id: 'm2' });
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Link the gift of/ }));
    const link = screen.getByRole('dialog', { name: 'Link to Member' });
    expect(within(link).getByText(/paid by JOHN OTIENO/)).toBeInTheDocument();

    // The member and a reason are required; nothing is sent without them.
    await user.click(within(link).getByRole('button', { name: 'Continue' }));
    expect(await within(link).findByText('Please choose the member who gave this gift.')).toBeInTheDocument();
    expect(within(link).getByText('Please give the reason for this change.')).toBeInTheDocument();
    await user.type(within(link).getByRole('combobox', { name: 'Member *' }), 'oti');
    await user.click(await within(link).findByRole('option', { name: /John Otieno/ }));
    await user.type(within(link).getByLabelText('Reason *'), '  Paid from his wife’s phone ');
    await user.click(within(link).getByRole('button', { name: 'Continue' }));

    // The confirmation names who it goes from and to, and the reason; Back keeps what was typed.
    expect(within(link).getByText(/move it from Anonymous Donation to John Otieno\?/)).toBeInTheDocument();
    expect(within(link).getByText('Reason: Paid from his wife’s phone')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.click(within(link).getByRole('button', { name: 'Back' }));
    expect(within(link).getByLabelText('Reason *')).toHaveValue('  Paid from his wife’s phone ');
    await user.click(within(link).getByRole('button', { name: 'Continue' }));

    // A refusal is shown in the dialog with the server's reason; then it works.
    await user.click(within(link).getByRole('button', { name: 'Confirm Re-assignment' }));
    expect(await within(link).findByRole('alert')).toHaveTextContent(
      'Could not re-assign the gift. Please try again. Re-assigning a gift needs the manage_donations permission',
    );
    await user.click(within(link).getByRole('button', { name: 'Confirm Re-assignment' }));
    expect(await screen.findByText(/was re-assigned to John Otieno; the reason is recorded\.$/)).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({ gift: 'g3', member: 'm2', giving_type: 'tithe', reason: 'Paid from his wife’s phone' });
  });

  it('re-assigns a matched gift: its type alone, or to nobody, and refuses a change that changes nothing', async () => {
    const matched = { ...paybill, member_id: 'm1', members: mary, reassigned_at: '2026-11-20T08:00:00Z', reassign_reason: 'Mary’s envelope' };
    const calls: unknown[] = [];
    renderPage(() => json([matched], 200, range([matched], 1)), {
      '/rest/v1/rpc/reassign_gift': (_url, init) => {
        calls.push(bodyOf(init!));
        return json({ id: 'g3' });
      },
    });
    const user = userEvent.setup();
    // The last correction is shown under the member.
    expect(await screen.findByText('Re-assigned on 20 Nov 2026: Mary’s envelope')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Re-assign the gift of Ksh.700 from Mary Wanjiru/ }));
    const dialog = screen.getByRole('dialog', { name: 'Re-assign Gift' });
    await user.type(within(dialog).getByLabelText('Reason *'), 'Typo');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText(donationTexts.reassignNothing)).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('Giving Type *'), 'offering');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText(/keep it with Mary Wanjiru and make it Offerings instead of Tithes\?/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Re-assignment' }));
    expect(await screen.findByText(/was re-assigned to Mary Wanjiru/)).toBeInTheDocument();
    expect(calls).toEqual([{ gift: 'g3', member: 'm1', giving_type: 'offering', reason: 'Typo' }]);

    await user.click(screen.getByRole('button', { name: /^Re-assign the gift of/ }));
    const again = screen.getByRole('dialog', { name: 'Re-assign Gift' });
    await user.click(within(again).getByRole('button', { name: 'Make anonymous' }));
    await user.type(within(again).getByLabelText('Reason *'), 'Not hers');
    await user.click(within(again).getByRole('button', { name: 'Continue' }));
    expect(within(again).getByText(/move it from Mary Wanjiru to Anonymous Donation\?/)).toBeInTheDocument();
    await user.click(within(again).getByRole('button', { name: 'Confirm Re-assignment' }));
    await waitFor(() => {
      expect(calls.at(-1)).toEqual({ gift: 'g3', giving_type: 'tithe', reason: 'Not hers' });
    });
  });

  it('exports every gift of the filter, 1,000 at a time', async () => {
    const many = Array.from({ length: 1200 }, (_, i) => ({ ...base, id: `x${String(i)}`, transaction_id: `T${String(i)}` }));
    const { calls } = renderPage((url) => {
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 25);
      const rows = many.slice(offset, offset + limit);
      return json(rows, 200, range(rows, many.length, offset));
    });
    let saved: Blob | undefined;
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        saved = blob;
        return 'blob:donations';
      }),
      revokeObjectURL: vi.fn(),
    });
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    expect(await screen.findByText('Showing 1–25 of 1,200 donations')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Exported 1,200 donations to a CSV file.')).toBeInTheDocument();
    const chunks = calls('/rest/v1/giving_records')
      .filter((call) => call.url.searchParams.get('limit') === '1000')
      .map((call) => [call.url.searchParams.get('offset'), call.url.searchParams.getAll('giving_date')]);
    expect(chunks).toEqual([
      ['0', [`gte.${firstOfMonth}`, `lte.${today}`]],
      ['1000', [`gte.${firstOfMonth}`, `lte.${today}`]],
    ]);
    expect(click).toHaveBeenCalledTimes(1);
    const lines = (await saved!.text()).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(1201);
    expect(lines[1200]).toContain('T1199');
  });
});
