import { lazy, Suspense, useEffect, useState } from 'react';
import { useDataSaver } from '../../lib/data-saver';
import { Link } from '../../lib/router';
import type { InfoModalContent } from '../../components/ui/InfoModal';
import { LazyInfoModal } from '../../components/ui/LazyInfoModal';
import { durationLabel, eventDurationMinutes, eventTimeLabel, relativeDateLabel, timeOfDayLabel } from '../../lib/relative-date';
import { localized, type MessageKey, provide, t } from '../../i18n';
import { homeSections as homeSectionsTexts } from '../../i18n/en/homeSections';
import { serviceName, serviceWhen, useChurchSettings } from '../../lib/settings';
import { useSiteData } from '../../lib/site-data';
import { fallbackVerse, verseInLanguage } from './api/daily-verse';
import { defaultAnnouncement, type FeaturedAnnouncement } from './api/featured-announcement';
import { homeQueries, useDailyVerse, useFeaturedAnnouncement, useUpcomingEvents, type UpcomingEvent } from './api/queries';
import { msUntilNairobiMidnight, verseIndex } from './api/nairobi-date';
import './home.css';

provide(homeSectionsTexts);

const ContactLeaderModal = lazy(() => import('../../components/ui/ContactLeaderModal').then((m) => ({ default: m.ContactLeaderModal })));

function announcementTime(a: FeaturedAnnouncement): string {
  return `${timeOfDayLabel(a.start_time)} - ${timeOfDayLabel(a.end_time)}`;
}

function FeaturedAnnouncementCard() {
  const { data, isPending } = useFeaturedAnnouncement();
  // No current announcement, or the read failed: the default invitation (spec §8, §9).
  const announcement = data ?? defaultAnnouncement();
  return (
    <article className="card featured-card" aria-labelledby="featured-title" aria-busy={isPending}>
      <p className="card-kicker">{t('home.featuredAnnouncement')}</p>
      <h3 id="featured-title">{isPending ? t('home.loadingAnnouncement') : localized(announcement, 'title')}</h3>
      {isPending ? null : (
        <>
          <p className="featured-time">
            {announcement.start_date ? `${relativeDateLabel(announcement.start_date)} · ` : ''}
            {announcementTime(announcement)}
          </p>
          <p className="clamp-3">{localized(announcement, 'content')}</p>
        </>
      )}
      {/* The spec's words, with what they lead to for screen readers and search engines. */}
      <Link to="/announcements" className="button">
        {t('home.learnMore')}
        <span className="visually-hidden">{t('home.learnMoreAnnouncements')}</span>
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
          <h3>{t('home.ourStory')}</h3>
          <p>{t('home.ourStoryText')}</p>
          <Link to="/about" className="button button-outline">
            {t('home.ourStory')}
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
          <h3>{t('home.communityImpact')}</h3>
          <p>{t('home.communityImpactText')}</p>
          <Link to="/ministries" className="button button-outline">
            {t('home.exploreMinistries')}
          </Link>
        </div>
      </article>
    </>
  );
}

function ConnectWithUs() {
  const settings = useChurchSettings();
  const [messaging, setMessaging] = useState(false);
  // The office is told in English (it finds the recipient by name and role); the visitor reads
  // the labels in the page's language.
  const pastor = {
    name: settings.pastorName ?? 'Senior Pastor',
    role: 'Senior Pastor',
    nameLabel: settings.pastorName ?? t('home.seniorPastor'),
    roleLabel: t('home.seniorPastor'),
  };
  return (
    <section className="home-section" aria-labelledby="connect-heading">
      <h2 id="connect-heading">{t('home.connectWithUs')}</h2>
      <div className="card-grid">
        <article className="card">
          <h3>{t('home.serviceTimes')}</h3>
          <ul className="plain-list service-list">
            {settings.serviceTimes.map((service) => (
              <li key={service.name}>
                <strong>{serviceName(service)}</strong>
                <span>{serviceWhen(service)}</span>
              </li>
            ))}
          </ul>
        </article>
        <article className="card">
          <h3>{t('home.ourLocation')}</h3>
          <address className="plain-address">
            {settings.address ? <span>{settings.address}</span> : null}
            {settings.postalAddress ? <span>{settings.postalAddress}</span> : null}
          </address>
          <ul className="check-list">
            <li>{t('home.easyToFind')}</li>
            <li>{t('home.onSiteParking')}</li>
            <li>{t('home.publicTransport')}</li>
          </ul>
          <div className="link-row">
            {settings.mapsUrl ? (
              <a href={settings.mapsUrl} target="_blank" rel="noopener noreferrer">
                {t('home.viewOnMaps')}
              </a>
            ) : null}
            {settings.directionsUrl ? (
              <a href={settings.directionsUrl} target="_blank" rel="noopener noreferrer">
                {t('home.directions')}
              </a>
            ) : null}
          </div>
        </article>
        <article className="card">
          <h3>{t('home.ourCommunity')}</h3>
          <ul className="check-list">
            <li>{t('home.communityWelcomes')}</li>
            <li>{t('home.communityFocus')}</li>
            <li>{t('home.communityFellowship')}</li>
            <li>{t('home.communityOutreach')}</li>
          </ul>
        </article>
      </div>
      <div className="contact-leader-cta">
        <p>{t('home.contactPastorText')}</p>
        <button
          type="button"
          className="button"
          onClick={() => {
            setMessaging(true);
          }}
        >
          {t('home.messagePastor')}
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
  const { client, queryClient } = useSiteData();
  useEffect(() => {
    // Tomorrow's verse is fetched ahead, so midnight does not wait for the network (not in
    // data-saver mode: most visitors are gone by midnight).
    if (saving) return;
    queryClient.query(homeQueries.dailyVerse(client, (index + 1) % 33)).catch(() => undefined);
  }, [client, queryClient, index, saving]);
  const verse = data ? verseInLanguage(data) : isError || data === null ? fallbackVerse() : null;
  return (
    <section className="home-section verse-section" aria-labelledby="verse-heading">
      <h2 id="verse-heading">{t('home.todaysVerse')}</h2>
      <p className="verse-note">{t('home.verseNote')}</p>
      {isPending && !verse ? (
        <p role="status">{t('home.loadingVerse')}</p>
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
  /** How long it lasts, from its times (null: unknown, the modal shows none). */
  durationMinutes: number | null;
}

/** The default events' texts, as catalogue keys, and their lengths (the times they show). */
const defaultEventKeys: { key: string; title: MessageKey; date: MessageKey; time: MessageKey; location: MessageKey; minutes: number }[] = [
  { key: 'sabbath', title: 'home.defaultSabbathTitle', date: 'home.defaultSabbathDate', time: 'home.defaultSabbathTime', location: 'layout.mainSanctuary', minutes: 240 },
  { key: 'prayer', title: 'home.defaultPrayerTitle', date: 'home.defaultPrayerDate', time: 'home.defaultPrayerTime', location: 'layout.mainSanctuary', minutes: 120 },
  { key: 'youth', title: 'home.defaultYouthTitle', date: 'home.defaultYouthDate', time: 'home.defaultYouthTime', location: 'home.youthHall', minutes: 120 },
];

/** When there are no upcoming events (or the read fails): spec §9, in the active language. */
export function defaultEvents(): HomeEventCard[] {
  return defaultEventKeys.map((event) => ({
    key: event.key,
    title: t(event.title),
    dateLabel: t(event.date),
    timeLabel: t(event.time),
    location: t(event.location),
    description: t('home.eventFallbackDescription'),
    durationMinutes: event.minutes,
  }));
}

/** The event's description in the active language; the spec's default when it has none. */
function eventDescription(event: UpcomingEvent): string {
  const text = localized(event, 'description');
  return event.description === null && text === '' ? t('home.eventFallbackDescription') : text;
}

function UpcomingEvents() {
  const { data, isPending } = useUpcomingEvents();
  const [info, setInfo] = useState<InfoModalContent | null>(null);
  const cards: HomeEventCard[] = data?.length
    ? data.map((event) => ({
        key: event.id,
        title: localized(event, 'title'),
        dateLabel: relativeDateLabel(event.start_date),
        timeLabel: eventTimeLabel(event.start_date, event.end_date),
        location: event.location ? localized(event, 'location') : t('layout.mainSanctuary'),
        description: eventDescription(event),
        durationMinutes: eventDurationMinutes(event.start_date, event.end_date),
      }))
    : defaultEvents();
  return (
    <section className="home-section" aria-labelledby="events-heading">
      <h2 id="events-heading">{t('home.upcomingEvents')}</h2>
      {isPending ? (
        <p role="status">{t('home.loadingEvents')}</p>
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
                    duration: card.durationMinutes === null ? null : durationLabel(card.durationMinutes),
                    description: card.description,
                  });
                }}
              >
                {t('home.learnMore')}
                <span className="visually-hidden">{t('home.learnMoreAbout', { title: card.title })}</span>
              </button>
            </article>
          ))}
        </div>
      )}
      <p className="section-link">
        <Link to="/events" className="button">
          {t('home.viewAllEvents')}
        </Link>
      </p>
      <LazyInfoModal
        info={info}
        onClose={() => {
          setInfo(null);
        }}
      />
    </section>
  );
}

/** Home below the hero (lazy chunk): announcement, info cards, connect, verse, events. */
export default function HomeSections() {
  return (
    <div className="home-sections">
      <section className="home-section" aria-labelledby="highlights-heading">
        {/* Its cards' h3 headings sit under an h2, in order after the hero's h1. */}
        <h2 id="highlights-heading" className="visually-hidden">
          {t('home.highlights')}
        </h2>
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
