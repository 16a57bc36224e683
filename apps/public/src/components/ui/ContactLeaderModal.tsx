import { useChurchSettings } from '../../lib/settings';
import { Modal } from './Modal';

export interface LeaderRecipient {
  name: string;
  role?: string;
  department?: string;
}

/**
 * Placeholder for the contact-a-leader form, which comes with the requests issue: it names the
 * recipient, says the form is on its way, and gives the church office's phone and e-mail
 * (from System Settings) meanwhile.
 */
export function ContactLeaderModal({ recipient, onClose }: { recipient: LeaderRecipient | null; onClose: () => void }) {
  const settings = useChurchSettings();
  const about = recipient ? [recipient.role, recipient.department].filter(Boolean).join(', ') : '';
  return (
    <Modal open={recipient !== null} onClose={onClose} title={recipient ? `Contact ${recipient.name}` : ''} size="small">
      {recipient ? (
        <div className="contact-leader-placeholder">
          {about ? <p className="contact-leader-role">{about}</p> : null}
          <p>Sending a message to a leader from this page is coming soon.</p>
          <p>Meanwhile, the church office will pass your message on:</p>
          <ul className="contact-leader-office">
            {settings.phone ? (
              <li>
                Phone: <a href={`tel:${settings.phone.replace(/\s+/g, '')}`}>{settings.phone}</a>
              </li>
            ) : null}
            {settings.email ? (
              <li>
                Email: <a href={`mailto:${settings.email}`}>{settings.email}</a>
              </li>
            ) : null}
            {!settings.phone && !settings.email ? <li>Visit or call the church office during office hours.</li> : null}
          </ul>
        </div>
      ) : null}
    </Modal>
  );
}
