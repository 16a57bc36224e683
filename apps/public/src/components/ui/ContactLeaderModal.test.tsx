import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seed } from '../../test/site-data';
import { serviceModeQueries } from '../../lib/service-modes';
import { json, stubApi } from '../../test/api';
import { renderAt } from '../../test/render';
import { ContactLeaderModal } from './ContactLeaderModal';

/** Spec §8 "Demo notice". */
const DEMO_NOTICE = 'Email functionality is not configured. Messages will be logged but not sent.';
/** Spec §8 "Contact-a-leader send failure": after the heading and the error text. */
const SEND_FAILED_HELP = 'Please try again or contact the church directly if the problem persists.';

const elder = { name: 'Elder Joseph', role: 'First Elder' };

function open(onClose = vi.fn()) {
  renderAt('/about', <ContactLeaderModal recipient={elder} onClose={onClose} />);
  return { dialog: screen.getByRole('dialog', { name: 'Contact Elder Joseph' }), onClose };
}

function fill(dialog: HTMLElement) {
  for (const [label, value] of [
    ['Full Name *', 'Wanjiku Kamau'],
    ['Email Address *', 'wanjiku@example.org'],
    ['Subject *', 'Baptism class'],
    ['Message *', 'When does the next class start?'],
  ] as const) {
    fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
  }
}

describe('ContactLeaderModal', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('names the recipient, shows the demo notice, a 5-row message box, and closes by its button', () => {
    seed(serviceModeQueries.current, { email: { live: false }, sms: { live: false }, payments: { live: false, provider: 'equity_bank', label: 'Equity Bank', enabled: true } });
    const { dialog, onClose } = open();
    expect(dialog).toHaveTextContent('To: Elder Joseph, First Elder');
    expect(within(dialog).getByRole('note')).toHaveTextContent(DEMO_NOTICE);
    expect(within(dialog).getByLabelText('Message *')).toHaveAttribute('rows', '5');
    expect(within(dialog).getByLabelText('Phone Number')).not.toBeRequired();
    expect(within(dialog).getByLabelText('Email Address *')).toHaveAttribute('type', 'email');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("sends to the recipient: 'Sending...', then 'Message Sent Successfully', then closes after 2.5 s", async () => {
    const sent = stubApi({ 'POST /functions/v1/contact-message': () => json({ received: true, kind: 'message', delivery: 'queued' }, 201) });
    const { dialog, onClose } = open();
    fill(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Message' }));
    expect(await within(dialog).findByRole('button', { name: 'Sending...' })).toBeDisabled();
    const status = await within(dialog).findByRole('status');
    expect(status).toHaveTextContent('Message Sent Successfully');
    expect(status).toHaveTextContent('Your message has been sent to Elder Joseph. They will reply to you by email.');
    expect(sent.find((request) => request.path === '/functions/v1/contact-message')?.body).toEqual({
      name: 'Wanjiku Kamau',
      email: 'wanjiku@example.org',
      phone: '',
      subject: 'Baptism class',
      message: 'When does the next class start?',
      recipientName: 'Elder Joseph',
      recipientRole: 'First Elder',
      department: '',
      website: '',
      idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,100}$/) as unknown,
    });
    await waitFor(
      () => {
        expect(onClose).toHaveBeenCalledOnce();
      },
      { timeout: 4000 },
    );
  });

  it("shows the spec's error panel and keeps the values", async () => {
    stubApi({ 'POST /functions/v1/contact-message': () => json({ code: 'too_many_submissions', message: 'Too many messages from here. Please try again in a few minutes.' }, 429) });
    const { dialog } = open();
    fill(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Message' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to Send Message');
    expect(alert).toHaveTextContent('Too many messages from here. Please try again in a few minutes.');
    expect(alert).toHaveTextContent(SEND_FAILED_HELP);
    expect(within(dialog).getByLabelText('Full Name *')).toHaveValue('Wanjiku Kamau');
  });

  it('falls back to the default error text when the answer has no message', async () => {
    stubApi({ 'POST /functions/v1/contact-message': () => new Response('Bad gateway', { status: 502 }) });
    const { dialog } = open();
    fill(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Message' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to send message. Please try again.');
  });

  it('names every missing field and sends nothing', () => {
    const sent = stubApi();
    const { dialog } = open();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Message' }));
    expect(within(dialog).getByLabelText('Full Name *')).toHaveAccessibleDescription('Please enter your name');
    expect(within(dialog).getByLabelText('Email Address *')).toHaveAccessibleDescription('Please enter your email address');
    expect(within(dialog).getByLabelText('Subject *')).toHaveAccessibleDescription('Please enter a subject');
    expect(within(dialog).getByLabelText('Message *')).toHaveAccessibleDescription('Please enter your message');
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
    // Issue 32: fields to fix are not a failed send.
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('Please check the highlighted fields.');
    expect(alert).not.toHaveTextContent('Failed to Send Message');
    expect(alert).not.toHaveTextContent(SEND_FAILED_HELP);
  });

  it("shows the server's field refusal as corrections, not as a failed send", async () => {
    stubApi({
      'POST /functions/v1/contact-message': () =>
        json({ code: 'invalid_fields', message: 'Please check the highlighted fields.', fields: { email: 'Please enter a valid email address' } }, 400),
    });
    const { dialog } = open();
    fill(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Message' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).not.toHaveTextContent('Failed to Send Message');
    expect(within(dialog).getByLabelText('Email Address *')).toHaveAccessibleDescription('Please enter a valid email address');
  });
});
