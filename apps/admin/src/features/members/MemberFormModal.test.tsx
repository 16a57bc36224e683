import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, renderAt, stubApi } from '../../test/render';
import { MemberFormModal } from './MemberFormModal';
import type { Member } from './member-form';

const ministries = [
  { id: 'min-choir', name: 'Choir' },
  { id: 'min-youth', name: 'Youth Ministry' },
];

interface Call {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}

/** The API: ministries to choose from, and every write recorded. */
function stubMemberApi(answers: { insert?: () => Response } = {}) {
  const writes: Call[] = [];
  const record = (url: URL, init: RequestInit | undefined) => {
    writes.push({
      method: init?.method ?? 'GET',
      path: url.pathname,
      search: url.searchParams,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    });
  };
  stubApi({
    '/rest/v1/ministries': () => json(ministries),
    '/rest/v1/members': (url, init) => {
      record(url, init);
      if (init?.method === 'POST') return answers.insert ? answers.insert() : json({ id: 'new-member' }, 201);
      return json({ id: 'm1' });
    },
    '/rest/v1/member_ministries': (url, init) => {
      record(url, init);
      return json(null, init?.method === 'POST' ? 201 : 204);
    },
  });
  return writes;
}

function renderModal(member?: Member) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  renderAt('/members', <MemberFormModal member={member} onClose={onClose} onSaved={onSaved} />);
  return { onSaved, onClose };
}

describe('MemberFormModal', () => {
  it('adds a member with only the names: every optional field null, no emergency contact', async () => {
    const writes = stubMemberApi();
    const { onSaved } = renderModal();
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog', { name: 'Add New Member' });

    await user.click(within(dialog).getByRole('button', { name: 'Add Member' }));
    expect(within(dialog).getByLabelText('First Name *')).toHaveAccessibleDescription('Please enter the first name.');
    expect(within(dialog).getByLabelText('Last Name *')).toHaveAccessibleDescription('Please enter the last name.');
    expect(writes).toEqual([]);

    await user.type(within(dialog).getByLabelText('First Name *'), ' Mary ');
    await user.type(within(dialog).getByLabelText('Last Name *'), 'Wanjiru');
    await user.click(within(dialog).getByRole('button', { name: 'Add Member' }));
    await waitFor(() => {
      expect(onSaved).toHaveBeenCalledWith('Mary Wanjiru');
    });
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatchObject({ method: 'POST', path: '/rest/v1/members' });
    expect(writes[0]!.body).toEqual({
      first_name: 'Mary',
      last_name: 'Wanjiru',
      membership_number: null,
      email: null,
      phone: null,
      address: null,
      date_of_birth: null,
      marital_status: null,
      baptism_date: null,
      membership_date: null,
      emergency_contact: null,
      is_active: true,
    });
  });

  it('adds a member with every field, a partial emergency contact and two ministries', async () => {
    const writes = stubMemberApi();
    const { onSaved } = renderModal();
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog', { name: 'Add New Member' });

    await user.type(within(dialog).getByLabelText('First Name *'), 'John');
    await user.type(within(dialog).getByLabelText('Last Name *'), 'Otieno');
    await user.type(within(dialog).getByLabelText(/^Membership Number/), 'M-100');
    await user.selectOptions(within(dialog).getByLabelText('Marital Status'), 'married');
    expect(within(dialog).getByLabelText('Marital Status')).toHaveTextContent('Not statedSingleMarriedDivorcedWidowed');
    await user.type(within(dialog).getByLabelText('Email'), 'john@example.org');
    await user.type(within(dialog).getByLabelText('Phone'), '+254712000111');
    await user.type(within(dialog).getByLabelText('Address'), 'Kisumu');
    await user.type(within(dialog).getByLabelText('Date of Birth'), '1980-02-29');
    await user.type(within(dialog).getByLabelText('Baptism Date'), '1995-06-03');
    await user.type(within(dialog).getByLabelText('Membership Date'), '1996-01-06');
    await user.type(within(dialog).getByLabelText('Relationship'), 'Brother');
    await user.click(await within(dialog).findByLabelText('Choir'));
    await user.click(within(dialog).getByLabelText('Youth Ministry'));
    await user.click(within(dialog).getByLabelText(/^Active member/));
    await user.click(within(dialog).getByRole('button', { name: 'Add Member' }));
    await waitFor(() => {
      expect(onSaved).toHaveBeenCalledWith('John Otieno');
    });

    expect(writes[0]!.body).toEqual({
      first_name: 'John',
      last_name: 'Otieno',
      membership_number: 'M-100',
      email: 'john@example.org',
      phone: '+254712000111',
      address: 'Kisumu',
      date_of_birth: '1980-02-29',
      marital_status: 'married',
      baptism_date: '1995-06-03',
      membership_date: '1996-01-06',
      emergency_contact: { relationship: 'Brother' },
      is_active: false,
    });
    expect(writes[1]).toMatchObject({ method: 'POST', path: '/rest/v1/member_ministries' });
    expect(writes[1]!.search.get('on_conflict')).toBe('member_id,ministry_id');
    expect(writes[1]!.body).toEqual([
      { member_id: 'new-member', ministry_id: 'min-choir' },
      { member_id: 'new-member', ministry_id: 'min-youth' },
    ]);
  });

  it('edits a member: leaving a ministry deletes its link, joining one adds it', async () => {
    const writes = stubMemberApi();
    const member: Member = {
      id: 'm1',
      membership_number: 'M-001',
      first_name: 'Mary',
      last_name: 'Wanjiru',
      full_name: 'Mary Wanjiru',
      date_of_birth: null,
      address: null,
      phone: null,
      email: null,
      marital_status: null,
      baptism_date: null,
      membership_date: null,
      emergency_contact: { name: 'Ann' },
      is_active: true,
      ministry_ids: ['min-choir'],
    };
    const { onSaved } = renderModal(member);
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog', { name: 'Edit Member' });
    expect(within(dialog).getByLabelText('Contact Name')).toHaveValue('Ann');
    expect(await within(dialog).findByLabelText('Choir')).toBeChecked();

    await user.clear(within(dialog).getByLabelText('Contact Name'));
    await user.click(within(dialog).getByLabelText('Choir'));
    await user.click(within(dialog).getByLabelText('Youth Ministry'));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => {
      expect(onSaved).toHaveBeenCalledWith('Mary Wanjiru');
    });

    expect(writes.map((w) => [w.method, w.path])).toEqual([
      ['PATCH', '/rest/v1/members'],
      ['DELETE', '/rest/v1/member_ministries'],
      ['POST', '/rest/v1/member_ministries'],
    ]);
    expect(writes[0]!.search.get('id')).toBe('eq.m1');
    expect(writes[0]!.body).toMatchObject({ emergency_contact: null });
    expect([writes[1]!.search.get('member_id'), writes[1]!.search.get('ministry_id')]).toEqual(['eq.m1', 'in.(min-choir)']);
    expect(writes[2]!.body).toEqual([{ member_id: 'm1', ministry_id: 'min-youth' }]);
  });

  it('says a membership number is taken, keeping what was typed', async () => {
    stubMemberApi({
      insert: () =>
        json({ code: '23505', message: 'duplicate key value violates unique constraint "members_membership_number_key"', details: null, hint: null }, 409),
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderModal();
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog', { name: 'Add New Member' });
    await user.type(within(dialog).getByLabelText('First Name *'), 'Mary');
    await user.type(within(dialog).getByLabelText('Last Name *'), 'Wanjiru');
    await user.type(within(dialog).getByLabelText(/^Membership Number/), 'M-001');
    await user.click(within(dialog).getByRole('button', { name: 'Add Member' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Membership number M-001 already belongs to another member. Please use a different number.',
    );
    expect(within(dialog).getByLabelText('First Name *')).toHaveValue('Mary');
  });
});
