import { useState } from 'react';
import { Badge } from '../../components/ui/Badge';
import { LoadError } from '../../components/ui/LoadError';
import { PageHeader } from '../../components/ui/PageHeader';
import { SelectField } from '../../components/ui/SelectField';
import { Spinner } from '../../components/ui/Spinner';
import { DateRangeFields } from '../../components/ui/DateRangeFields';
import { churchToday, rangeProblem } from '../../lib/church-time';
import { ActivityDetailsModal } from './ActivityDetailsModal';
import { ActivityIcon } from './ActivityIcon';
import { useActivityTimeline, type ActivityPage } from './api/get-activity-timeline';
import { useCategorySummaries } from './api/get-category-summaries';
import { useRefreshActivity } from './api/refresh-activity';
import {
  actionLabel,
  actorName,
  categories,
  categoryFrom,
  categoryLabel,
  categoryOf,
  categoryOptions,
  dayHeading,
  defaultRange,
  entriesText,
  formatCount,
  formatTime,
  groupByDay,
  problemText,
  rangeFrom,
  rangeText,
  shortMoment,
  summaryOf,
  type CategoryFilter,
  type CategoryId,
  type DateRange,
  type LogEntry,
} from './activity-rules';
import './activity-logs.css';
import { useAddressParams } from '../../lib/use-address-params';

/** The address's search part for a filter: defaults are left out, so the plain address is "All, last 7 days". */
function searchFor(category: CategoryFilter, range: DateRange, today: string): Record<string, string> {
  const params: Record<string, string> = {};
  if (category !== 'all') params.category = category;
  const fallback = defaultRange(today);
  if (range.from !== fallback.from || range.to !== fallback.to) {
    params.from = range.from;
    params.to = range.to;
  }
  return params;
}

function EntryMeta({ entry, when }: { entry: LogEntry; when: string }) {
  return (
    <span className="activity-entry-meta">
      <span className="activity-entry-who">{actorName(entry)}</span>
      {' '}
      <span aria-hidden="true">·</span>{' '}
      <time dateTime={entry.created_at}>{when}</time>
    </span>
  );
}

interface CardProps {
  id: CategoryId;
  label: string;
  page: ActivityPage | undefined;
  selected: boolean;
  today: string;
  onShow: () => void;
  onOpen: (entry: LogEntry) => void;
}

/** One summary card: the category's count in the range, its 3 latest entries, and a way to show only it. */
function SummaryCard({ id, label, page, selected, today, onShow, onOpen }: CardProps) {
  const headingId = `activity-card-${id}`;
  return (
    <li className={`activity-card activity-card-${id}${selected ? ' is-selected' : ''}`} data-category={id}>
      <div className="activity-card-head">
        <h3 id={headingId}>{label}</h3>
        <span className="activity-card-count" data-count={page?.total ?? ''}>
          {page ? formatCount(page.total) : '…'}
          <span className="sr-only">{page ? ` ${page.total === 1 ? 'entry' : 'entries'}` : ' loading'}</span>
        </span>
      </div>
      {page && page.entries.length > 0 ? (
        <ol className="activity-card-recent" aria-label={`Latest ${label} activity`}>
          {page.entries.map((entry) => (
            <li key={entry.id} data-log-id={entry.id}>
              <button
                type="button"
                className="activity-recent"
                onClick={() => {
                  onOpen(entry);
                }}
              >
                <ActivityIcon action={entry.action} small />
                <span className="activity-recent-text">
                  <span className="activity-recent-summary">{summaryOf(entry)}</span>{' '}
                  <EntryMeta entry={entry} when={shortMoment(entry.created_at, today)} />
                </span>
              </button>
            </li>
          ))}
        </ol>
      ) : (
        <p className="activity-card-empty">{page ? 'No activity in this range.' : 'Loading...'}</p>
      )}
      <button type="button" className="btn btn-small btn-secondary activity-card-show" aria-pressed={selected} onClick={onShow}>
        Show only {label}
      </button>
    </li>
  );
}

function TimelineEntry({ entry, onOpen }: { entry: LogEntry; onOpen: (entry: LogEntry) => void }) {
  const category = categoryOf(entry.action);
  const label = actionLabel(entry.action);
  const summary = summaryOf(entry);
  return (
    <li className="activity-item" data-log-id={entry.id} data-action={entry.action} data-category={category}>
      <button
        type="button"
        className="activity-entry"
        aria-haspopup="dialog"
        onClick={() => {
          onOpen(entry);
        }}
      >
        <ActivityIcon action={entry.action} />
        <span className="activity-entry-main">
          <span className="activity-entry-top">
            <span className="activity-entry-label">{label}</span>{' '}
            <Badge tone="neutral">{categoryLabel(category)}</Badge>
          </span>{' '}
          {summary === label ? null : (
            <>
              <span className="activity-entry-summary">{summary}</span>{' '}
            </>
          )}
          <EntryMeta entry={entry} when={formatTime(entry.created_at)} />
        </span>{' '}
        <span className="activity-entry-more" aria-hidden="true">
          Details ›
        </span>
      </button>
    </li>
  );
}

/**
 * /admin/activity-logs (§2.15, §7.6, §9; Super Admin with view_audit_logs): a category filter and
 * a date range (by default the last 7 days, Nairobi time) kept in the address, a summary card
 * per category with its count — counted by the server — and 3 latest entries, the timeline of
 * the latest 100 entries newest first, and the details dialog with the admin, IP address and
 * user agent the server stamped.
 */
export default function ActivityLogsPage() {
  const today = churchToday();
  const [params, setParams] = useAddressParams();
  const category = categoryFrom(params.get('category'));
  const range = rangeFrom(params.get('from'), params.get('to'), today);
  // The dates as typed; the screen follows them once they make a range.
  const [draft, setDraft] = useState<DateRange>(range);
  const draftProblem = rangeProblem(draft.from, draft.to);
  const [open, setOpen] = useState<LogEntry | null>(null);
  const refresh = useRefreshActivity();

  const timeline = useActivityTimeline(category, range);
  const summaries = useCategorySummaries(range);
  const summaryFailed = summaries.filter((s) => s.isError);
  const refreshing = timeline.isFetching || summaries.some((s) => s.isFetching);

  const show = (nextCategory: CategoryFilter, nextRange: DateRange) => {
    setParams(searchFor(nextCategory, nextRange, today), { replace: true });
  };
  const setDates = (next: DateRange) => {
    setDraft(next);
    if (!rangeProblem(next.from, next.to)) show(category, next);
  };
  const fallback = defaultRange(today);
  const isDefaultRange = range.from === fallback.from && range.to === fallback.to;

  const what = category === 'all' ? 'activity' : `${categoryLabel(category)} activity`;
  const when = isDefaultRange ? 'in the last 7 days' : `from ${rangeText(range)}`;

  let countLine = '';
  if (timeline.data) {
    const { total, entries } = timeline.data;
    countLine =
      total > entries.length
        ? `The latest ${formatCount(entries.length)} of ${entriesText(total)}, newest first. Narrow the dates or choose a category to see older ones.`
        : `${entriesText(total)}, newest first.`;
  }

  return (
    <div className="content-page activity-page">
      <title>Activity Logs | Back Office</title>
      <PageHeader
        title="Activity Logs"
        description="Who did what in the back office, when and from where: sign-ins, admin accounts, content, members, finance and system changes."
        actions={
          <button
            type="button"
            className="btn btn-secondary"
            disabled={refreshing}
            onClick={refresh}
          >
            {refreshing ? 'Refreshing...' : 'Refresh'}
          </button>
        }
      />

      <div className="toolbar activity-filters" role="group" aria-label="Filter the activity">
        <SelectField
          label="Category"
          options={categoryOptions}
          value={category}
          onChange={(event) => {
            show(categoryFrom(event.target.value), range);
          }}
        />
        <DateRangeFields from={draft.from} to={draft.to} onChange={setDates} />
        <button
          type="button"
          className="btn btn-secondary activity-reset"
          disabled={isDefaultRange && !draftProblem}
          onClick={() => {
            setDraft(fallback);
            show(category, fallback);
          }}
        >
          Last 7 days
        </button>
      </div>
      <p className="activity-range" data-testid="activity-range">
        {rangeText(range)}, Nairobi time (00:00:00 to 23:59:59)
      </p>

      <section className="activity-summary" aria-labelledby="activity-summary-heading">
        <h2 id="activity-summary-heading">By category</h2>
        {summaryFailed.length > 0 ? (
          <LoadError
            text="Could not load the summary by category."
            detail={problemText(summaryFailed[0]?.error)}
            onRetry={() => Promise.all(summaryFailed.map((s) => s.refetch()))}
          />
        ) : (
          <ul className="activity-cards">
            {categories.map((c, index) => (
              <SummaryCard
                key={c.id}
                id={c.id}
                label={c.label}
                page={summaries[index]?.data}
                selected={category === c.id}
                today={today}
                onShow={() => {
                  show(category === c.id ? 'all' : c.id, range);
                }}
                onOpen={setOpen}
              />
            ))}
          </ul>
        )}
      </section>

      <section className="activity-timeline-section" aria-labelledby="activity-timeline-heading" aria-busy={timeline.isFetching}>
        <h2 id="activity-timeline-heading">
          Timeline{category === 'all' ? '' : `: ${categoryLabel(category)}`}
        </h2>
        {timeline.isPending ? (
          <Spinner label="Loading the activity log..." />
        ) : timeline.isError ? (
          <LoadError text="Could not load the activity log." detail={problemText(timeline.error)} onRetry={timeline.refetch} />
        ) : timeline.data.entries.length === 0 ? (
          <div className="empty-state activity-empty">
            <p>{`No ${what} recorded ${when}.`}</p>
            {category !== 'all' || !isDefaultRange ? (
              <p className="activity-muted">Choose All or a wider date range to see more.</p>
            ) : null}
          </div>
        ) : (
          <>
            <p className="result-count" data-testid="timeline-count">
              {countLine}
            </p>
            {groupByDay(timeline.data.entries).map((group) => (
              <div key={group.day} className="activity-day" data-day={group.day}>
                <h3>{dayHeading(group.day, today)}</h3>
                <ol className="activity-timeline">
                  {group.entries.map((entry) => (
                    <TimelineEntry key={entry.id} entry={entry} onOpen={setOpen} />
                  ))}
                </ol>
              </div>
            ))}
          </>
        )}
      </section>

      {open ? (
        <ActivityDetailsModal
          entry={open}
          onClose={() => {
            setOpen(null);
          }}
        />
      ) : null}
    </div>
  );
}
