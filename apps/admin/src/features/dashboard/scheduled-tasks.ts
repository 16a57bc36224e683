/**
 * The "Scheduled tasks" card's wording: what each periodic task is, how often it runs, and what
 * its last run says. A row as the server may send it: a task that never ran has no last run.
 */
export interface ScheduledTask {
  kind: string;
  every_secs: number;
  last_run_at: string | null;
  last_ok: boolean | null;
  last_error: string | null;
  last_failed_at: string | null;
  failures_last_day: number;
  next_run_at: string | null;
}

const taskLabels: ReadonlyMap<string, string> = new Map([
  ['reconcile_payments', 'Payment reconciliation'],
  ['hourly_sweep', 'Hourly clean-up'],
  ['notification_sweep', 'Event reminders and birthday wishes'],
  ['scheduled_backup', 'Backup check'],
  ['backup_drill', 'Backup drill (a test restore)'],
  ['realtime_prune_changes', 'Clearing old live updates'],
]);

export { errorPreview } from './failed-deliveries';

/** What the task is; a kind this version does not know reads as its name. */
export function taskLabel(kind: string): string {
  const known = taskLabels.get(kind);
  if (known) return known;
  const words = kind.replace(/_/g, ' ').trim();
  return words === '' ? 'Task' : words.charAt(0).toUpperCase() + words.slice(1);
}

/** "every 30 seconds", "every 10 minutes", "every hour", "every 2 days". */
export function intervalText(secs: number): string {
  const units: [number, string][] = [
    [86_400, 'day'],
    [3_600, 'hour'],
    [60, 'minute'],
    [1, 'second'],
  ];
  for (const [size, unit] of units) {
    if (secs >= size && secs % size === 0) {
      const n = secs / size;
      return n === 1 ? `every ${unit}` : `every ${n.toLocaleString('en-KE')} ${unit}s`;
    }
  }
  return `every ${secs.toLocaleString('en-KE')} seconds`;
}

/** How a task stands now. */
export type TaskState = 'ok' | 'failed' | 'overdue' | 'waiting';

/**
 * `failed` when its last finished run failed; `overdue` when its next run should have started more
 * than two intervals (and at least two minutes) ago — no server is running jobs; `waiting` when it
 * has not run yet; else `ok`.
 */
export function taskState(task: ScheduledTask, now: Date): TaskState {
  if (task.last_ok === false) return 'failed';
  const late = Math.max(2 * task.every_secs, 120) * 1000;
  const next = task.next_run_at ? Date.parse(task.next_run_at) : Number.NaN;
  if (task.next_run_at === null || (!Number.isNaN(next) && now.getTime() - next > late)) return 'overdue';
  if (task.last_run_at === null) return 'waiting';
  return 'ok';
}

/** The card's sentence: all running, or how many need attention. */
export function tasksSummary(tasks: readonly ScheduledTask[], now: Date): string {
  if (tasks.length === 0) return 'No scheduled tasks have run yet: they start with the server.';
  const troubled = tasks.filter((t) => {
    const state = taskState(t, now);
    return state === 'failed' || state === 'overdue';
  }).length;
  if (troubled === 0) return 'All scheduled tasks are running.';
  return `${troubled.toLocaleString('en-KE')} of ${tasks.length.toLocaleString('en-KE')} scheduled ${
    tasks.length === 1 ? 'task needs' : 'tasks need'
  } attention.`;
}

/** A time on the church's clock: "27 Nov 2026, 10:05". */
export function churchTime(iso: string | null): string {
  if (!iso) return 'never';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'time unknown';
  return date.toLocaleString('en-KE', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Africa/Nairobi',
  });
}

/** The line under a task's name. */
export function taskDetail(task: ScheduledTask, now: Date): string {
  const state = taskState(task, now);
  const every = intervalText(task.every_secs);
  switch (state) {
    case 'failed':
      return `Runs ${every}. The last run failed at ${churchTime(task.last_failed_at)}; the next runs at ${churchTime(task.next_run_at)}.`;
    case 'overdue':
      return task.next_run_at === null
        ? `Runs ${every}, but no run is scheduled: is a server running with job workers (KANISA_JOB_WORKERS)?`
        : `Runs ${every}, but the run due at ${churchTime(task.next_run_at)} has not started: is a server running with job workers (KANISA_JOB_WORKERS)?`;
    case 'waiting':
      return `Runs ${every}; first run at ${churchTime(task.next_run_at)}.`;
    case 'ok': {
      const failures =
        task.failures_last_day > 0
          ? ` ${task.failures_last_day.toLocaleString('en-KE')} failed ${task.failures_last_day === 1 ? 'run' : 'runs'} in the last day.`
          : '';
      return `Runs ${every}; last ran at ${churchTime(task.last_run_at)}.${failures}`;
    }
  }
}
