import { provide, t } from '../../i18n';
import { useEmailSimulated } from '../../lib/service-modes';
import { useContactForm, type LeaderRecipient } from './contact-message';
import { ContactMessageForm } from './ContactMessageForm';
import { useDelayedCall } from './FormField';
import { Modal } from './Modal';
import { SuccessNotice } from './SuccessNotice';
import { useQueuedResult } from '../../lib/outbox';
import { contact as contactTexts } from '../../i18n/en/contact';

provide(contactTexts);

export type { LeaderRecipient } from './contact-message';

/** Spec §9 "success modal 2.5 s". */
export const CLOSE_AFTER_SENT_MS = 2500;

function LeaderMessage({ recipient, onClose }: { recipient: LeaderRecipient; onClose: () => void }) {
  const engine = useContactForm(recipient);
  const demo = useEmailSimulated();
  const sent = engine.state.status === 'success';
  // Kept on the phone (no network): the message stays until the visitor closes the modal, or
  // until it has gone out (issue 32), which it then says as a message sent at once does.
  const later = useQueuedResult(sent && engine.state.queued ? engine.state.queuedKey : null);
  const waiting = sent && engine.state.queued && later === null;
  useDelayedCall(sent && !waiting && later?.status !== 'refused', onClose, CLOSE_AFTER_SENT_MS);

  if (later?.status === 'refused') {
    return (
      <div className="form-alert" role="alert">
        <p>{t('layout.savedFormRefused', { label: later.label, message: later.message ?? '' }).trim()}</p>
      </div>
    );
  }
  if (waiting) {
    return (
      <SuccessNotice>
        <h3>{t('contact.messageSaved')}</h3>
        <p>{t('forms.savedOnPhone')}</p>
      </SuccessNotice>
    );
  }
  if (sent) {
    return (
      <SuccessNotice>
        <h3>{t('contact.sentTitle')}</h3>
        <p>{t('contact.sentText', { name: recipient.nameLabel ?? recipient.name })}</p>
      </SuccessNotice>
    );
  }
  const about = [recipient.roleLabel ?? recipient.role, recipient.departmentLabel ?? recipient.department].filter(Boolean).join(', ');
  return (
    <ContactMessageForm engine={engine} className="contact-leader-form">
      <p className="contact-leader-to">
        {t('contact.to')} <strong>{recipient.nameLabel ?? recipient.name}</strong>
        {about ? `, ${about}` : ''}
      </p>
      {/* Spec §8 "Demo notice". */}
      {demo ? (
        <p className="form-note" role="note">
          {t('contact.demoNotice')}
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
  /** Default: "Contact {name}" (in the active language). */
  title?: string;
}) {
  return (
    <Modal open={recipient !== null} onClose={onClose} title={title ?? (recipient ? t('contact.contactName', { name: recipient.nameLabel ?? recipient.name }) : '')} size="medium">
      {recipient ? <LeaderMessage recipient={recipient} onClose={onClose} /> : null}
    </Modal>
  );
}
