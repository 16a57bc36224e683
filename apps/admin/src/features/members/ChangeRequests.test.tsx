/**
 * The clerk's queue on the Members screen (issue 46): the changes members asked for from the
 * portal, with what the register holds now, approved or declined (with a note) through
 * decide_details_change; shown only to manage_members.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, renderAt, sessionFor, stubApi, testClient } from '../../test/render';
import { serverAnswers } from '../../test/roles';
import MembersPage from './MembersPage';

const waiting = {
  id: 'r1',
  created_at: '2026-06-01T08:00:00Z',
  note: 'New line',
  changes: { phone: '+254712400888', emergency_contact: { name: 'Otieno', phone: '+254712400009' } },
  previous: { phone: '+254712400001', emergency_contact: null },
  members: { id: 'm1', first_name: 'Achieng', last_name: 'Otieno', membership_number: 'M-014' },
};

function renderPage(role: keyof typeof serverAnswers, decide: (body: Record<string, unknown>) => Response = () => json({ status: 'approved' })) {
  let pending = [waiting];
  const decided: Record<string, unknown>[] = [];
  const fetchMock = stubApi({
    '/rest/v1/member_change_requests': () => json(pending, 200, { 'content-range': `0-${String(pending.length - 1)}/${String(pending.length)}` }),
    '/rest/v1/rpc/decide_details_change': (_url, init) => {
      const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>;
      decided.push(body);
      const answer = decide(body);
      if (answer.ok) pending = [];
      return answer;
    },
  });
  renderAt('/members', <MembersPage />, testClient(sessionFor(serverAnswers[role])));
  return { fetchMock, decided };
}

describe('changes members asked for', () => {
  it('shows each change from the register’s value to the asked one, and approving clears it', async () => {
    const { decided } = renderPage('MEMBER_ADMIN');
    const card = await screen.findByRole('listitem', { name: 'Change for Achieng Otieno' });
    const phone = within(card).getByRole('row', { name: /Phone/ });
    expect(phone).toHaveTextContent('+254712400001');
    expect(phone).toHaveTextContent('+254712400888');
    expect(within(card).getByRole('row', { name: /Emergency contact/ })).toHaveTextContent('—Otieno · +254712400009');
    expect(within(card).getByText('Member’s note: New line')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Approve the change for Achieng Otieno' }));
    await waitFor(() => {
      expect(screen.queryByRole('heading', { name: /Changes members asked for/ })).not.toBeInTheDocument();
    });
    expect(decided).toEqual([{ request_id: 'r1', approve: true, note: '' }]);
  });

  it('declines with a note, and says so when the server refuses', async () => {
    const { decided } = renderPage('MEMBER_ADMIN', () =>
      json({ code: '22023', message: 'This change was already approved: reload the list', details: null, hint: null }, 400),
    );
    const card = await screen.findByRole('listitem', { name: 'Change for Achieng Otieno' });
    await userEvent.type(within(card).getByLabelText(/Note to the member/), 'Please call the office');
    await userEvent.click(within(card).getByRole('button', { name: 'Decline the change for Achieng Otieno' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('This change was already approved: reload the list');
    expect(decided).toEqual([{ request_id: 'r1', approve: false, note: 'Please call the office' }]);
  });

  it('is not shown to readers of the register without manage_members', async () => {
    const { fetchMock } = renderPage('ELDER');
    await screen.findByRole('heading', { name: 'Members', level: 1 });
    expect(screen.queryByText(/Changes members asked for/)).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => (input instanceof Request ? input.url : input.toString()).includes('member_change_requests'))).toBe(false);
  });
});
