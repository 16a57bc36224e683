import { useState } from 'react';
import { PageTitle } from '../../components/ui/Page';
import { localized, type MessageKey, provide, t } from '../../i18n';
import { useDataSaver } from '../../lib/data-saver';
import { scheduleWords } from '../../lib/schedule-words';
import { serviceName, serviceWhen, useChurchSettings, type OfficeHours } from '../../lib/settings';
import { ContactForm } from './ContactForm';
import './contact.css';
import { contact as contactTexts } from '../../i18n/en/contact';

/** Office hours as the visitor reads them: staff's Kiswahili when given, else the catalogue's words. */
function officeWords(entry: OfficeHours, field: 'days' | 'hours'): string {
  const shown = localized(entry, field);
  return shown !== entry[field] ? shown : scheduleWords(entry[field]);
}

provide(contactTexts);

/** The six FAQ items: question and answer keys (the first answer names the service times). */
const faqs: { q: MessageKey; a: MessageKey }[] = [
  { q: 'contact.faqTimesQ', a: 'contact.faqTimesA' },
  { q: 'contact.faqWearQ', a: 'contact.faqWearA' },
  { q: 'contact.faqChildrenQ', a: 'contact.faqChildrenA' },
  { q: 'contact.faqSaturdayQ', a: 'contact.faqSaturdayA' },
  { q: 'contact.faqParkingQ', a: 'contact.faqParkingA' },
  { q: 'contact.faqMemberQ', a: 'contact.faqMemberA' },
];

function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export default function ContactPage() {
  const s = useChurchSettings();
  // The embedded map is the page's heaviest part: in data-saver mode it loads only when asked.
  const saving = useDataSaver();
  const [mapAsked, setMapAsked] = useState(false);
  const times = s.serviceTimes.map((service) => `${serviceName(service)} ${serviceWhen(service)}`).join('; ');
  return (
    <div className="contact-page">
      <PageTitle title={t('contact.title')} />
      <div className="page-hero">
        <h1>{t('contact.heroTitle')}</h1>
        <p>{t('contact.heroText')}</p>
      </div>

      <section className="section" aria-label={t('contact.quickContact')}>
        <ul className="quick-tiles">
          <li>
            <span className="tile-title">{t('contact.callUs')}</span>
            {s.phone ? <a href={telHref(s.phone)}>{s.phone}</a> : <span>{t('contact.churchOffice')}</span>}
          </li>
          <li>
            <span className="tile-title">{t('contact.emailUs')}</span>
            {s.email ? <a href={`mailto:${s.email}`}>{s.email}</a> : <span>{t('contact.sendMessageBelow')}</span>}
          </li>
          <li>
            <span className="tile-title">{t('contact.visitUs')}</span>
            {s.mapsUrl ? (
              <a href={s.mapsUrl} target="_blank" rel="noopener noreferrer">
                {s.address ?? t('contact.findOnMap')}
              </a>
            ) : (
              <span>{s.address ?? t('contact.seeMapBelow')}</span>
            )}
          </li>
          <li>
            <span className="tile-title">{t('contact.worshipWithUs')}</span>
            <span>
              {s.serviceTimes[1] ? `${serviceName(s.serviceTimes[1])}, ${serviceWhen(s.serviceTimes[1])}` : ''}
            </span>
          </li>
        </ul>
      </section>

      <section className="section contact-columns">
        <div className="contact-details">
          <h2>{t('contact.getInTouch')}</h2>
          <div className="detail-block">
            <h3>{t('contact.address')}</h3>
            <address className="plain-address">
              {s.address ? <span>{s.address}</span> : null}
              {s.postalAddress ? <span>{s.postalAddress}</span> : null}
              {!s.address && !s.postalAddress ? (
                <span>{s.status === 'loading' ? t('contact.loading') : t('contact.directionsFallback')}</span>
              ) : null}
            </address>
          </div>
          <div className="detail-block">
            <h3>{t('contact.phone')}</h3>
            {s.phone ? <a href={telHref(s.phone)}>{s.phone}</a> : <p>{t('contact.notAvailable')}</p>}
          </div>
          <div className="detail-block">
            <h3>{t('contact.email')}</h3>
            <ul className="plain-list">
              {[s.email, s.emailSecondary].filter((e): e is string => Boolean(e)).map((email) => (
                <li key={email}>
                  <a href={`mailto:${email}`}>{email}</a>
                </li>
              ))}
            </ul>
          </div>
          <div className="detail-block">
            <h3>{t('contact.officeHours')}</h3>
            <ul className="plain-list hours-list">
              {s.officeHours.map((entry) => (
                <li key={entry.days}>
                  <span>{officeWords(entry, 'days')}</span>
                  <span>{officeWords(entry, 'hours')}</span>
                </li>
              ))}
            </ul>
          </div>
          <div className="detail-block">
            <h3>{t('contact.serviceTimes')}</h3>
            <ul className="plain-list hours-list">
              {s.serviceTimes.map((service) => (
                <li key={service.name}>
                  <span>{serviceName(service)}</span>
                  <span>{serviceWhen(service)}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
        <div className="card form-card">
          <ContactForm />
        </div>
      </section>

      <section className="section section-soft" aria-labelledby="map-heading">
        <h2 id="map-heading">{t('contact.findUs')}</h2>
        {s.mapEmbedUrl && saving && !mapAsked ? (
          <p className="status-message map-saver">
            {t('contact.mapSaver')}{' '}
            <button
              type="button"
              className="button button-outline"
              onClick={() => {
                setMapAsked(true);
              }}
            >
              {t('contact.showMap')}
            </button>
          </p>
        ) : s.mapEmbedUrl ? (
          <iframe
            className="map-embed"
            src={s.mapEmbedUrl}
            title={t('contact.mapTitle', { name: s.name })}
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
          />
        ) : (
          <p className="status-message">{s.status === 'loading' ? t('contact.loadingMap') : t('contact.mapUnavailable')}</p>
        )}
        <div className="link-buttons map-links">
          {s.mapsUrl ? (
            <a href={s.mapsUrl} target="_blank" rel="noopener noreferrer" className="button">
              {t('contact.viewOnMaps')}
            </a>
          ) : null}
          {s.directionsUrl ? (
            <a href={s.directionsUrl} target="_blank" rel="noopener noreferrer" className="button button-outline">
              {t('contact.getDirections')}
            </a>
          ) : null}
        </div>
      </section>

      <section className="section" aria-labelledby="getting-here-heading">
        <h2 id="getting-here-heading">{t('contact.gettingHere')}</h2>
        <div className="card-grid">
          <article className="card">
            <h3>{t('contact.byCar')}</h3>
            <p>{t('contact.byCarText', { place: s.address ?? t('contact.theChurch') })}</p>
          </article>
          <article className="card">
            <h3>{t('contact.byPublicTransport')}</h3>
            <p>{t('contact.byPublicTransportText')}</p>
          </article>
          <article className="card">
            <h3>{t('contact.walking')}</h3>
            <p>{t('contact.walkingText')}</p>
          </article>
        </div>
      </section>

      <section className="section section-soft" aria-labelledby="faq-heading">
        <h2 id="faq-heading">{t('contact.faqTitle')}</h2>
        <div className="faq">
          {faqs.map((faq) => (
            <details key={faq.q}>
              <summary>{t(faq.q)}</summary>
              <p>{t(faq.a, { times })}</p>
            </details>
          ))}
        </div>
      </section>
    </div>
  );
}
