import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, renderAt, sessionFor, stubApi, testClient } from '../../test/render';
import { serverAnswers } from '../../test/roles';

const session = sessionFor(serverAnswers.ELDER, 'Elijah Elder', 'elder@church.example');

describe('Your Profile', () => {
  it('saves the full name through the auth API and shows it in the header', async () => {
    const user = userEvent.setup();
    let saved = 'Elijah Elder';
    const fetchMock = stubApi({
      '/rest/v1/users': () => json([{ id: 'user-1', full_name: saved, email: 'elder@church.example', role: 'ELDER' }]),
      '/auth/v1/user': (_url, init) => {
        saved = (JSON.parse(init?.body as string) as { data: { full_name: string } }).data.full_name;
        return json({ ...session.user, user_metadata: { full_name: saved } });
      },
    });
    renderAt('/profile', undefined, testClient(session));
    const name = await screen.findByLabelText('Full name');
    expect(name).toHaveValue('Elijah Elder');
    expect(screen.getByText('elder@church.example', { selector: 'dd' })).toBeInTheDocument();

    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(screen.getByText('Full name is required')).toBeInTheDocument();

    await user.type(name, '  Elijah K. Elder ');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Your name has been saved.')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([input, init]) => (input as string).endsWith('/auth/v1/user') && init?.method === 'PUT');
    expect(JSON.parse(put?.[1]?.body as string)).toEqual({ data: { full_name: 'Elijah K. Elder' } });
    expect(await screen.findByRole('button', { name: /Elijah K\. Elder.*account menu/ })).toBeInTheDocument();
  });

  it('starts the name field from the saved profile, even when it answers after the page opens', async () => {
    let answer: ((response: Response) => void) | undefined;
    stubApi({
      '/rest/v1/users': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderAt('/profile', undefined, testClient(session));
    expect(await screen.findByText('Loading your name...')).toBeInTheDocument();
    // The page may show its loading line before the profile is asked for.
    const reply = await vi.waitFor(() => {
      if (!answer) throw new Error('the profile has not been asked for yet');
      return answer;
    });
    reply(json([{ id: 'user-1', full_name: 'Elijah Kiprop Elder', email: 'elder@church.example', role: 'ELDER' }]));
    expect(await screen.findByLabelText('Full name')).toHaveValue('Elijah Kiprop Elder');
  });

  it('checks the new password twice, then shows the server’s answer about the current one', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      '/auth/v1/user': () =>
        json({ code: 400, error_code: 'current_password_mismatch', msg: 'Current password is incorrect.' }, 400),
    });
    renderAt('/profile', undefined, testClient(session));
    await user.click(await screen.findByRole('button', { name: 'Change password' }));
    expect(screen.getByText('Enter your current password')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Current password'), 'old-one');
    await user.type(screen.getByLabelText('New password'), 'new-pass-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-pass-2');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => (input as string).endsWith('/auth/v1/user'))).toBe(false);

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'new-pass-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Current password is incorrect.');
    const put = fetchMock.mock.calls.find(([input]) => (input as string).endsWith('/auth/v1/user'));
    expect(JSON.parse(put?.[1]?.body as string)).toEqual({ password: 'new-pass-1', current_password: 'old-one' });
  });
});
