import { useState } from 'react';
import { Modal } from '../../components/ui/Modal';
import { PageTitle } from '../../components/ui/Page';
import { useEmailSimulated } from '../../lib/service-modes';
import { useChurchSettings } from '../../lib/settings';
import { categories, type CategoryInfo } from './categories';
import { RequestForm } from './RequestForm';
import './submissions.css';

/** Spec §8 "Request demo banner". */
export const DEMO_BANNER = 'Demo Mode: Email service not configured. Submissions will be logged but not sent.';

const steps = [
  { title: 'Choose a Category', text: 'Pick the kind of request below: prayer, a visit, a report, counseling, an event, maintenance or anything else.' },
  { title: 'Fill the Form', text: 'Tell us what you need. You may submit prayer and other requests anonymously.' },
  { title: 'Get a Response', text: 'The right leader receives it and responds within 24-48 hours.' },
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
      <PageTitle title="Submissions" />
      <header className="submissions-hero">
        <h1>Submit a Request</h1>
        <p>
          Prayer, a pastoral visit, a department report, counseling, an event proposal or a maintenance issue: send it to the
          leadership of {settings.name} here.
        </p>
      </header>

      <div className="submissions-wrap">
        {demo ? (
          <p className="form-note submissions-demo" role="note">
            {DEMO_BANNER}
          </p>
        ) : null}

        <section className="submissions-section" aria-labelledby="how-heading">
          <h2 id="how-heading">How It Works</h2>
          <ol className="how-steps">
            {steps.map((step, index) => (
              <li key={step.title}>
                <span className="how-number" aria-hidden="true">
                  {index + 1}
                </span>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </section>

        <section className="submissions-section" aria-labelledby="categories-heading">
          <h2 id="categories-heading">Choose a Category</h2>
          <ul className="category-grid">
            {categories.map((category) => (
              <li key={category.id} className={`category-card category-${category.id}`}>
                <h3>{category.title}</h3>
                <p>{category.summary}</p>
                <button
                  type="button"
                  className="button"
                  aria-label={`Start Request: ${category.title}`}
                  onClick={() => {
                    setOpen(category);
                  }}
                >
                  Start Request
                </button>
              </li>
            ))}
          </ul>
        </section>

        <section className="submissions-section important-info" aria-labelledby="important-heading">
          <h2 id="important-heading">Important Information</h2>
          <ul>
            <li>
              <strong>Privacy and confidentiality:</strong> your request is read only by the leaders who handle it, and kept
              confidential. Private prayer requests go to the pastor and the prayer team only.
            </li>
            <li>
              <strong>Response time:</strong> we respond within 24-48 hours.
            </li>
            <li>
              <strong>Urgent matters:</strong> please call the church office
              {settings.phone ? (
                <>
                  {' '}
                  on <a href={`tel:${settings.phone.replace(/\s+/g, '')}`}>{settings.phone}</a>
                </>
              ) : null}{' '}
              instead of using these forms.
            </li>
          </ul>
        </section>
      </div>

      <Modal open={open !== null} onClose={close} title={open?.title ?? ''} size="large">
        {open ? <RequestForm category={open} onCancel={close} onDone={close} /> : null}
      </Modal>
    </div>
  );
}
