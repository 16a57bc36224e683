import { KanisaError } from '@kanisa/client';
import { answerReader } from '../../lib/answer-reader';
import { CHURCH_TIME_ZONE } from '../../lib/church-time';

/**
 * `get_backup_status()` (Super Admin with system_settings): the backup schedule and the last run,
 * shown on the Security tab under the backup frequency.
 */

export interface BackupRun {
  started_at: string;
  finished_at: string | null;
  /** null while the backup is still running. */
  ok: boolean | null;
  size_bytes: number | null;
  file: string | null;
  error: string | null;
}

export interface BackupStatus {
  frequency: string | null;
  keep: number | null;
  last: BackupRun | null;
  /** The last backup that worked (older than `last` when that one failed). */
  last_success_at: string | null;
  next_due_at: string | null;
}

/** Reads the function's answer; a shape that does not fit is an error naming the field. */
export function readBackupStatus(data: unknown): BackupStatus {
  const read = answerReader('backup status');
  const answer = read.record(data, 'the answer');
  const numberOrNull = (value: unknown, name: string) => (value === null || value === undefined ? null : read.number(value, name));
  let last: BackupRun | null = null;
  if (answer.last !== null && answer.last !== undefined) {
    const run = read.record(answer.last, 'last');
    if (run.ok !== null && run.ok !== undefined && typeof run.ok !== 'boolean') throw read.fail('last.ok is not true or false');
    last = {
      started_at: read.text(run.started_at, 'last.started_at'),
      finished_at: read.textOrNull(run.finished_at, 'last.finished_at'),
      ok: typeof run.ok === 'boolean' ? run.ok : null,
      size_bytes: numberOrNull(run.size_bytes, 'last.size_bytes'),
      file: read.textOrNull(run.file, 'last.file'),
      error: read.textOrNull(run.error, 'last.error'),
    };
  }
  return {
    frequency: read.textOrNull(answer.frequency, 'frequency'),
    keep: numberOrNull(answer.keep, 'keep'),
    last,
    last_success_at: read.textOrNull(answer.last_success_at, 'last_success_at'),
    next_due_at: read.textOrNull(answer.next_due_at, 'next_due_at'),
  };
}

/** The function is not in this server (yet): 404, or PostgREST's "no such function". */
export function isMissingFunction(error: unknown): boolean {
  return error instanceof KanisaError && (error.code === 'PGRST202' || error.status === 404);
}

/** 1536 → '1.5 KB'; bytes in powers of 1024. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${units[unit] ?? 'B'}`;
}

/** '25 Nov 2026, 02:00' in the church's time zone. */
export function formatMoment(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-KE', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: CHURCH_TIME_ZONE,
  }).format(date);
}

export interface BackupLine {
  /** 'Last backup: <time>, <size>, <result>'. */
  text: string;
  tone: 'ok' | 'failed' | 'running' | 'none';
  /** 'Next backup due: <time>', when the server says; after a failure, the last one that worked. */
  next: string | null;
}

/** The line under the backup frequency. */
export function describeBackup(status: BackupStatus): BackupLine {
  const next = status.next_due_at ? `Next backup due: ${formatMoment(status.next_due_at)}` : null;
  const run = status.last;
  if (!run) return { text: 'Last backup: none yet', tone: 'none', next };
  const time = formatMoment(run.finished_at ?? run.started_at);
  const size = run.size_bytes === null ? null : formatBytes(run.size_bytes);
  if (run.ok === null || !run.finished_at) {
    return { text: `Last backup: ${time}, in progress`, tone: 'running', next };
  }
  if (!run.ok) {
    const parts = [time, size, `failed${run.error ? `: ${run.error}` : ''}`].filter(Boolean);
    const good = status.last_success_at ? `Last successful backup: ${formatMoment(status.last_success_at)}` : 'No backup has worked yet';
    return { text: `Last backup: ${parts.join(', ')}`, tone: 'failed', next: good };
  }
  return { text: `Last backup: ${[time, size, 'succeeded'].filter(Boolean).join(', ')}`, tone: 'ok', next };
}
