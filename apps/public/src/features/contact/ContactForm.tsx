import { useId } from 'react';
import { useContactForm } from '../../components/ui/contact-message';
import { ContactMessageForm } from '../../components/ui/ContactMessageForm';
import { SuccessNotice } from '../../components/ui/SuccessNotice';
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
  return (
    <ContactMessageForm engine={engine} className="contact-form" labelledBy={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('contact.sendUsMessage')}</h2>
      {thanked ? (
        <SuccessNotice>
          {/* Spec §8 "Contact page submit", shown in the page once the message is stored. */}
          <p>{engine.state.queued ? t('forms.savedOnPhone') : t('contact.thankYou')}</p>
        </SuccessNotice>
      ) : null}
    </ContactMessageForm>
  );
}
