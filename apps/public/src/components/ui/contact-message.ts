import type { ContactMessage } from '@kanisa/client';
import { deliver, type Delivery } from '../../lib/deliver';
import { checkContact, requireText, useFormEngine, type FieldErrors } from '../../lib/form';

/** Who a contact form writes to (the Contact page's form has none: the church office). */
export interface LeaderRecipient {
  name: string;
  role?: string;
  department?: string;
}

/** A contact form (spec §3 "Contact message"), plus the honeypot. */
export interface ContactValues {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  website: string;
}

export const emptyContact: ContactValues = { name: '', email: '', phone: '', subject: '', message: '', website: '' };

/** Spec §8 "Contact-a-leader send failure": the default error text. */
export const SEND_FAILED = 'Failed to send message. Please try again.';

/** Spec §5: name, e-mail (e-mail-shaped), subject and message required; phone optional. */
export function validateContact(values: ContactValues): FieldErrors {
  const errors: FieldErrors = {};
  checkContact(errors, values, 'Please enter your name');
  requireText(errors, 'subject', values.subject, 'Please enter a subject');
  requireText(errors, 'message', values.message, 'Please enter your message');
  return errors;
}

/** The body of `POST /functions/v1/contact-message`. */
export function buildContactMessage(values: ContactValues, recipient: LeaderRecipient | null): ContactMessage {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    subject: values.subject.trim(),
    message: values.message.trim(),
    recipientName: recipient?.name ?? '',
    recipientRole: recipient?.role ?? '',
    department: recipient?.department ?? '',
    website: values.website,
  };
}

/** "message to Pastor John", or to the church office for the Contact page's form. */
function labelFor(recipient: LeaderRecipient | null): string {
  return recipient?.name ? `message to ${recipient.name}` : 'message to the church office';
}

/**
 * Sends the message with its idempotency key; without a connection it is kept on the phone and
 * sent later (lib/deliver.ts).
 */
function sendContactMessage(values: ContactValues, recipient: LeaderRecipient | null, idempotencyKey: string): Promise<Delivery> {
  const body = { ...buildContactMessage(values, recipient), idempotencyKey };
  return deliver('contact-message', body, labelFor(recipient));
}

/**
 * A contact form's values, messages and states (spec §4 "Contact-a-leader form"). The Contact
 * page's form is cleared once sent (`resetOnSent`); the leader's modal shows it sent.
 */
export function useContactForm(recipient: LeaderRecipient | null, resetOnSent = false) {
  return useFormEngine({
    initial: emptyContact,
    validate: validateContact,
    send: (values: ContactValues, idempotencyKey: string) => sendContactMessage(values, recipient, idempotencyKey),
    fallback: SEND_FAILED,
    resetOnSent,
  });
}
