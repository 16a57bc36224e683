import { useRef, useState, type KeyboardEvent } from 'react';
import type { InfoModalContent } from '../../components/ui/InfoModal';
import { LazyInfoModal } from '../../components/ui/LazyInfoModal';
import { PageTitle } from '../../components/ui/Page';
import { formatDate, formatNumber, type MessageKey, provide, t } from '../../i18n';
import { CHURCH_TIME_ZONE, clockLabel, fullDateLabel, nairobiDayNumber, relativeDateLabel } from '../../lib/relative-date';
import { scheduleWords } from '../../lib/schedule-words';
import { activityTexts, useChurchSettings, type WeeklyActivityDay } from '../../lib/settings';
import { useEventSamples, useEvents } from './api/queries';
import { googleCalendarUrl, outlookCalendarUrl } from './calendar';
import { EventIcon } from './EventIcon';
import { quarterOfDate, toEventItem, type EventItem, type Quarter } from './event-display';
import './events.css';
import { events as eventsTexts } from '../../i18n/en/events';

provide(eventsTexts);


const QUARTERS: Quarter[] = [1, 2, 3, 4];

const QUARTER_MONTHS = ['events.quarterMonths1', 'events.quarterMonths2', 'events.quarterMonths3', 'events.quarterMonths4'] as const;

/** 'Jan – Mar' for Q1 (the spec's month names; Intl's en-KE would say 'Sept'), in the active language. */
function quarterMonths(quarter: Quarter): string {
  return t(QUARTER_MONTHS[quarter - 1] ?? 'events.quarterMonths1');
}

/** A year as a plain number in the active language (no thousands separator). */
function yearText(year: number): string {
  return formatNumber(year, { useGrouping: false });
}

/** Weekly Activities when the setting is not available (spec §3: Saturday, Wednesday, Friday, Sunday). */
const FALLBACK_WEEK: { weekday: number; activities: [hour: number, activity: MessageKey, location: MessageKey][] }[] = [
  {
    weekday: 6,
    activities: [
      [9, 'events.weeklySabbathSchool', 'events.placeMainSanctuary'],
      [11, 'events.weeklyDivineService', 'events.placeMainSanctuary'],
      [15, 'events.weeklyAyProgramme', 'events.placeMainSanctuary'],
    ],
  },
  { weekday: 3, activities: [[18, 'events.weeklyPrayerMeeting', 'events.placeMainSanctuary']] },
  { weekday: 5, activities: [[18, 'events.weeklyYouthMeeting', 'events.placeYouthHall']] },
  {
    weekday: 0,
    activities: [
      [10, 'events.weeklyAdventurerClub', 'events.placeChildrensHall'],
      [14, 'events.weeklyPathfinderClub', 'events.placeChurchGrounds'],
    ],
  },
];

/** The fallback week in the active language: weekday names, clock times and names from the catalogue. */
function fallbackWeek(): WeeklyActivityDay[] {
  // 4 January 2026 is a Sunday; `hour` is on the Nairobi clock (UTC+3).
  const at = (weekday: number, hour: number) => new Date(Date.UTC(2026, 0, 4 + weekday, hour - 3));
  return FALLBACK_WEEK.map(({ weekday, activities }) => ({
    day: formatDate(at(weekday, 12), { timeZone: CHURCH_TIME_ZONE, weekday: 'long' }),
    activities: activities.map(([hour, activity, location]) => ({
      time: clockLabel(at(weekday, hour)),
      activity: t(activity),
      location: t(location),
    })),
  }));
}

/** OK = Google Calendar, Cancel = Outlook (spec §2 Events). */
function addToCalendar(event: EventItem) {
  const details = {
    title: event.title,
    day: event.day,
    start: event.start,
    allDay: event.allDay,
    end: event.end,
    description: event.description,
    location: event.location,
  };
  const google = window.confirm(t('events.calendarChoice', { title: event.title }));
  window.open(google ? googleCalendarUrl(details) : outlookCalendarUrl(details), '_blank', 'noopener');
}

function isMultiDay(event: EventItem): boolean {
  return event.end !== null && nairobiDayNumber(event.end) !== nairobiDayNumber(event.start);
}

function EventCard({ event, now, onDetails }: { event: EventItem; now: Date; onDetails: (event: EventItem) => void }) {
  const multiDay = isMultiDay(event);
  const time = multiDay && !event.allDay ? t('events.fromTime', { time: clockLabel(event.start) }) : event.time;
  return (
    <li className="calendar-card" style={{ borderTopColor: event.type.color }}>
      <p className="event-type">
        <span className="event-type-icon" aria-hidden="true" style={{ color: event.type.color, backgroundColor: `${event.type.color}1f` }}>
          <EventIcon name={event.type.icon} />
        </span>
        <span className="event-type-label">{event.type.label}</span>
      </p>
      <h3>{event.title}</h3>
      <dl className="event-facts">
        <div>
          <dt>{t('events.date')}</dt>
          <dd>
            <time dateTime={event.start.toISOString()}>{relativeDateLabel(event.start, now)}</time>
            {multiDay && event.end ? <span className="event-until"> {t('events.until', { date: fullDateLabel(event.end) })}</span> : null}
          </dd>
        </div>
        <div>
          <dt>{t('events.time')}</dt>
          <dd>{time}</dd>
        </div>
        <div>
          <dt>{t('events.location')}</dt>
          <dd>{event.location}</dd>
        </div>
        <div>
          <dt>{t('events.who')}</dt>
          <dd>{event.attendees}</dd>
        </div>
      </dl>
      <p className="event-description">{event.description}</p>
      <div className="event-actions">
        <button type="button" className="button" onClick={() => { onDetails(event); }} aria-label={t('events.detailsFor', { title: event.title })}>
          {t('events.details')}
        </button>
        <button
          type="button"
          className="button button-light"
          onClick={() => {
            addToCalendar(event);
          }}
          aria-label={t('events.addToCalendarFor', { title: event.title })}
        >
          {t('events.addToCalendar')}
        </button>
      </div>
    </li>
  );
}

function QuarterTabs({ selected, onSelect, counts }: { selected: Quarter; onSelect: (quarter: Quarter) => void; counts: number[] }) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (event.key !== 'Home' && event.key !== 'End' && step === 0) return;
    event.preventDefault();
    const next = event.key === 'Home' ? 1 : event.key === 'End' ? 4 : (((selected - 1 + step + 4) % 4) + 1);
    onSelect(next as Quarter);
    tabs.current[next - 1]?.focus();
  };
  return (
    <div className="quarter-tabs" role="tablist" aria-label={t('events.quarterTabs')} onKeyDown={onKeyDown}>
      {QUARTERS.map((quarter) => (
        <button
          key={quarter}
          ref={(node) => {
            tabs.current[quarter - 1] = node;
          }}
          type="button"
          role="tab"
          id={`quarter-tab-${String(quarter)}`}
          aria-selected={quarter === selected}
          aria-controls="quarter-panel"
          tabIndex={quarter === selected ? 0 : -1}
          className="quarter-tab"
          onClick={() => {
            onSelect(quarter);
          }}
        >
          <span className="quarter-name">{t('events.quarterName', { quarter })}</span>
          <span className="quarter-months">{quarterMonths(quarter)}</span>
          <span className="quarter-count">
            {t(counts[quarter - 1] === 1 ? 'events.countOne' : 'events.countOther', { count: formatNumber(counts[quarter - 1] ?? 0) })}
          </span>
        </button>
      ))}
    </div>
  );
}

function WeeklyActivities({ days }: { days: WeeklyActivityDay[] }) {
  return (
    <section className="events-section weekly" aria-labelledby="weekly-heading">
      <h2 id="weekly-heading">{t('events.weeklyTitle')}</h2>
      <p className="events-lead">{t('events.weeklyLead')}</p>
      <ul className="weekly-grid">
        {days.map((day) => (
          <li key={day.day} className="weekly-day">
            <h3>{scheduleWords(day.day)}</h3>
            <ul>
              {day.activities.map((activity) => {
                const texts = activityTexts(activity);
                return (
                  <li key={`${activity.time}-${activity.activity}`}>
                    <span className="weekly-time">{scheduleWords(activity.time)}</span>
                    <span className="weekly-activity">{texts.activity}</span>
                    <span className="weekly-location">{texts.location}</span>
                  </li>
                );
              })}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function EventsPage() {
  const settings = useChurchSettings();
  // The spec's tabs were for 2025, which is past: the page opens on the current quarter of the
  // current year (in Nairobi), and other years are a button away.
  const [now] = useState(() => new Date());
  const current = quarterOfDate(now);
  const [year, setYear] = useState(current.year);
  const [quarter, setQuarter] = useState<Quarter>(current.quarter);
  const [info, setInfo] = useState<InfoModalContent | null>(null);
  const showYear = (next: number) => {
    setYear(next);
    setQuarter(next === current.year ? current.quarter : 1);
  };

  const read = useEvents(year);
  const needSamples = read.isError || read.data?.length === 0;
  const samples = useEventSamples(needSamples);
  // Spec §7: the read replaces the sample data when non-empty; on failure the samples stay.
  const rows = read.data?.length ? read.data : needSamples ? samples.data?.sampleEvents(year) : undefined;
  const usingSamples = rows !== undefined && rows !== read.data;

  // Made on every render (a year is at most a few dozen rows): the items' texts are in the
  // active language, which can change without the rows changing.
  const thisYear = (rows ?? [])
    .map(toEventItem)
    .filter((item): item is EventItem => item !== null && item.year === year)
    .sort((a, b) => a.start.getTime() - b.start.getTime());
  const counts = [1, 2, 3, 4].map((q) => thisYear.filter((item) => item.quarter === q).length);
  const shown = thisYear.filter((item) => item.quarter === quarter);
  const week = settings.status === 'ready' && settings.weeklyActivities.length ? settings.weeklyActivities : fallbackWeek();

  return (
    <div className="events-page">
      <PageTitle title={t('events.title')} />
      <header className="events-hero">
        <h1>{t('events.title')}</h1>
        <p>{t('events.heroText', { name: settings.name })}</p>
      </header>

      <div className="events-wrap">
        {usingSamples ? (
          <div className="events-note" role="status">
            {read.isError ? (
              <>
                <p>{t('events.loadFailedSamples')}</p>
                <button type="button" className="button button-light" onClick={() => void read.refetch()}>
                  {t('events.tryAgain')}
                </button>
              </>
            ) : (
              <p>{t('events.noneYetSamples')}</p>
            )}
          </div>
        ) : null}

        <section className="events-section" aria-labelledby="calendar-heading">
          <div className="year-nav">
            <button
              type="button"
              className="button button-light"
              aria-label={t('events.previousYear', { year: yearText(year - 1) })}
              onClick={() => {
                showYear(year - 1);
              }}
            >
              <span aria-hidden="true">‹ </span>
              {yearText(year - 1)}
            </button>
            <h2 id="calendar-heading" aria-live="polite">
              {t('events.eventsIn', { year: yearText(year) })}
            </h2>
            <button
              type="button"
              className="button button-light"
              aria-label={t('events.nextYear', { year: yearText(year + 1) })}
              onClick={() => {
                showYear(year + 1);
              }}
            >
              {yearText(year + 1)}
              <span aria-hidden="true"> ›</span>
            </button>
          </div>
          <QuarterTabs selected={quarter} onSelect={setQuarter} counts={counts} />
          <div id="quarter-panel" role="tabpanel" aria-labelledby={`quarter-tab-${String(quarter)}`} tabIndex={0}>
            {!rows ? (
              <p className="events-status events-loading" role="status">
                {t('events.loading')}
              </p>
            ) : shown.length === 0 ? (
              <p className="events-status">{t('events.noneInQuarter', { quarter, year: yearText(year) })}</p>
            ) : (
              <ul className="event-grid" data-testid="event-grid">
                {shown.map((event) => (
                  <EventCard
                    key={event.id}
                    event={event}
                    now={now}
                    onDetails={(chosen) => {
                      setInfo({
                        type: 'event',
                        title: chosen.title,
                        date: fullDateLabel(chosen.start),
                        time: chosen.time,
                        location: chosen.location,
                        description: chosen.description,
                      });
                    }}
                  />
                ))}
              </ul>
            )}
          </div>
        </section>

        <WeeklyActivities days={week} />
      </div>

      <LazyInfoModal
        info={info}
        onClose={() => {
          setInfo(null);
        }}
      />
    </div>
  );
}
