import { useEffect } from 'react';
import { PageTitle } from '../../components/ui/Page';
import { fullDateLabel } from '../../lib/relative-date';
import { useAnnouncements, type Announcement } from './api/announcements';
import { audienceLabel, priorityClasses, priorityLabel } from './labels';
import './announcements.css';

function timeOfDay(value: string): string {
  const [h, m] = value.split(':').map(Number);
  if (h === undefined || Number.isNaN(h)) return value;
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${String(hour12)}:${String(m ?? 0).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** Dates are calendar days: read them at noon Nairobi time so no timezone moves them. */
function dateLabel(value: string | null): string {
  return value ? fullDateLabel(`${value}T12:00:00+03:00`) : '';
}

function AnnouncementCard({ announcement: a }: { announcement: Announcement }) {
  const priorityClass = priorityClasses[a.priority] ?? 'priority-normal';
  return (
    <article className={`card announcement-card ${priorityClass}`} data-priority={a.priority}>
      <div className="announcement-badges">
        <span className="badge badge-priority">{priorityLabel(a.priority)}</span>
        <span className="badge badge-audience">{audienceLabel(a.target_audience)}</span>
      </div>
      <h2>{a.title}</h2>
      <p className="announcement-content">{a.content}</p>
      <p className="announcement-when">
        {dateLabel(a.start_date)}
        {a.end_date && a.end_date !== a.start_date ? ` to ${dateLabel(a.end_date)}` : ''}
        <br />
        {timeOfDay(a.start_time)} - {timeOfDay(a.end_time)}
      </p>
    </article>
  );
}

export default function AnnouncementsPage() {
  const { data, isPending, error } = useAnnouncements();
  useEffect(() => {
    // A failed read is logged and the empty state shows (spec §8).
    if (error) console.warn('Could not load announcements', error);
  }, [error]);
  const announcements = data ?? [];
  return (
    <div className="announcements-page">
      <PageTitle title="Announcements" />
      <div className="page-hero">
        <h1>Announcements</h1>
        <p>News and notices from our church family.</p>
      </div>
      <section className="section" aria-label="Current announcements">
        {isPending ? (
          <p className="status-message" role="status">
            Loading announcements…
          </p>
        ) : announcements.length === 0 ? (
          <div className="empty-state">
            <h2>No announcements at this time</h2>
            <p>Check back later for updates from our church family.</p>
          </div>
        ) : (
          <div className="card-grid announcement-grid">
            {announcements.map((announcement) => (
              <AnnouncementCard key={announcement.id} announcement={announcement} />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
