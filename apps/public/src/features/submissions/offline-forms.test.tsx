import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { seed } from '../../test/site-data';
import { flushQueued } from '../../lib/deliver';
import { queuedForms } from '../../lib/outbox';
import { serviceModeQueries } from '../../lib/service-modes';
import { json, stubApi } from '../../test/api';
import { renderAt } from '../../test/render';
import { filesNeedNetworkText } from './api/submit-request';
import SubmissionsPage from './SubmissionsPage';

const KEY = /^[A-Za-z0-9_-]{8,100}$/;

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
}

function openCategory(title: string) {
  renderAt('/submissions', <SubmissionsPage />);
  fireEvent.click(screen.getByRole('button', { name: `Start Request: ${title}` }));
  return screen.getByRole('dialog', { name: title });
}

function fill(dialog: HTMLElement, label: string | RegExp, value: string) {
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
}

function fillPrayer(dialog: HTMLElement) {
  fill(dialog, /^Full Name/, 'Ruth Atieno');
  fill(dialog, /^Email Address/, 'ruth@example.org');
  fill(dialog, /^Subject/, 'Healing');
  fireEvent.change(within(dialog).getByLabelText(/^Prayer Type/), { target: { value: 'health' } });
  fireEvent.change(dialog.querySelector('textarea[name="message"]')!, { target: { value: 'Please pray for my mother.' } });
}

beforeEach(() => {
  localStorage.clear();
  seed(serviceModeQueries.current, { email: { live: true }, sms: { live: false }, payments: { live: false, provider: 'equity_bank', label: 'Equity Bank', enabled: true } });
});

afterEach(() => {
  localStorage.clear();
});

describe('a request form without a connection', () => {
  it('online, is sent with a fresh idempotency key', async () => {
    setOnline(true);
    const sent = stubApi({ 'POST /functions/v1/submit-request': () => json({ received: true, kind: 'prayer_request', delivery: 'queued' }, 201) });
    const dialog = openCategory('Prayer Request');
    fillPrayer(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    await within(dialog).findByRole('button', { name: 'Submitted' });
    expect(sent.find((request) => request.path === '/functions/v1/submit-request')?.body).toMatchObject({ idempotencyKey: expect.stringMatching(KEY) as unknown });
    expect(queuedForms()).toEqual([]);
  });

  it('is kept on the phone with its idempotency key and says so; the modal stays open', async () => {
    setOnline(false);
    const sent = stubApi();
    const dialog = openCategory('Prayer Request');
    fillPrayer(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Saved on your phone. It will be sent when you are back online.');
    expect(within(dialog).getByRole('button', { name: 'Saved' })).toBeDisabled();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
    const [queued, ...others] = queuedForms();
    expect(others).toEqual([]);
    expect(queued).toMatchObject({ endpoint: 'submit-request', label: 'prayer request' });
    expect(queued?.key).toMatch(KEY);
    expect(queued?.body).toMatchObject({ category: 'prayer', subject: 'Healing', prayerType: 'health', idempotencyKey: queued?.key });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says when the saved form has gone out once the connection returns, and closes (issue 32)', async () => {
    setOnline(false);
    const sent = stubApi({ 'POST /functions/v1/submit-request': () => json({ received: true, kind: 'prayer_request', delivery: 'queued' }, 201) });
    const dialog = openCategory('Prayer Request');
    fillPrayer(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Saved on your phone. It will be sent when you are back online.');
    setOnline(true);
    await act(async () => {
      await flushQueued();
    });
    expect(sent.filter((request) => request.method === 'POST')).toHaveLength(1);
    expect(within(dialog).getByRole('status')).not.toHaveTextContent('Saved on your phone');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Your prayer request has been submitted successfully.');
    await waitFor(
      () => {
        expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      },
      { timeout: 4000 },
    );
  });

  it('is queued too when the send gets no answer though the browser thought it was online', async () => {
    setOnline(true);
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    const dialog = openCategory('Prayer Request');
    fillPrayer(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Saved on your phone. It will be sent when you are back online.');
    expect(queuedForms()).toHaveLength(1);
  });

  it('with files, says files cannot be sent offline, and keeps nothing', async () => {
    setOnline(false);
    const sent = stubApi();
    const dialog = openCategory('Maintenance Request');
    fill(dialog, /^Full Name/, 'Ruth Atieno');
    fill(dialog, /^Email Address/, 'ruth@example.org');
    fill(dialog, /^Subject/, 'Leak');
    fireEvent.change(within(dialog).getByLabelText(/^Location/), { target: { value: 'kitchen' } });
    fill(dialog, /^Describe the Problem/, 'Water everywhere');
    fireEvent.change(within(dialog).getByLabelText(/^Photos of the Problem/), { target: { files: [new File(['png'], 'leak.png', { type: 'image/png' })] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(filesNeedNetworkText());
    expect(within(dialog).getByLabelText(/^Photos of the Problem/)).toHaveAccessibleDescription(filesNeedNetworkText());
    expect(queuedForms()).toEqual([]);
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
  });
});
