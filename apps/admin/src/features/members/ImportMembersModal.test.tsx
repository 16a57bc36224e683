import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, renderAt, stubApi } from '../../test/render';
import { ImportMembersModal } from './ImportMembersModal';

const csv = [
  'membership_number,first_name,last_name,date_of_birth,email,Notes',
  'M-001,Mary,Wanjiru,1985-04-12,mary@example.org,x',
  'M-900,"John, Paul",Otieno,1980-13-01,,',
  ',Grace,Achieng,,,',
].join('\r\n');

const preview = {
  added: 1,
  updated: 1,
  refused: 1,
  applied: false,
  rows: [
    { line: 2, action: 'update', name: 'Mary Wanjiru', membership_number: 'M-001', reason: null },
    { line: 3, action: 'refused', name: 'John, Paul Otieno', membership_number: 'M-900', reason: 'Bad date in date_of_birth: "1980-13-01" (use YYYY-MM-DD)' },
    { line: 4, action: 'add', name: 'Grace Achieng', membership_number: null, reason: null },
  ],
};

function renderModal(answer: (body: { rows: Record<string, string>[]; apply: boolean }) => Response) {
  const calls: { rows: Record<string, string>[]; apply: boolean }[] = [];
  const fetchMock = stubApi({
    '/rest/v1/rpc/import_members': (_url, init) => {
      const body = JSON.parse(init?.body as string) as { rows: Record<string, string>[]; apply: boolean };
      calls.push(body);
      return answer(body);
    },
  });
  const onImported = vi.fn();
  const onClose = vi.fn();
  renderAt('/members', <ImportMembersModal onClose={onClose} onImported={onImported} onTemplate={vi.fn()} />);
  return { calls, onImported, onClose, fetchMock };
}

const file = (text: string, name = 'members.csv') => new File([text], name, { type: 'text/csv' });

describe('ImportMembersModal', () => {
  it('previews what the server will do with each row, and imports only after confirming', async () => {
    const { calls, onImported, onClose } = renderModal(({ apply }) => json(apply ? { ...preview, applied: true } : preview));
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog', { name: 'Import Members' });

    await user.upload(within(dialog).getByLabelText('CSV file'), file(csv));
    expect(await within(dialog).findByText(/members\.csv: 3 members read\. Nothing has been saved yet\./)).toBeInTheDocument();
    expect(within(dialog).getByText(/Columns not in the template are ignored: Notes/)).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.apply).toBe(false);
    expect(calls[0]!.rows).toEqual([
      { membership_number: 'M-001', first_name: 'Mary', last_name: 'Wanjiru', date_of_birth: '1985-04-12', email: 'mary@example.org' },
      { membership_number: 'M-900', first_name: 'John, Paul', last_name: 'Otieno', date_of_birth: '1980-13-01', email: '' },
      { membership_number: '', first_name: 'Grace', last_name: 'Achieng', date_of_birth: '', email: '' },
    ]);

    const summary = within(dialog).getByRole('list', { name: 'What the import will do' });
    expect(summary).toHaveTextContent('1 to add');
    expect(summary).toHaveTextContent('1 to update');
    expect(summary).toHaveTextContent('1 refused');
    const rows = within(dialog).getAllByRole('row').slice(1);
    // Refused rows first, with their reason.
    expect(rows[0]).toHaveTextContent('John, Paul Otieno');
    expect(rows[0]).toHaveTextContent('Refused');
    expect(rows[0]).toHaveTextContent('Bad date in date_of_birth: "1980-13-01" (use YYYY-MM-DD)');
    expect(rows[1]).toHaveTextContent('Mary Wanjiru');
    expect(rows[1]).toHaveTextContent('Update');
    expect(rows[2]).toHaveTextContent('Add');
    expect(onImported).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Import 2 members' }));
    expect(await within(dialog).findByText('Import complete: 1 member added, 1 member updated.')).toBeInTheDocument();
    expect(within(dialog).getByText('1 row was refused and not imported.')).toBeInTheDocument();
    expect(calls).toHaveLength(2);
    expect(calls[1]).toEqual({ rows: calls[0]!.rows, apply: true });
    expect(onImported).toHaveBeenCalledWith(expect.objectContaining({ applied: true, added: 1, updated: 1 }));
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('never shows a check that was written as a preview: choosing a file must not import (issue 32)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { calls, onImported } = renderModal(() => json({ ...preview, applied: true }));
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog', { name: 'Import Members' });
    await user.upload(within(dialog).getByLabelText('CSV file'), file(csv));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The server saved the members while it was only asked to check the file. Look at the members list before importing again.',
    );
    expect(within(dialog).queryByText(/Nothing has been saved yet/)).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /^Import \d/ })).toBeNull();
    expect(calls.map((call) => call.apply)).toEqual([false]);
    expect(onImported).not.toHaveBeenCalled();
  });

  it('an import the server does not confirm as written is not reported as done', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { onImported } = renderModal(() => json(preview));
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog', { name: 'Import Members' });
    await user.upload(within(dialog).getByLabelText('CSV file'), file(csv));
    await user.click(await within(dialog).findByRole('button', { name: 'Import 2 members' }));
    expect(await within(dialog).findByText('The import failed and nothing was saved: The server only checked the file and saved nothing. Please try again.')).toBeInTheDocument();
    expect(onImported).not.toHaveBeenCalled();
  });

  it('Cancel after the preview writes nothing', async () => {
    const { calls, onClose } = renderModal(() => json(preview));
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog', { name: 'Import Members' });
    await user.upload(within(dialog).getByLabelText('CSV file'), file(csv));
    await within(dialog).findByRole('button', { name: 'Import 2 members' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(calls.map((call) => call.apply)).toEqual([false]);
  });

  it('shows the server’s words when it refuses the file (over 5,000 rows)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderModal(() =>
      json({ code: '22023', message: 'An import takes at most 5,000 members', details: null, hint: 'Split the file and import it in parts.' }, 400),
    );
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog', { name: 'Import Members' });
    const big = ['first_name,last_name', ...Array.from({ length: 5001 }, (_, i) => `A${String(i)},B`)].join('\n');
    await user.upload(within(dialog).getByLabelText('CSV file'), file(big));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'An import takes at most 5,000 members. Split the file and import it in parts.',
    );
    // A new file can be chosen at once.
    expect(within(dialog).getByLabelText('CSV file')).toBeInTheDocument();
  });

  it('explains a file that is not CSV or lacks the names, without asking the server', async () => {
    const { calls } = renderModal(() => json(preview));
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog', { name: 'Import Members' });
    await user.upload(within(dialog).getByLabelText('CSV file'), file('first_name,last_name\n"Mary,Wanjiru\n'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Line 2: a quoted value is not closed.');
    await user.upload(within(dialog).getByLabelText('CSV file'), file('name,email\nMary,m@x.org\n'));
    await waitFor(() => {
      expect(within(dialog).getByRole('alert')).toHaveTextContent('The file needs the columns first_name and last_name (see the template).');
    });
    expect(calls).toEqual([]);
  });
});
