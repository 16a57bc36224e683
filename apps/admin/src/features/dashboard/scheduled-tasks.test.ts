import { describe, expect, it } from 'vitest';
import { intervalText, taskDetail, taskLabel, taskState, tasksSummary, type ScheduledTask } from './scheduled-tasks';

const now = new Date('2026-11-27T07:00:00Z');

function task(fields: Partial<ScheduledTask> = {}): ScheduledTask {
  return {
    kind: 'reconcile_payments',
    every_secs: 30,
    last_run_at: '2026-11-27T06:59:30Z',
    last_ok: true,
    last_error: null,
    last_failed_at: null,
    failures_last_day: 0,
    next_run_at: '2026-11-27T07:00:00Z',
    ...fields,
  };
}

describe('scheduled tasks wording', () => {
  it('names the known tasks and reads an unknown one', () => {
    expect(taskLabel('reconcile_payments')).toBe('Payment reconciliation');
    expect(taskLabel('scheduled_backup')).toBe('Backup check');
    expect(taskLabel('backup_drill')).toBe('Backup drill (a test restore)');
    expect(taskLabel('realtime_prune_changes')).toBe('Clearing old live updates');
    expect(taskLabel('nightly_report')).toBe('Nightly report');
  });

  it('says the interval in the largest whole unit', () => {
    expect(intervalText(30)).toBe('every 30 seconds');
    expect(intervalText(600)).toBe('every 10 minutes');
    expect(intervalText(3600)).toBe('every hour');
    expect(intervalText(90)).toBe('every 90 seconds');
    expect(intervalText(172_800)).toBe('every 2 days');
  });

  it('tells a failed last run, a task nobody runs, and one not run yet', () => {
    expect(taskState(task(), now)).toBe('ok');
    expect(taskState(task({ last_ok: false, last_error: 'database down' }), now)).toBe('failed');
    expect(taskState(task({ next_run_at: null }), now)).toBe('overdue');
    // Two intervals late is a hiccup for a 30-second task under two minutes: still fine.
    expect(taskState(task({ next_run_at: '2026-11-27T06:59:00Z' }), now)).toBe('ok');
    expect(taskState(task({ next_run_at: '2026-11-27T06:50:00Z' }), now)).toBe('overdue');
    expect(taskState(task({ last_run_at: null, last_ok: null }), now)).toBe('waiting');
  });

  it('sums up and details each task on the church clock', () => {
    expect(tasksSummary([task(), task({ kind: 'hourly_sweep', every_secs: 3600 })], now)).toBe('All scheduled tasks are running.');
    expect(tasksSummary([task(), task({ kind: 'hourly_sweep', last_ok: false })], now)).toBe(
      '1 of 2 scheduled tasks need attention.',
    );
    expect(tasksSummary([], now)).toMatch(/No scheduled tasks have run yet/);
    expect(taskDetail(task({ failures_last_day: 2 }), now)).toBe(
      'Runs every 30 seconds; last ran at 27 Nov 2026, 09:59. 2 failed runs in the last day.',
    );
    expect(
      taskDetail(task({ last_ok: false, last_failed_at: '2026-11-27T06:59:30Z', next_run_at: '2026-11-27T07:00:00Z' }), now),
    ).toBe('Runs every 30 seconds. The last run failed at 27 Nov 2026, 09:59; the next runs at 27 Nov 2026, 10:00.');
  });
});
