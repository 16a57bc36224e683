import { SAVED_ON_PHONE } from '../../lib/deliver';
import { useEmailSimulated } from '../../lib/service-modes';
import { useContactForm, type LeaderRecipient } from './contact-message';
import { ContactMessageForm } from './ContactMessageForm';
import { useDelayedCall } from './FormField';
import { Modal } from './Modal';

export type { LeaderRecipient } from './contact-message';

/** Spec §8 "Demo notice". */
export const DEMO_NOTICE = 'Email functionality is not configured. Messages will be logged but not sent.';

/** Spec §9 "success modal 2.5 s". */
export const CLOSE_AFTER_SENT_MS = 2500;

function LeaderMessage({ recipient, onClose }: { recipient: LeaderRecipient; onClose: () => void }) {
  const engine = useContactForm(recipient);
  const demo = useEmailSimulated();
  const sent = engine.state.status === 'success';
  // Kept on the phone (no network): the message stays until the visitor closes the modal.
  useDelayedCall(sent && !engine.state.queued, onClose, CLOSE_AFTER_SENT_MS);

  if (sent && engine.state.queued) {
    return (
      <div className="form-success" role="status">
        <h3>Message Saved</h3>
        <p>{SAVED_ON_PHONE}</p>
      </div>
    );
  }
  if (sent) {
    return (
      <div className="form-success" role="status">
        <h3>Message Sent Successfully</h3>
        <p>Your message has been sent to {recipient.name}. They will reply to you by email.</p>
      </div>
    );
  }
  const about = [recipient.role, recipient.department].filter(Boolean).join(', ');
  return (
    <ContactMessageForm engine={engine} className="contact-leader-form">
      <p className="contact-leader-to">
        To: <strong>{recipient.name}</strong>
        {about ? `, ${about}` : ''}
      </p>
      {demo ? (
        <p className="form-note" role="note">
          {DEMO_NOTICE}
        </p>
      ) : null}
    </ContactMessageForm>
  );
}

/**
 * The contact-a-leader form in a modal (spec §2 Home, About, Ministries; Departments' Send
 * Message): the message goes to the recipient through `POST /functions/v1/contact-message`.
 * On success it says so and closes after 2.5 s.
 */
export function ContactLeaderModal({
  recipient,
  onClose,
  title,
}: {
  recipient: LeaderRecipient | null;
  onClose: () => void;
  /** Default: "Contact {name}". */
  title?: string;
}) {
  return (
    <Modal open={recipient !== null} onClose={onClose} title={title ?? (recipient ? `Contact ${recipient.name}` : '')} size="medium">
      {recipient ? <LeaderMessage recipient={recipient} onClose={onClose} /> : null}
    </Modal>
  );
}
