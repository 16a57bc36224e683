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

/** The continuous archive (the managed cluster's WAL shipper); null with DATABASE_URL. */
export interface ArchiveStatus {
  destination: string;
  /** Where the destination was named: the server's KANISA_BACKUP_URL, the setting, or neither. */
  source: 'environment' | 'settings' | 'default';
  /** A base backup that worked is at this destination (a new one gets its first at once). */
  base_here: boolean;
  on_this_machine: boolean;
  encrypted: boolean;
  last_segment: string | null;
  last_shipped_at: string | null;
  last_pass_at: string | null;
  /** Set while shipping fails (cleared by the next pass that works). */
  last_error: string | null;
  /** When the failing began. */
  last_error_at: string | null;
  /** The fingerprint of the key that seals the backups (never the key), when encrypted. */
  key_fingerprint: string | null;
  /** The key is one Kanisa generated (no KANISA_BACKUP_KEY on the server). */
  key_generated: boolean;
  /** A Super Admin confirmed that key's recovery sheet is stored away from the server. */
  key_confirmed: boolean;
}

/** What one destination can restore: one unbroken run of its change log (issue 42). */
export interface BackupWindow {
  destination: string;
  /** When the oldest full backup in the run finished: null when it holds none yet. */
  from: string | null;
  /** When its change log was last stored there. */
  to: string;
  /** Its newest run (earlier ones ended at a gap). */
  current: boolean;
}

/** With DATABASE_URL: the last scheduled dump stored at the backup destination. */
export interface DumpsStatus {
  destination: string;
  on_this_machine: boolean;
  encrypted: boolean;
  /** Stored files copied beside it by that backup. */
  files_copied: number | null;
  file: string | null;
}

/** The last backup drill: a restore into a scratch copy compared with the live database. */
export interface DrillRun {
  finished_at: string;
  ok: boolean;
  error: string | null;
  tables: number | null;
  rows: number | null;
  files: number | null;
}

export interface BackupStatus {
  frequency: string | null;
  keep: number | null;
  last: BackupRun | null;
  /** The last backup that worked (older than `last` when that one failed). */
  last_success_at: string | null;
  next_due_at: string | null;
  archive: ArchiveStatus | null;
  dumps: DumpsStatus | null;
  last_drill: DrillRun | null;
  /** A drill is queued or running. */
  drill_waiting: boolean;
  /** Each destination's restorable windows, newest first. */
  windows: BackupWindow[];
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
  const flag = (value: unknown, name: string) => {
    if (typeof value !== 'boolean') throw read.fail(`${name} is not true or false`);
    return value;
  };
  let archive: ArchiveStatus | null = null;
  if (answer.archive !== null && answer.archive !== undefined) {
    const a = read.record(answer.archive, 'archive');
    const source = a.source ?? 'default';
    if (source !== 'environment' && source !== 'settings' && source !== 'default') throw read.fail('archive.source is not environment, settings or default');
    archive = {
      destination: read.text(a.destination, 'archive.destination'),
      source,
      base_here: a.base_here === undefined ? true : flag(a.base_here, 'archive.base_here'),
      on_this_machine: flag(a.on_this_machine, 'archive.on_this_machine'),
      encrypted: flag(a.encrypted, 'archive.encrypted'),
      last_segment: read.textOrNull(a.last_segment, 'archive.last_segment'),
      last_shipped_at: read.textOrNull(a.last_shipped_at, 'archive.last_shipped_at'),
      last_pass_at: read.textOrNull(a.last_pass_at, 'archive.last_pass_at'),
      last_error: read.textOrNull(a.last_error, 'archive.last_error'),
      last_error_at: read.textOrNull(a.last_error_at, 'archive.last_error_at'),
      key_fingerprint: read.textOrNull(a.key_fingerprint, 'archive.key_fingerprint'),
      key_generated: a.key_generated === true,
      key_confirmed: a.key_confirmed === true,
    };
  }
  let dumps: DumpsStatus | null = null;
  if (answer.dumps !== null && answer.dumps !== undefined) {
    const d = read.record(answer.dumps, 'dumps');
    dumps = {
      destination: read.text(d.destination, 'dumps.destination'),
      on_this_machine: flag(d.on_this_machine, 'dumps.on_this_machine'),
      encrypted: flag(d.encrypted, 'dumps.encrypted'),
      files_copied: numberOrNull(d.files_copied, 'dumps.files_copied'),
      file: read.textOrNull(d.file, 'dumps.file'),
    };
  }
  let lastDrill: DrillRun | null = null;
  if (answer.last_drill !== null && answer.last_drill !== undefined) {
    const d = read.record(answer.last_drill, 'last_drill');
    lastDrill = {
      finished_at: read.text(d.finished_at, 'last_drill.finished_at'),
      ok: flag(d.ok, 'last_drill.ok'),
      error: read.textOrNull(d.error, 'last_drill.error'),
      tables: numberOrNull(d.tables, 'last_drill.tables'),
      rows: numberOrNull(d.rows, 'last_drill.rows'),
      files: numberOrNull(d.files, 'last_drill.files'),
    };
  }
  return {
    frequency: read.textOrNull(answer.frequency, 'frequency'),
    keep: numberOrNull(answer.keep, 'keep'),
    last,
    last_success_at: read.textOrNull(answer.last_success_at, 'last_success_at'),
    next_due_at: read.textOrNull(answer.next_due_at, 'next_due_at'),
    archive,
    dumps,
    last_drill: lastDrill,
    drill_waiting: answer.drill_waiting === true,
    windows: readWindows(read, answer.windows),
  };
}

function readWindows(read: ReturnType<typeof answerReader>, value: unknown): BackupWindow[] {
  if (value === null || value === undefined) return [];
  if (!Array.isArray(value)) throw read.fail('windows is not a list');
  return value.map((item: unknown, i) => {
    const w = read.record(item, `windows[${String(i)}]`);
    return {
      destination: read.text(w.destination, `windows[${String(i)}].destination`),
      from: read.textOrNull(w.from, `windows[${String(i)}].from`),
      to: read.text(w.to, `windows[${String(i)}].to`),
      current: w.current === true,
    };
  });
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

/** "just now", "4 minutes ago", "3 hours ago", "2 days ago". */
export function ago(iso: string, now: Date): string {
  const secs = Math.max(0, Math.round((now.getTime() - new Date(iso).getTime()) / 1000));
  if (secs < 60) return 'just now';
  const units: [number, string][] = [
    [86_400, 'day'],
    [3_600, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, name] of units) {
    if (secs >= size) {
      const n = Math.floor(secs / size);
      return `${String(n)} ${name}${n === 1 ? '' : 's'} ago`;
    }
  }
  return 'just now';
}

export interface StatusText {
  text: string;
  tone: 'ok' | 'warn' | 'failed' | 'none';
}

/**
 * Where the backups go, and a plain warning when that is this server's own disk; who chose the
 * place; whether the first full backup is there yet; how to restore from there on a new machine.
 */
export function describeDestination(archive: ArchiveStatus): StatusText {
  const sealed = archive.encrypted ? 'encrypted' : 'not encrypted';
  const named =
    archive.source === 'environment'
      ? ' It is set on the server (KANISA_BACKUP_URL), which comes before the Backup destination field.'
      : '';
  const first = archive.base_here ? '' : ' No full backup is there yet: the first one is being taken now.';
  if (archive.on_this_machine && archive.source === 'default') {
    return {
      text: `Backups go to ${archive.destination} (${sealed}), on this server’s own disk: if the disk fails, the backups are lost with it. Set a Backup destination above: a folder on another disk, or an S3 bucket.${first}`,
      tone: 'warn',
    };
  }
  const restore = ` On a new machine: kanisa restore --latest --from ${archive.destination} --into DIR.`;
  if (archive.on_this_machine) {
    return {
      text: `Backups go to ${archive.destination} (${sealed}), a folder this server writes: make sure it is another disk.${named}${first}${restore}`,
      tone: archive.base_here ? 'ok' : 'warn',
    };
  }
  return {
    text: `Backups go to ${archive.destination} (${sealed}), off this server.${named}${first}${restore}`,
    tone: archive.base_here ? 'ok' : 'warn',
  };
}

/**
 * With DATABASE_URL: what Kanisa keeps (the scheduled dumps, with the stored files, at the
 * destination) and what the provider keeps (restoring to a minute).
 */
export function describeDumps(dumps: DumpsStatus): StatusText {
  const sealed = dumps.encrypted ? 'encrypted' : 'not encrypted';
  const provider =
    'Restoring to a chosen minute is your database provider’s point-in-time recovery; Kanisa’s copy is for a lost provider account or a restore elsewhere.';
  if (dumps.on_this_machine) {
    return {
      text: `The database is run by your database provider. Kanisa’s scheduled copies, with the stored files, go to ${dumps.destination} (${sealed}), on this server’s own disk: set a Backup destination above (a folder on another disk, or an S3 bucket). ${provider}`,
      tone: 'warn',
    };
  }
  return {
    text: `The database is run by your database provider. Kanisa’s scheduled copies, with the stored files, go to ${dumps.destination} (${sealed}). ${provider}`,
    tone: 'ok',
  };
}

/** How far behind the continuous archive is: the work a crash now could lose. */
export function describeArchive(archive: ArchiveStatus, now: Date): StatusText {
  if (archive.last_error) {
    const since = archive.last_error_at ? ` since ${formatMoment(archive.last_error_at)}` : '';
    return {
      text: `The archive cannot reach the backup destination${since}: ${archive.last_error}. Work done since then is only on this server.`,
      tone: 'failed',
    };
  }
  if (!archive.last_pass_at) return { text: 'The archive has not shipped anything yet.', tone: 'none' };
  const idle = (now.getTime() - new Date(archive.last_pass_at).getTime()) / 1000;
  if (idle > 300) {
    return {
      text: `The archive has not run since ${formatMoment(archive.last_pass_at)}: is the server running?`,
      tone: 'warn',
    };
  }
  const shipped = archive.last_shipped_at
    ? `last change log shipped ${ago(archive.last_shipped_at, now)}`
    : 'nothing needed shipping yet';
  return {
    text: `Continuous archive running: ${shipped}. A crash now would lose at most about the last minute of work.`,
    tone: 'ok',
  };
}

/**
 * Whether the backups can be opened without this server: encrypted with the server's
 * KANISA_BACKUP_KEY, or with a key Kanisa made, whose recovery sheet must be stored away from
 * the server until a Super Admin confirms it is (issue 42).
 */
export function describeKey(archive: ArchiveStatus): StatusText {
  if (!archive.encrypted || !archive.key_fingerprint) {
    return {
      text: 'The backups are not encrypted: anyone who can read the backup destination can read the church’s data. Set KANISA_BACKUP_KEY on the server.',
      tone: 'warn',
    };
  }
  const fingerprint = archive.key_fingerprint;
  if (!archive.key_generated) {
    return {
      text: `The backups are encrypted with the server’s KANISA_BACKUP_KEY (fingerprint ${fingerprint}). Keep a copy of that key away from the server: without it no backup can be opened.`,
      tone: 'ok',
    };
  }
  if (!archive.key_confirmed) {
    return {
      text: `The backups are encrypted with a key this server made (fingerprint ${fingerprint}). If this server is lost, the backups cannot be opened without that key: open the recovery sheet, print it or copy it out, and keep it away from the server.`,
      tone: 'warn',
    };
  }
  return {
    text: `The backups are encrypted with a key this server made (fingerprint ${fingerprint}); its recovery sheet is stored away from the server.`,
    tone: 'ok',
  };
}

/**
 * Each destination's windows: the moments it can restore (from its oldest full backup kept in an
 * unbroken change log to when the log was last stored), the current destination first.
 */
export function describeWindows(windows: readonly BackupWindow[], current: string): StatusText[] {
  const order = [...windows].sort((a, b) => Number(b.destination === current) - Number(a.destination === current) || Number(b.current) - Number(a.current));
  return order.map((w) => {
    const place = w.destination === current ? `${w.destination} (in use)` : w.destination;
    if (!w.from) {
      return {
        text: `${place}: a change log up to ${formatMoment(w.to)} but no full backup with it${w.current ? ' yet: one is being taken' : ''}: nothing to restore from this stretch.`,
        tone: w.current && w.destination === current ? 'warn' : 'none',
      };
    }
    const span = `any moment from ${formatMoment(w.from)} to ${formatMoment(w.to)}`;
    return w.current
      ? { text: `${place} can restore ${span}.`, tone: 'ok' }
      : { text: `${place}, before a gap in its change log, could restore ${span}.`, tone: 'none' };
  });
}

/** The last drill, or that there has been none. */
export function describeDrill(drill: DrillRun | null): StatusText {
  if (!drill) {
    return { text: 'No backup drill yet: one runs each week, the first soon after the first backup.', tone: 'none' };
  }
  const when = formatMoment(drill.finished_at);
  if (!drill.ok) return { text: `Last drill ${when} FAILED: ${drill.error ?? 'no reason given'}`, tone: 'failed' };
  const counts = [
    drill.tables === null ? null : `${String(drill.tables)} tables`,
    drill.rows === null ? null : `${drill.rows.toLocaleString('en-KE')} rows`,
  ].filter(Boolean);
  const files = drill.files === null ? '' : `; ${drill.files.toLocaleString('en-KE')} stored files found`;
  return {
    text: `Last drill ${when} passed: the backup restored equal to the live database (${counts.join(', ')})${files}.`,
    tone: 'ok',
  };
}
