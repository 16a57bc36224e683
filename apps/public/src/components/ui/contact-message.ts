import type { ContactMessage } from '@kanisa/client';
import { provide, t } from '../../i18n';
import { deliver, type Delivery } from '../../lib/deliver';
import { checkContact, requireText, useFormEngine, type FieldErrors } from '../../lib/form';
import type { SiteClient } from '../../lib/site-data';
import { contact as contactTexts } from '../../i18n/en/contact';

provide(contactTexts);

/** Who a contact form writes to (the Contact page's form has none: the church office). */
export interface LeaderRecipient {
  /** Sent to the church office as the recipient's name. */
  name: string;
  /** How the name is shown to the visitor, when it holds UI text (a title) in their language; default `name`. */
  nameLabel?: string;
  /** Sent to the church office as the recipient's role (as staff wrote it, or English). */
  role?: string;
  /** How the role is shown to the visitor, when it is UI text in their language; default `role`. */
  roleLabel?: string;
  /** Sent to the church office as the department's name (English, as the office files it). */
  department?: string;
  /** How the department is shown to the visitor, in their language; default `department`. */
  departmentLabel?: string;
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

/**
 * Spec §5: name, e-mail (e-mail-shaped), subject and message required; phone optional. The
 * messages are in the active language.
 */
export function validateContact(values: ContactValues): FieldErrors {
  const errors: FieldErrors = {};
  checkContact(errors, values, t('contact.enterName'));
  requireText(errors, 'subject', values.subject, t('contact.enterSubject'));
  requireText(errors, 'message', values.message, t('contact.enterMessage'));
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

/** "message to Pastor John", or to the church office for the Contact page's form (in the active language). */
function labelFor(recipient: LeaderRecipient | null): string {
  return recipient?.name ? t('contact.queuedTo', { name: recipient.nameLabel ?? recipient.name }) : t('contact.queuedToOffice');
}

/**
 * Sends the message with its idempotency key; without a connection it is kept on the phone and
 * sent later (lib/deliver.ts).
 */
function sendContactMessage(client: SiteClient, values: ContactValues, recipient: LeaderRecipient | null, idempotencyKey: string): Promise<Delivery> {
  const body = { ...buildContactMessage(values, recipient), idempotencyKey };
  return deliver(client, 'contact-message', body, labelFor(recipient));
}

/**
 * A contact form's values, messages and states (spec §4 "Contact-a-leader form"). The Contact
 * page's form is cleared once sent (`resetOnSent`); the leader's modal shows it sent.
 */
export function useContactForm(recipient: LeaderRecipient | null, resetOnSent = false) {
  return useFormEngine({
    initial: emptyContact,
    validate: validateContact,
    send: (client: SiteClient, values: ContactValues, idempotencyKey: string) => sendContactMessage(client, values, recipient, idempotencyKey),
    // Spec §8 "Contact-a-leader send failure": the default error text.
    fallback: t('contact.sendFailed'),
    resetOnSent,
  });
}
