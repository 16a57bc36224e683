import { useId } from 'react';
import { useContactForm } from '../../components/ui/contact-message';
import { ContactMessageForm } from '../../components/ui/ContactMessageForm';
import { SAVED_ON_PHONE } from '../../lib/deliver';

/** Spec §8 "Contact page submit", shown in the page once the message is stored. */
export const CONTACT_THANK_YOU = 'Thank you for your message! We will get back to you soon.';

/**
 * The contact page's message form: stored for the church office through
 * `POST /functions/v1/contact-message` (spec README point 4), then thanked and cleared.
 */
export function ContactForm() {
  const id = useId();
  const engine = useContactForm(null, true);
  const thanked = engine.state.sent > 0 && engine.state.status === 'idle';
  return (
    <ContactMessageForm engine={engine} className="contact-form" labelledBy={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Send Us a Message</h2>
      {thanked ? (
        <p className="form-success" role="status">
          {engine.state.queued ? SAVED_ON_PHONE : CONTACT_THANK_YOU}
        </p>
      ) : null}
    </ContactMessageForm>
  );
}
