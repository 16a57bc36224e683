import { lazy, Suspense, useEffect, useState } from 'react';
import { useDataSaver } from '../../lib/data-saver';
import { Link } from '../../lib/router';
import type { InfoModalContent } from '../../components/ui/InfoModal';
import { eventTimeLabel, relativeDateLabel } from '../../lib/relative-date';
import { useChurchSettings } from '../../lib/settings';
import { dailyVerseQuery, fallbackVerse, useDailyVerse } from './api/daily-verse';
import { defaultAnnouncement, useFeaturedAnnouncement, type FeaturedAnnouncement } from './api/featured-announcement';
import { useUpcomingEvents } from './api/upcoming-events';
import { msUntilNairobiMidnight, verseIndex } from './api/nairobi-date';
import { queryClient } from '../../lib/query-client';
import './home.css';

// The modals' code loads when first opened, not with the page.
const InfoModal = lazy(() => import('../../components/ui/InfoModal').then((m) => ({ default: m.InfoModal })));
const ContactLeaderModal = lazy(() => import('../../components/ui/ContactLeaderModal').then((m) => ({ default: m.ContactLeaderModal })));

/** "08:30" / "08:30:00" → "8:30 AM". */
export function timeOfDay(value: string): string {
  const [h, m] = value.split(':').map(Number);
  if (h === undefined || Number.isNaN(h)) return value;
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${String(hour12)}:${String(m ?? 0).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

function announcementTime(a: FeaturedAnnouncement): string {
  return `${timeOfDay(a.start_time)} - ${timeOfDay(a.end_time)}`;
}

function FeaturedAnnouncementCard() {
  const { data, isPending } = useFeaturedAnnouncement();
  // No current announcement, or the read failed: the default invitation (spec §8, §9).
  const announcement = data ?? defaultAnnouncement;
  return (
    <article className="card featured-card" aria-labelledby="featured-title" aria-busy={isPending}>
      <p className="card-kicker">Featured Announcement</p>
      <h3 id="featured-title">{isPending ? 'Loading announcement…' : announcement.title}</h3>
      {isPending ? null : (
        <>
          <p className="featured-time">
            {announcement.start_date ? `${relativeDateLabel(announcement.start_date)} · ` : ''}
            {announcementTime(announcement)}
          </p>
          <p className="clamp-3">{announcement.content}</p>
        </>
      )}
      <Link to="/announcements" className="button">
        Learn More
      </Link>
    </article>
  );
}

/** Our Story and Community Impact; their pictures are decoration, left out in data-saver mode. */
function InfoCards() {
  const saving = useDataSaver();
  return (
    <>
      <article className={saving ? 'card' : 'card image-card'}>
        {saving ? null : (
          <img
            src="/images/card-story-480.webp"
            srcSet="/images/card-story-480.webp 480w, /images/card-story-960.webp 960w"
            sizes="(min-width: 1024px) 30vw, (min-width: 768px) 45vw, 100vw"
            alt=""
            width={480}
            height={320}
            loading="lazy"
            decoding="async"
          />
        )}
        <div className="card-body">
          <h3>Our Story</h3>
          <p>From a small gathering of believers to a family of congregations: learn how God has led us, and what we believe.</p>
          <Link to="/about" className="button button-outline">
            Our Story
          </Link>
        </div>
      </article>
      <article className={saving ? 'card' : 'card image-card'}>
        {saving ? null : (
          <img
            src="/images/card-community-480.webp"
            srcSet="/images/card-community-480.webp 480w, /images/card-community-960.webp 960w"
            sizes="(min-width: 1024px) 30vw, (min-width: 768px) 45vw, 100vw"
            alt=""
            width={480}
            height={320}
            loading="lazy"
            decoding="async"
          />
        )}
        <div className="card-body">
          <h3>Community Impact</h3>
          <p>Youth, women, men, children, music and outreach: find a ministry where you can grow and serve others.</p>
          <Link to="/ministries" className="button button-outline">
            Explore Ministries
          </Link>
        </div>
      </article>
    </>
  );
}

function ConnectWithUs() {
  const settings = useChurchSettings();
  const [messaging, setMessaging] = useState(false);
  const pastor = { name: settings.pastorName ?? 'Senior Pastor', role: 'Senior Pastor' };
  return (
    <section className="home-section" aria-labelledby="connect-heading">
      <h2 id="connect-heading">Connect With Us</h2>
      <div className="card-grid">
        <article className="card">
          <h3>Service Times</h3>
          <ul className="plain-list service-list">
            {settings.serviceTimes.map((service) => (
              <li key={service.name}>
                <strong>{service.name}</strong>
                <span>
                  {service.day} {service.time}
                </span>
              </li>
            ))}
          </ul>
        </article>
        <article className="card">
          <h3>Our Location</h3>
          <address className="plain-address">
            {settings.address ? <span>{settings.address}</span> : null}
            {settings.postalAddress ? <span>{settings.postalAddress}</span> : null}
          </address>
          <ul className="check-list">
            <li>Easy to find</li>
            <li>On-site parking</li>
            <li>Public transport nearby</li>
          </ul>
          <div className="link-row">
            {settings.mapsUrl ? (
              <a href={settings.mapsUrl} target="_blank" rel="noopener noreferrer">
                View on Maps
              </a>
            ) : null}
            {settings.directionsUrl ? (
              <a href={settings.directionsUrl} target="_blank" rel="noopener noreferrer">
                Directions
              </a>
            ) : null}
          </div>
        </article>
        <article className="card">
          <h3>Our Community</h3>
          <ul className="check-list">
            <li>Welcomes people of all backgrounds</li>
            <li>A spiritual focus on Christ and His word</li>
            <li>Strong bonds of fellowship</li>
            <li>Active outreach in our town</li>
          </ul>
        </article>
      </div>
      <div className="contact-leader-cta">
        <p>A question, a prayer need, or a word for our pastor? Write to us and we will reply by e-mail.</p>
        <button
          type="button"
          className="button"
          onClick={() => {
            setMessaging(true);
          }}
        >
          Message the Pastor
        </button>
      </div>
      {messaging ? (
        <Suspense fallback={null}>
          <ContactLeaderModal
            recipient={pastor}
            onClose={() => {
              setMessaging(false);
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

/** The current Nairobi day's verse index, updated at midnight Nairobi time. */
function useVerseIndex(): number {
  const [index, setIndex] = useState(() => verseIndex());
  useEffect(() => {
    const timer = window.setTimeout(() => {
      setIndex(verseIndex());
    }, msUntilNairobiMidnight() + 1000);
    return () => {
      window.clearTimeout(timer);
    };
  }, [index]);
  return index;
}

function TodaysVerse() {
  const index = useVerseIndex();
  const { data, isPending, isError } = useDailyVerse(index);
  const saving = useDataSaver();
  useEffect(() => {
    // Tomorrow's verse is fetched ahead, so midnight does not wait for the network (not in
    // data-saver mode: most visitors are gone by midnight).
    if (saving) return;
    queryClient.query(dailyVerseQuery((index + 1) % 33)).catch(() => undefined);
  }, [index, saving]);
  const verse = data ?? (isError || data === null ? fallbackVerse : null);
  return (
    <section className="home-section verse-section" aria-labelledby="verse-heading">
      <h2 id="verse-heading">Today&apos;s Verse</h2>
      <p className="verse-note">A new verse every day; it changes daily at midnight.</p>
      {isPending && !verse ? (
        <p role="status">Loading today&apos;s verse…</p>
      ) : verse ? (
        <figure className="verse daily-verse" data-day-index={index}>
          <blockquote>
            <p>{verse.text}</p>
          </blockquote>
          <figcaption>
            {verse.reference} ({verse.translation})
          </figcaption>
          {verse.reflection ? <p className="verse-reflection">{verse.reflection}</p> : null}
        </figure>
      ) : null}
    </section>
  );
}

interface HomeEventCard {
  key: string;
  title: string;
  dateLabel: string;
  timeLabel: string;
  location: string;
  description: string;
}

/** When there are no upcoming events (or the read fails): spec §9. */
export const defaultEvents: HomeEventCard[] = [
  {
    key: 'sabbath',
    title: 'Sabbath Service',
    dateLabel: 'This Saturday',
    timeLabel: '9:00 AM - 1:00 PM',
    location: 'Main Sanctuary',
    description: 'Join us for this special event',
  },
  {
    key: 'prayer',
    title: 'Prayer Meeting',
    dateLabel: 'Next Wednesday',
    timeLabel: '6:00 PM - 8:00 PM',
    location: 'Main Sanctuary',
    description: 'Join us for this special event',
  },
  {
    key: 'youth',
    title: 'Youth Meeting',
    dateLabel: 'Next Friday',
    timeLabel: '6:00 PM - 8:00 PM',
    location: 'Youth Hall',
    description: 'Join us for this special event',
  },
];

function UpcomingEvents() {
  const { data, isPending } = useUpcomingEvents();
  const [info, setInfo] = useState<InfoModalContent | null>(null);
  const cards: HomeEventCard[] = data?.length
    ? data.map((event) => ({
        key: event.id,
        title: event.title,
        dateLabel: relativeDateLabel(event.start_date),
        timeLabel: eventTimeLabel(event.start_date, event.end_date),
        location: event.location ?? 'Main Sanctuary',
        description: event.description ?? 'Join us for this special event',
      }))
    : defaultEvents;
  return (
    <section className="home-section" aria-labelledby="events-heading">
      <h2 id="events-heading">Upcoming Events</h2>
      {isPending ? (
        <p role="status">Loading upcoming events…</p>
      ) : (
        <div className="card-grid">
          {cards.map((card) => (
            <article key={card.key} className="card event-card">
              <p className="event-date">{card.dateLabel}</p>
              <h3>{card.title}</h3>
              <p className="event-meta">
                <span>{card.timeLabel}</span>
                <span>{card.location}</span>
              </p>
              <p className="clamp-3">{card.description}</p>
              <button
                type="button"
                className="button button-outline"
                onClick={() => {
                  setInfo({
                    type: 'service',
                    title: card.title,
                    time: `${card.dateLabel}, ${card.timeLabel}`,
                    location: card.location,
                    description: card.description,
                  });
                }}
              >
                Learn More<span className="visually-hidden"> about {card.title}</span>
              </button>
            </article>
          ))}
        </div>
      )}
      <p className="section-link">
        <Link to="/events" className="button">
          View All Events
        </Link>
      </p>
      {info ? (
        <Suspense fallback={null}>
          <InfoModal
            info={info}
            onClose={() => {
              setInfo(null);
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

/** Home below the hero (lazy chunk): announcement, info cards, connect, verse, events. */
export default function HomeSections() {
  return (
    <div className="home-sections">
      <section className="home-section" aria-label="Highlights">
        <div className="card-grid">
          <FeaturedAnnouncementCard />
          <InfoCards />
        </div>
      </section>
      <ConnectWithUs />
      <TodaysVerse />
      <UpcomingEvents />
    </div>
  );
}
