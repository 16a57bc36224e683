import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useServiceModes } from '../../components/layout/demo-mode';
import { screens } from '../../config/navigation';
import { canAccess, type AccessUser } from '../../lib/access';
import { useAuth } from '../../lib/auth/auth-context';
import { churchToday } from '../../lib/church-time';
import { formatKesWhole } from '../../lib/giving';
import { PRAYER_TEAM_PERMISSION } from '../../lib/permissions';
import {
  inactiveMembers,
  memberFigureIds,
  memberFigureLabel,
  memberFigureOrder,
  seesOwnMinistriesOnly,
  type MemberFigure,
} from '../../lib/member-figures';
import {
  useActiveMemberCount,
  useAnnouncementCount,
  useEventCount,
  usePendingPrayerRequestCount,
  usePrayerRequestCount,
  useRecentMembers,
  useFinanceOverview,
  useSermonCount,
} from './api/dashboard-reads';
import { failedDeliveriesAsked, useFailedDeliveries } from './api/failed-deliveries';
import { useScheduledTasks } from './api/scheduled-tasks';
import { useSignInCodeStats } from './api/sign-in-codes';
import './dashboard.css';
import { budgetPercentage, yearOf } from './dashboard-figures';
import { dashboardSections, dashboardTitle, quickActions } from './dashboard-rules';
import {
  attemptsText,
  deliveryKindLabel,
  deliveriesTexts,
  deliverySourceLabel,
  deliverySubject,
  errorPreview,
  failedCountText,
  formatFailedAt,
  moreText,
  type FailedDelivery,
} from './failed-deliveries';
import { errorPreview as taskErrorPreview, taskDetail, taskLabel, taskState, tasksSummary, type ScheduledTask } from './scheduled-tasks';

/** What a card shows for one read: the figure, "Loading...", or a readable error with Retry. */
interface Read {
  isPending: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/** "Could not load …: the server's message. Retry" for the first failed read; Retry asks all again. */
function ReadError({ what, reads, failed }: { what: string; reads: Read[]; failed: Read }) {
  return (
    <span className="figure-error">
      Could not load {what}
      {failed.error?.message ? `: ${failed.error.message}` : ''}.{' '}
      <button type="button" className="link-button" onClick={() => { reads.forEach((read) => void read.refetch()); }}>
        Retry
      </button>
    </span>
  );
}

function Figure({ id, label, reads, children }: { id?: string; label: string; reads: Read[]; children: () => ReactNode }) {
  const failed = reads.find((read) => read.error);
  let value: ReactNode;
  if (failed) {
    value = <ReadError what="this figure" reads={reads} failed={failed} />;
  } else if (reads.some((read) => read.isPending)) {
    value = (
      <span className="figure-loading" aria-label="Loading">
        <span className="skeleton" aria-hidden="true" />
      </span>
    );
  } else {
    value = <span className="figure-value">{children()}</span>;
  }
  return (
    <div className="figure" data-figure={id}>
      <dt>{label}</dt>
      <dd aria-live="polite">{value}</dd>
    </div>
  );
}

function Card({ title, link, children }: { title: string; link?: { to: string; label: string }; children: ReactNode }) {
  const id = `card-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="dash-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
      {link ? (
        <Link className="dash-card-link" to={link.to}>
          {link.label}
        </Link>
      ) : null}
    </section>
  );
}

const countText = (count: number | undefined) => (count ?? 0).toLocaleString('en-KE');

function MembersCard({ user }: { user: AccessUser }) {
  const members = useRecentMembers(true);
  const active = useActiveMemberCount(true);
  const recent = (members.data?.members ?? []).slice(0, 3);
  // One figure per meaning, in the words every screen uses (issue 41): the register's count
  // comes with the 5 newest (§7.5 "plus total count"), the active ones as Reports count them.
  const scoped = seesOwnMinistriesOnly(user.role);
  const all = members.data?.total ?? 0;
  const activeCount = active.data ?? 0;
  const figures: Record<MemberFigure, { reads: Read[]; value: () => string }> = {
    all: { reads: [members], value: () => countText(all) },
    active: { reads: [active], value: () => countText(activeCount) },
    inactive: { reads: [members, active], value: () => countText(inactiveMembers(all, activeCount)) },
  };
  return (
    <Card
      title="Members"
      link={canAccess(user, screens.members.requirement) ? { to: screens.members.path, label: 'View all members' } : undefined}
    >
      <dl className="figures">
        {memberFigureOrder.map((figure) => (
          <Figure key={figure} id={memberFigureIds[figure]} label={memberFigureLabel(figure, scoped)} reads={figures[figure].reads}>
            {figures[figure].value}
          </Figure>
        ))}
      </dl>
      <h3 className="dash-sub">Recent members</h3>
      {members.isPending || members.error ? null : recent.length === 0 ? (
        <p className="dash-empty">No members yet.</p>
      ) : (
        <ul className="recent-list">
          {recent.map((m) => (
            <li key={m.id}>
              <span className="recent-name">
                {m.first_name} {m.last_name}
              </span>
              <span className="recent-meta">
                {m.membership_number ? `${m.membership_number} · ` : ''}joined{' '}
                {new Date(m.created_at).toLocaleDateString('en-KE', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Nairobi' })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function ContentCard({ show }: { show: { sermons: boolean; events: boolean; announcements: boolean } }) {
  const sermons = useSermonCount(show.sermons);
  const events = useEventCount(show.events);
  const announcements = useAnnouncementCount(show.announcements);
  return (
    <Card title="Content">
      <dl className="figures">
        {show.sermons ? (
          <Figure label="Sermons" reads={[sermons]}>
            {() => countText(sermons.data)}
          </Figure>
        ) : null}
        {show.events ? (
          <Figure label="Events" reads={[events]}>
            {() => countText(events.data)}
          </Figure>
        ) : null}
        {show.announcements ? (
          <Figure label="Announcements" reads={[announcements]}>
            {() => countText(announcements.data)}
          </Figure>
        ) : null}
      </dl>
    </Card>
  );
}

function FinancesCard({ show, user }: { show: { giving: boolean; budget: boolean }; user: AccessUser }) {
  const today = churchToday();
  const year = yearOf(today);
  const overview = useFinanceOverview(show.giving || show.budget);
  const figures = overview.data;
  const allocated = figures?.allocated_this_year ?? 0;
  const spent = figures?.spent_this_year ?? 0;
  return (
    <Card
      title="Finances"
      link={
        canAccess(user, screens.financial.requirement) ? { to: screens.financial.path, label: 'Open the financial dashboard' } : undefined
      }
    >
      <dl className="figures">
        {show.giving ? (
          <>
            <Figure label="Verified giving, all time" reads={[overview]}>
              {() => formatKesWhole(figures?.giving_all_time ?? 0)}
            </Figure>
            <Figure label="Verified giving this month" reads={[overview]}>
              {() => formatKesWhole(figures?.giving_this_month ?? 0)}
            </Figure>
          </>
        ) : null}
        {show.budget ? (
          <Figure label={`Budget used in ${String(year)}`} reads={[overview]}>
            {() => (
              <>
                {budgetPercentage(spent, allocated)}%
                <span className="figure-note">
                  {formatKesWhole(spent)} spent of {formatKesWhole(allocated)} allocated
                </span>
              </>
            )}
          </Figure>
        ) : null}
      </dl>
    </Card>
  );
}

function PrayerRequestsCard({ user }: { user: AccessUser }) {
  const total = usePrayerRequestCount(true);
  const pending = usePendingPrayerRequestCount(true);
  // The counts are of the requests the caller may read (policies/prayer_requests.sql): all of
  // them with the prayer team's permission, otherwise all but the private ones — said so (issue 41).
  const scoped = !user.permissions.includes(PRAYER_TEAM_PERMISSION);
  return (
    <Card
      title="Prayer Requests"
      link={
        canAccess(user, screens.prayerRequests.requirement)
          ? { to: screens.prayerRequests.path, label: 'Open prayer requests' }
          : undefined
      }
    >
      <dl className="figures">
        <Figure label={scoped ? 'All requests you can see' : 'All requests'} reads={[total]}>
          {() => countText(total.data)}
        </Figure>
        <Figure label={scoped ? 'Pending (open) you can see' : 'Pending (open)'} reads={[pending]}>
          {() => countText(pending.data)}
        </Figure>
      </dl>
      {scoped ? <p className="figure-note">Private requests are for the pastor and the prayer team only, so they are not counted here.</p> : null}
    </Card>
  );
}

const shownDeliveries = 5;

function FailedDeliveryItem({ row }: { row: FailedDelivery }) {
  const source = deliverySourceLabel(row.source_table);
  const error = errorPreview(row.last_error);
  return (
    <li>
      <span className="delivery-kind">
        {deliveryKindLabel(row.kind)}
        {source ? ` · ${source}` : ''}
      </span>
      <span className="recent-name">{deliverySubject(row)}</span>
      <span className="recent-meta">
        Failed {row.failed_at ? <time dateTime={row.failed_at}>{formatFailedAt(row.failed_at)}</time> : formatFailedAt(null)} after{' '}
        {attemptsText(row.attempts)}
      </span>
      <span className="delivery-error" title={error.full ?? undefined}>
        {error.text}
      </span>
    </li>
  );
}

/**
 * Deliveries that failed for good (spec: a job that keeps failing ends as failed with its error,
 * visible to staff; a permanent SMTP refusal ends as email_error, shown to staff).
 */
function FailedDeliveriesCard() {
  const deliveries = useFailedDeliveries(true);
  // In demo mode nothing is delivered: the e-mails were simulated (spec README point 19).
  const modes = useServiceModes();
  const emailSimulated = modes.data?.email_simulated ?? false;
  const rows: readonly FailedDelivery[] = deliveries.data ?? [];
  const shown = rows.slice(0, shownDeliveries);
  const more = moreText(rows.length, shown.length, failedDeliveriesAsked);
  // The live region holds one short sentence; the list itself is not read out when it arrives.
  let status: ReactNode;
  if (deliveries.error) {
    status = <ReadError what="the failed deliveries" reads={[deliveries]} failed={deliveries} />;
  } else if (deliveries.isPending || (rows.length === 0 && modes.isPending)) {
    status = (
      <span className="figure-loading" aria-label="Loading">
        <span className="skeleton" aria-hidden="true" />
      </span>
    );
  } else if (rows.length === 0) {
    status = <span className="dash-empty">{emailSimulated ? deliveriesTexts.allSimulated : deliveriesTexts.allDelivered}</span>;
  } else {
    status = <span className="delivery-count">{failedCountText(rows.length, failedDeliveriesAsked)}</span>;
  }
  return (
    <Card title="Deliveries that failed" link={{ to: screens.communication.path, label: 'Open the communication hub' }}>
      <p className="dash-state" aria-live="polite">
        {status}
      </p>
      {shown.length > 0 && !deliveries.error ? (
        <>
          <ul className="recent-list delivery-list">
            {shown.map((row) => (
              <FailedDeliveryItem key={row.job_id} row={row} />
            ))}
          </ul>
          {more ? <p className="delivery-more">{more}</p> : null}
        </>
      ) : null}
    </Card>
  );
}

const taskStateText = { ok: 'Running', waiting: 'Waiting', failed: 'Last run failed', overdue: 'Not running' } as const;

/**
 * The periodic tasks (payment reconciliation, clean-up, notifications, backup checks) for a
 * Super Admin: each one's schedule and last run, and a failed run's error. A run that failed
 * does not stop the task: the next one runs as scheduled.
 */
function ScheduledTasksCard() {
  const tasks = useScheduledTasks(true);
  const rows: readonly ScheduledTask[] = tasks.data ?? [];
  const now = new Date();
  let status: ReactNode;
  if (tasks.error) {
    status = <ReadError what="the scheduled tasks" reads={[tasks]} failed={tasks} />;
  } else if (tasks.isPending) {
    status = (
      <span className="figure-loading" aria-label="Loading">
        <span className="skeleton" aria-hidden="true" />
      </span>
    );
  } else {
    status = <span className="delivery-count">{tasksSummary(rows, now)}</span>;
  }
  return (
    <Card title="Scheduled tasks">
      <p className="dash-state" aria-live="polite">
        {status}
      </p>
      {rows.length > 0 && !tasks.error ? (
        <ul className="recent-list task-list">
          {rows.map((task) => {
            const state = taskState(task, now);
            const error = state === 'failed' ? taskErrorPreview(task.last_error) : null;
            return (
              <li key={task.kind} data-state={state}>
                <span className="recent-name">{taskLabel(task.kind)}</span>
                <span className={`task-state task-${state}`}>{taskStateText[state]}</span>
                <span className="recent-meta">{taskDetail(task, now)}</span>
                {error ? (
                  <span className="delivery-error" title={error.full ?? undefined}>
                    {error.text}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </Card>
  );
}

/**
 * Members' sign-in codes by SMS over the last 24 hours: texted, asked for numbers that are no
 * member's (answered alike, nothing sent), refused by a limit, used to sign in. Never a number.
 */
function SignInCodesCard() {
  const stats = useSignInCodeStats(true);
  let body: ReactNode;
  if (stats.error) {
    body = (
      <p className="dash-state">
        <ReadError what="the sign-in figures" reads={[stats]} failed={stats} />
      </p>
    );
  } else if (stats.isPending) {
    body = (
      <p className="dash-state">
        <span className="figure-loading" aria-label="Loading">
          <span className="skeleton" aria-hidden="true" />
        </span>
      </p>
    );
  } else {
    const figures: [string, number][] = [
      ['Codes texted', stats.data.sent],
      ['Signed in', stats.data.signed_in],
      ['Numbers that are no member’s', stats.data.not_members],
      ['Refused by a limit', stats.data.refused],
    ];
    body = (
      <ul className="recent-list sign-in-codes">
        {figures.map(([label, value]) => (
          <li key={label}>
            <span className="recent-name">{label}</span>
            <span className="recent-meta">{value.toLocaleString('en-KE')}</span>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Card title="Member sign-ins (last 24 hours)" link={{ to: screens.settings.path, label: 'Sign-in limits in Settings' }}>
      {body}
    </Card>
  );
}

/** The dashboard (spec: back-office.md §2.5, §7.5). */
export default function DashboardPage() {
  const { access, profile, user } = useAuth();
  if (!access) return null;
  const sections = dashboardSections(access);
  const actions = quickActions(access);
  const title = dashboardTitle(access);
  const fullName = profile?.full_name ?? (typeof user?.user_metadata.full_name === 'string' ? user.user_metadata.full_name : '');
  const firstName = fullName.trim().split(/\s+/)[0] ?? '';
  const nothing =
    !sections.members &&
    !sections.content &&
    !sections.finances &&
    !sections.prayerRequests &&
    !sections.failedDeliveries &&
    !sections.scheduledTasks &&
    !sections.signInCodes;

  return (
    <div className="dashboard">
      <title>{title}</title>
      <header className="dash-header">
        <h1>{title}</h1>
        <p className="dash-welcome">{firstName ? `Welcome back, ${firstName}.` : 'Welcome back.'}</p>
      </header>
      {nothing ? (
        <p className="dash-note">
          Your account can open the dashboard only. If your work needs other screens, ask the system administrator to
          give your account the right permissions.
        </p>
      ) : (
        <div className="dash-grid">
          {sections.members ? <MembersCard user={access} /> : null}
          {sections.content ? <ContentCard show={sections.content} /> : null}
          {sections.finances ? <FinancesCard show={sections.finances} user={access} /> : null}
          {sections.prayerRequests ? <PrayerRequestsCard user={access} /> : null}
          {sections.failedDeliveries ? <FailedDeliveriesCard /> : null}
          {sections.scheduledTasks ? <ScheduledTasksCard /> : null}
          {sections.signInCodes ? <SignInCodesCard /> : null}
        </div>
      )}
      {actions.length > 0 ? (
        <section className="dash-actions" aria-labelledby="quick-actions">
          <h2 id="quick-actions">Quick Actions</h2>
          <ul>
            {actions.map((action) => (
              <li key={action.path}>
                <Link to={action.path}>{action.label}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
