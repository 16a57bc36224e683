import { useId } from 'react';
import { useContactForm } from '../../components/ui/contact-message';
import { ContactMessageForm } from '../../components/ui/ContactMessageForm';
import { SuccessNotice } from '../../components/ui/SuccessNotice';
import { useQueuedResult } from '../../lib/outbox';
import { provide, t } from '../../i18n';
import { contact as contactTexts } from '../../i18n/en/contact';

provide(contactTexts);

/**
 * The contact page's message form: stored for the church office through
 * `POST /functions/v1/contact-message` (spec README point 4), then thanked and cleared.
 */
export function ContactForm() {
  const id = useId();
  const engine = useContactForm(null, true);
  const thanked = engine.state.sent > 0 && engine.state.status === 'idle';
  // Kept on the phone, then sent when the connection returned (issue 32): thanked as if at once.
  const later = useQueuedResult(thanked && engine.state.queued ? engine.state.queuedKey : null);
  const waiting = engine.state.queued && later === null;
  return (
    <ContactMessageForm engine={engine} className="contact-form" labelledBy={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('contact.sendUsMessage')}</h2>
      {thanked ? (
        <SuccessNotice>
          {/* Spec §8 "Contact page submit", shown in the page once the message is stored. */}
          <p>
            {waiting
              ? t('forms.savedOnPhone')
              : later?.status === 'refused'
                ? t('layout.savedFormRefused', { label: later.label, message: later.message ?? '' }).trim()
                : t('contact.thankYou')}
          </p>
        </SuccessNotice>
      ) : null}
    </ContactMessageForm>
  );
}
