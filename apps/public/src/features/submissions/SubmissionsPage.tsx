import { useState } from 'react';
import { Modal } from '../../components/ui/Modal';
import { PageTitle } from '../../components/ui/Page';
import { type MessageKey, provide, t } from '../../i18n';
import { useEmailSimulated } from '../../lib/service-modes';
import { useChurchSettings } from '../../lib/settings';
import { categories, type CategoryInfo } from './categories';
import { RequestForm } from './RequestForm';
import './submissions.css';
import { submissions as submissionsTexts } from '../../i18n/en/submissions';

provide(submissionsTexts);

/** How It Works (catalogue keys). */
const steps: { title: MessageKey; text: MessageKey }[] = [
  { title: 'submissions.chooseCategory', text: 'submissions.chooseCategoryText' },
  { title: 'submissions.fillForm', text: 'submissions.fillFormText' },
  { title: 'submissions.getResponse', text: 'submissions.getResponseText' },
];

/** The request-submission page (spec §2): hero, How It Works, seven categories, Important Information. */
export default function SubmissionsPage() {
  const settings = useChurchSettings();
  const demo = useEmailSimulated();
  // The form lives only while its modal is open: each card opens a fresh one.
  const [open, setOpen] = useState<CategoryInfo | null>(null);
  const close = () => {
    setOpen(null);
  };

  return (
    <div className="submissions-page">
      <PageTitle title={t('submissions.pageTitle')} />
      <header className="submissions-hero">
        <h1>{t('submissions.heading')}</h1>
        <p>{t('submissions.intro', { name: settings.name })}</p>
      </header>

      <div className="submissions-wrap">
        {demo ? (
          <p className="form-note submissions-demo" role="note">
            {/* Spec §8 "Request demo banner". */}
            {t('submissions.demoBanner')}
          </p>
        ) : null}

        <section className="submissions-section" aria-labelledby="how-heading">
          <h2 id="how-heading">{t('submissions.howItWorks')}</h2>
          <ol className="how-steps">
            {steps.map((step, index) => (
              <li key={step.title}>
                <span className="how-number" aria-hidden="true">
                  {index + 1}
                </span>
                <h3>{t(step.title)}</h3>
                <p>{t(step.text)}</p>
              </li>
            ))}
          </ol>
        </section>

        <section className="submissions-section" aria-labelledby="categories-heading">
          <h2 id="categories-heading">{t('submissions.chooseCategory')}</h2>
          <ul className="category-grid">
            {categories.map((category) => (
              <li key={category.id} className={`category-card category-${category.id}`}>
                <h3>{t(category.title)}</h3>
                <p>{t(category.summary)}</p>
                <button
                  type="button"
                  className="button"
                  aria-label={t('submissions.startRequestFor', { title: t(category.title) })}
                  onClick={() => {
                    setOpen(category);
                  }}
                >
                  {t('submissions.startRequest')}
                </button>
              </li>
            ))}
          </ul>
        </section>

        <section className="submissions-section important-info" aria-labelledby="important-heading">
          <h2 id="important-heading">{t('submissions.importantInformation')}</h2>
          <ul>
            <li>
              <strong>{t('submissions.privacyLabel')}</strong> {t('submissions.privacyText')}
            </li>
            <li>
              <strong>{t('submissions.responseTimeLabel')}</strong> {t('submissions.responseTimeText')}
            </li>
            <li>
              <strong>{t('submissions.urgentLabel')}</strong> {t('submissions.urgentCall')}
              {settings.phone ? (
                <>
                  {' '}
                  {t('submissions.urgentOn')} <a href={`tel:${settings.phone.replace(/\s+/g, '')}`}>{settings.phone}</a>
                </>
              ) : null}{' '}
              {t('submissions.urgentInstead')}
            </li>
          </ul>
        </section>
      </div>

      <Modal open={open !== null} onClose={close} title={open ? t(open.title) : ''} size="large">
        {open ? <RequestForm category={open} onCancel={close} onDone={close} /> : null}
      </Modal>
    </div>
  );
}
