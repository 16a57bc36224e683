import { useState } from 'react';
import { PageTitle } from '../../components/ui/Page';
import { useDataSaver } from '../../lib/data-saver';
import { useChurchSettings } from '../../lib/settings';
import { ContactForm } from './ContactForm';
import './contact.css';

const faqs = [
  {
    q: 'What time are your services?',
    a: (times: string) => `Our regular meetings are: ${times}. Everyone is welcome.`,
  },
  {
    q: 'What should I wear?',
    a: () => 'Come as you are. Many members dress modestly in their Sabbath best, but what matters most is that you come.',
  },
  {
    q: 'Is there something for children?',
    a: () => 'Yes. Sabbath School has classes for every age, from babies to teens, and the Adventurer and Pathfinder clubs meet during the week.',
  },
  {
    q: 'Why do you worship on Saturday?',
    a: () => 'We keep the seventh-day Sabbath, from Friday sunset to Saturday sunset, as the Bible\'s day of rest and worship (Exodus 20:8-11).',
  },
  {
    q: 'Is there parking?',
    a: () => 'Yes, there is free on-site parking, and ushers help direct cars on Sabbath mornings.',
  },
  {
    q: 'How can I become a member?',
    a: () => 'Talk to the pastor or any elder after the service, or send us a message. Baptismal classes start several times a year.',
  },
];

function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export default function ContactPage() {
  const s = useChurchSettings();
  // The embedded map is the page's heaviest part: in data-saver mode it loads only when asked.
  const saving = useDataSaver();
  const [mapAsked, setMapAsked] = useState(false);
  const times = s.serviceTimes.map((service) => `${service.name} ${service.day} ${service.time}`).join('; ');
  return (
    <div className="contact-page">
      <PageTitle title="Contact" />
      <div className="page-hero">
        <h1>Contact Us</h1>
        <p>We would love to hear from you. Call, write or visit: the church office is glad to help.</p>
      </div>

      <section className="section" aria-label="Quick contact">
        <ul className="quick-tiles">
          <li>
            <span className="tile-title">Call Us</span>
            {s.phone ? <a href={telHref(s.phone)}>{s.phone}</a> : <span>Church office</span>}
          </li>
          <li>
            <span className="tile-title">Email Us</span>
            {s.email ? <a href={`mailto:${s.email}`}>{s.email}</a> : <span>Send a message below</span>}
          </li>
          <li>
            <span className="tile-title">Visit Us</span>
            {s.mapsUrl ? (
              <a href={s.mapsUrl} target="_blank" rel="noopener noreferrer">
                {s.address ?? 'Find us on the map'}
              </a>
            ) : (
              <span>{s.address ?? 'See the map below'}</span>
            )}
          </li>
          <li>
            <span className="tile-title">Worship With Us</span>
            <span>
              {s.serviceTimes[1] ? `${s.serviceTimes[1].name}, ${s.serviceTimes[1].day} ${s.serviceTimes[1].time}` : ''}
            </span>
          </li>
        </ul>
      </section>

      <section className="section contact-columns">
        <div className="contact-details">
          <h2>Get in Touch</h2>
          <div className="detail-block">
            <h3>Address</h3>
            <address className="plain-address">
              {s.address ? <span>{s.address}</span> : null}
              {s.postalAddress ? <span>{s.postalAddress}</span> : null}
              {!s.address && !s.postalAddress ? (
                <span>{s.status === 'loading' ? 'Loading…' : 'Please call or write to the church office for directions.'}</span>
              ) : null}
            </address>
          </div>
          <div className="detail-block">
            <h3>Phone</h3>
            {s.phone ? <a href={telHref(s.phone)}>{s.phone}</a> : <p>Not available yet</p>}
          </div>
          <div className="detail-block">
            <h3>Email</h3>
            <ul className="plain-list">
              {[s.email, s.emailSecondary].filter((e): e is string => Boolean(e)).map((email) => (
                <li key={email}>
                  <a href={`mailto:${email}`}>{email}</a>
                </li>
              ))}
            </ul>
          </div>
          <div className="detail-block">
            <h3>Office Hours</h3>
            <ul className="plain-list hours-list">
              {s.officeHours.map((entry) => (
                <li key={entry.days}>
                  <span>{entry.days}</span>
                  <span>{entry.hours}</span>
                </li>
              ))}
            </ul>
          </div>
          <div className="detail-block">
            <h3>Service Times</h3>
            <ul className="plain-list hours-list">
              {s.serviceTimes.map((service) => (
                <li key={service.name}>
                  <span>{service.name}</span>
                  <span>
                    {service.day} {service.time}
                  </span>
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
        <h2 id="map-heading">Find Us</h2>
        {s.mapEmbedUrl && saving && !mapAsked ? (
          <p className="status-message map-saver">
            The map is not loaded in data-saver mode.{' '}
            <button
              type="button"
              className="button button-outline"
              onClick={() => {
                setMapAsked(true);
              }}
            >
              Show map
            </button>
          </p>
        ) : s.mapEmbedUrl ? (
          <iframe
            className="map-embed"
            src={s.mapEmbedUrl}
            title={`Map showing ${s.name}`}
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
          />
        ) : (
          <p className="status-message">{s.status === 'loading' ? 'Loading map…' : 'The map is not available yet.'}</p>
        )}
        <div className="link-buttons map-links">
          {s.mapsUrl ? (
            <a href={s.mapsUrl} target="_blank" rel="noopener noreferrer" className="button">
              View on Maps
            </a>
          ) : null}
          {s.directionsUrl ? (
            <a href={s.directionsUrl} target="_blank" rel="noopener noreferrer" className="button button-outline">
              Get Directions
            </a>
          ) : null}
        </div>
      </section>

      <section className="section" aria-labelledby="getting-here-heading">
        <h2 id="getting-here-heading">Getting Here</h2>
        <div className="card-grid">
          <article className="card">
            <h3>By Car</h3>
            <p>Follow the signs to {s.address ?? 'the church'}. Free parking is available on the church grounds.</p>
          </article>
          <article className="card">
            <h3>By Public Transport</h3>
            <p>Matatus and boda bodas stop close to the church; ask for the Seventh-day Adventist church stop.</p>
          </article>
          <article className="card">
            <h3>Walking</h3>
            <p>The church is a short walk from the town centre along well-lit pavements.</p>
          </article>
        </div>
      </section>

      <section className="section section-soft" aria-labelledby="faq-heading">
        <h2 id="faq-heading">Frequently Asked Questions</h2>
        <div className="faq">
          {faqs.map((faq) => (
            <details key={faq.q}>
              <summary>{faq.q}</summary>
              <p>{faq.a(times)}</p>
            </details>
          ))}
        </div>
      </section>
    </div>
  );
}
