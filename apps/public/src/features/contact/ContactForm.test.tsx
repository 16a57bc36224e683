import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../test/api';
import { renderAt } from '../../test/render';
import { CONTACT_THANK_YOU, ContactForm } from './ContactForm';

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
