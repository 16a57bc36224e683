import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { InfoModal, type InfoModalContent } from '../../components/ui/InfoModal';
import { PageTitle } from '../../components/ui/Page';
import { fullDateLabel, nairobiDayNumber, relativeDateLabel } from '../../lib/relative-date';
import { useChurchSettings, type WeeklyActivityDay } from '../../lib/settings';
import { useEvents } from './api/get-events';
import { useEventSamples } from './api/get-samples';
import { googleCalendarUrl, outlookCalendarUrl } from './calendar';
import { EventIcon } from './EventIcon';
import { quarterOfDate, toEventItem, type EventItem, type Quarter } from './event-display';
import './events.css';

const QUARTERS: { quarter: Quarter; months: string }[] = [
  { quarter: 1, months: 'Jan – Mar' },
  { quarter: 2, months: 'Apr – Jun' },
  { quarter: 3, months: 'Jul – Sep' },
  { quarter: 4, months: 'Oct – Dec' },
];

/** Weekly Activities when the setting is not available (spec §3: Saturday, Wednesday, Friday, Sunday). */
const FALLBACK_WEEK: WeeklyActivityDay[] = [
  {
    day: 'Saturday',
    activities: [
      { time: '9:00 AM', activity: 'Sabbath School', location: 'Main Sanctuary' },
      { time: '11:00 AM', activity: 'Divine Service', location: 'Main Sanctuary' },
      { time: '3:00 PM', activity: 'AY Programme', location: 'Main Sanctuary' },
    ],
  },
  { day: 'Wednesday', activities: [{ time: '6:00 PM', activity: 'Prayer Meeting', location: 'Main Sanctuary' }] },
  { day: 'Friday', activities: [{ time: '6:00 PM', activity: 'Youth Meeting', location: 'Youth Hall' }] },
  {
    day: 'Sunday',
    activities: [
      { time: '10:00 AM', activity: 'Adventurer Club', location: "Children's Hall" },
      { time: '2:00 PM', activity: 'Pathfinder Club', location: 'Church Grounds' },
    ],
  },
];

/** OK = Google Calendar, Cancel = Outlook (spec §2 Events). */
function addToCalendar(event: EventItem) {
  const details = { title: event.title, day: event.day, time: event.time, end: event.end, description: event.description, location: event.location };
  const google = window.confirm(
    `Add "${event.title}" to your calendar.\n\nOK: Google Calendar\nCancel: Outlook Calendar`,
  );
  window.open(google ? googleCalendarUrl(details) : outlookCalendarUrl(details), '_blank', 'noopener');
}

function isMultiDay(event: EventItem): boolean {
  return event.end !== null && nairobiDayNumber(event.end) !== nairobiDayNumber(event.start);
}

function EventCard({ event, now, onDetails }: { event: EventItem; now: Date; onDetails: (event: EventItem) => void }) {
  const multiDay = isMultiDay(event);
  const time = multiDay && event.time !== 'All Day' ? `From ${event.time.split(' - ')[0] ?? event.time}` : event.time;
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
          <dt>Date</dt>
          <dd>
            <time dateTime={event.start.toISOString()}>{relativeDateLabel(event.start, now)}</time>
            {multiDay && event.end ? <span className="event-until"> until {fullDateLabel(event.end)}</span> : null}
          </dd>
        </div>
        <div>
          <dt>Time</dt>
          <dd>{time}</dd>
        </div>
        <div>
          <dt>Location</dt>
          <dd>{event.location}</dd>
        </div>
        <div>
          <dt>Who</dt>
          <dd>{event.attendees}</dd>
        </div>
      </dl>
      <p className="event-description">{event.description}</p>
      <div className="event-actions">
        <button type="button" className="button" onClick={() => { onDetails(event); }} aria-label={`Details: ${event.title}`}>
          Details
        </button>
        <button
          type="button"
          className="button button-light"
          onClick={() => {
            addToCalendar(event);
          }}
          aria-label={`Add to Calendar: ${event.title}`}
        >
          Add to Calendar
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
    <div className="quarter-tabs" role="tablist" aria-label="Quarter" onKeyDown={onKeyDown}>
      {QUARTERS.map(({ quarter, months }) => (
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
          <span className="quarter-name">Q{quarter}</span>
          <span className="quarter-months">{months}</span>
          <span className="quarter-count">
            {counts[quarter - 1] ?? 0} {counts[quarter - 1] === 1 ? 'event' : 'events'}
          </span>
        </button>
      ))}
    </div>
  );
}

function WeeklyActivities({ days }: { days: WeeklyActivityDay[] }) {
  return (
    <section className="events-section weekly" aria-labelledby="weekly-heading">
      <h2 id="weekly-heading">Weekly Activities</h2>
      <p className="events-lead">Every week you are welcome at these regular gatherings.</p>
      <ul className="weekly-grid">
        {days.map((day) => (
          <li key={day.day} className="weekly-day">
            <h3>{day.day}</h3>
            <ul>
              {day.activities.map((activity) => (
                <li key={`${activity.time}-${activity.activity}`}>
                  <span className="weekly-time">{activity.time}</span>
                  <span className="weekly-activity">{activity.activity}</span>
                  <span className="weekly-location">{activity.location}</span>
                </li>
              ))}
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

  const thisYear = useMemo(
    () =>
      (rows ?? [])
        .map(toEventItem)
        .filter((item): item is EventItem => item !== null && item.year === year)
        .sort((a, b) => a.start.getTime() - b.start.getTime()),
    [rows, year],
  );
  const counts = [1, 2, 3, 4].map((q) => thisYear.filter((item) => item.quarter === q).length);
  const shown = thisYear.filter((item) => item.quarter === quarter);
  const week = settings.status === 'ready' && settings.weeklyActivities.length ? settings.weeklyActivities : FALLBACK_WEEK;

  return (
    <div className="events-page">
      <PageTitle title="Events" />
      <header className="events-hero">
        <h1>Events</h1>
        <p>Worship, fellowship, training and outreach at {settings.name} throughout the year. Everyone is welcome.</p>
      </header>

      <div className="events-wrap">
        {usingSamples ? (
          <div className="events-note" role="status">
            {read.isError ? (
              <>
                <p>We could not load the latest events just now, so this is our sample calendar.</p>
                <button type="button" className="button button-light" onClick={() => void read.refetch()}>
                  Try again
                </button>
              </>
            ) : (
              <p>No events have been published yet; this is our sample calendar.</p>
            )}
          </div>
        ) : null}

        <section className="events-section" aria-labelledby="calendar-heading">
          <div className="year-nav">
            <button
              type="button"
              className="button button-light"
              aria-label={`Previous year, ${String(year - 1)}`}
              onClick={() => {
                showYear(year - 1);
              }}
            >
              <span aria-hidden="true">‹ </span>
              {year - 1}
            </button>
            <h2 id="calendar-heading" aria-live="polite">
              Events in {year}
            </h2>
            <button
              type="button"
              className="button button-light"
              aria-label={`Next year, ${String(year + 1)}`}
              onClick={() => {
                showYear(year + 1);
              }}
            >
              {year + 1}
              <span aria-hidden="true"> ›</span>
            </button>
          </div>
          <QuarterTabs selected={quarter} onSelect={setQuarter} counts={counts} />
          <div id="quarter-panel" role="tabpanel" aria-labelledby={`quarter-tab-${String(quarter)}`} tabIndex={0}>
            {!rows ? (
              <p className="events-status" role="status">
                Loading events…
              </p>
            ) : shown.length === 0 ? (
              <p className="events-status">
                No events are scheduled for Q{quarter} {year} yet. Please check back soon, or see the weekly activities below.
              </p>
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

      <InfoModal
        info={info}
        onClose={() => {
          setInfo(null);
        }}
      />
    </div>
  );
}
