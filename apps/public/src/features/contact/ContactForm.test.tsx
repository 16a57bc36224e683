import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queuedForms } from '../../lib/outbox';
import { json, stubApi } from '../../test/api';
import { renderAt } from '../../test/render';
import { ContactForm } from './ContactForm';

/** Spec §8 "Contact page submit". */
const CONTACT_THANK_YOU = 'Thank you for your message! We will get back to you soon.';


const KEY = /^[A-Za-z0-9_-]{8,100}$/;

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
}

/** The idempotency keys of the POSTs to `path`, in order. */
function keysSent(sent: { method: string; path: string; body: unknown }[], path: string) {
  return sent.filter((request) => request.method === 'POST' && request.path === path).map((request) => (request.body as { idempotencyKey?: string }).idempotencyKey);
}

describe('ContactForm', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('stores the message for the church office, thanks in the page and clears the form', async () => {
    const sent = stubApi({ 'POST /functions/v1/contact-message': () => json({ received: true, kind: 'message', delivery: 'queued' }, 201) });
    renderAt('/contact', <ContactForm />);
    const form = screen.getByRole('form', { name: 'Send Us a Message' });
    fireEvent.change(within(form).getByLabelText('Full Name *'), { target: { value: 'Wanjiku' } });
    fireEvent.change(within(form).getByLabelText('Email Address *'), { target: { value: 'not-an-email' } });
    fireEvent.change(within(form).getByLabelText('Subject *'), { target: { value: 'Visiting' } });
    fireEvent.change(within(form).getByLabelText('Message *'), { target: { value: 'When is the next baptism class?' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send Message' }));
    expect(within(form).getByLabelText('Email Address *')).toHaveAccessibleDescription('Please enter a valid email address');
    fireEvent.change(within(form).getByLabelText('Email Address *'), { target: { value: 'wanjiku@example.org' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send Message' }));
    expect(await within(form).findByRole('status')).toHaveTextContent(CONTACT_THANK_YOU);
    expect(within(form).getByLabelText('Full Name *')).toHaveValue('');
    expect(within(form).getByLabelText('Message *')).toHaveValue('');
    expect(sent.find((request) => request.path === '/functions/v1/contact-message')?.body).toMatchObject({
      name: 'Wanjiku',
      email: 'wanjiku@example.org',
      recipientName: '',
      recipientRole: '',
      department: '',
    });
  });
});

describe('ContactForm: idempotency keys and offline', () => {
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('a retry after a server error sends the same key; the next message gets a fresh one', async () => {
    setOnline(true);
    let answers = [json({ code: 'unavailable', message: 'The server is busy.' }, 503)];
    const sent = stubApi({
      'POST /functions/v1/contact-message': () => answers.shift() ?? json({ received: true, kind: 'message', delivery: 'queued' }, 201),
    });
    renderAt('/contact', <ContactForm />);
    const form = screen.getByRole('form', { name: 'Send Us a Message' });
    const fillContact = () => {
      fireEvent.change(within(form).getByLabelText('Full Name *'), { target: { value: 'Wanjiku' } });
      fireEvent.change(within(form).getByLabelText('Email Address *'), { target: { value: 'wanjiku@example.org' } });
      fireEvent.change(within(form).getByLabelText('Subject *'), { target: { value: 'Visiting' } });
      fireEvent.change(within(form).getByLabelText('Message *'), { target: { value: 'When is the next class?' } });
    };
    fillContact();
    fireEvent.click(within(form).getByRole('button', { name: 'Send Message' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('The server is busy.');
    fireEvent.click(within(form).getByRole('button', { name: 'Send Message' }));
    await within(form).findByText('Thank you for your message! We will get back to you soon.');
    answers = [];
    fillContact();
    fireEvent.click(within(form).getByRole('button', { name: 'Send Message' }));
    await within(form).findByRole('button', { name: 'Send Message' });
    await vi.waitFor(() => {
      expect(keysSent(sent, '/functions/v1/contact-message')).toHaveLength(3);
    });
    const [first, retry, next] = keysSent(sent, '/functions/v1/contact-message');
    expect(first).toMatch(KEY);
    expect(retry).toBe(first);
    expect(next).toMatch(KEY);
    expect(next).not.toBe(first);
    expect(queuedForms()).toEqual([]);
  });

  it('the Contact page says a message kept on the phone is saved, not sent', async () => {
    setOnline(false);
    stubApi();
    renderAt('/contact', <ContactForm />);
    const form = screen.getByRole('form', { name: 'Send Us a Message' });
    fireEvent.change(within(form).getByLabelText('Full Name *'), { target: { value: 'Wanjiku' } });
    fireEvent.change(within(form).getByLabelText('Email Address *'), { target: { value: 'wanjiku@example.org' } });
    fireEvent.change(within(form).getByLabelText('Subject *'), { target: { value: 'Visiting' } });
    fireEvent.change(within(form).getByLabelText('Message *'), { target: { value: 'When is the next class?' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send Message' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Saved on your phone. It will be sent when you are back online.');
    expect(queuedForms()).toMatchObject([{ endpoint: 'contact-message', label: 'message to the church office' }]);
  });
});
