import { useEffect } from 'react';
import { PageTitle } from '../../components/ui/Page';
import { fullDateLabel, timeOfDayLabel } from '../../lib/relative-date';
import { localized, t } from '../../i18n';
import { useAnnouncements, type Announcement } from './api/queries';
import { audienceLabel, priorityClasses, priorityLabel } from './labels';
import './announcements.css';

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
      <h2>{localized(a, 'title')}</h2>
      <p className="announcement-content">{localized(a, 'content')}</p>
      <p className="announcement-when">
        {a.end_date && a.end_date !== a.start_date
          ? t('announcements.dateRange', { start: dateLabel(a.start_date), end: dateLabel(a.end_date) })
          : dateLabel(a.start_date)}
        <br />
        {timeOfDayLabel(a.start_time)} - {timeOfDayLabel(a.end_time)}
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
      <PageTitle title={t('announcements.title')} />
      <div className="page-hero">
        <h1>{t('announcements.title')}</h1>
        <p>{t('announcements.intro')}</p>
      </div>
      <section className="section" aria-label={t('announcements.current')}>
        {isPending ? (
          <p className="status-message" role="status">
            {t('announcements.loading')}
          </p>
        ) : announcements.length === 0 ? (
          <div className="empty-state">
            <h2>{t('announcements.emptyTitle')}</h2>
            <p>{t('announcements.emptyText')}</p>
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
