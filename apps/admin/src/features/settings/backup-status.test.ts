import { KanisaError } from '@kanisa/client';
import { describe, expect, it } from 'vitest';
import {
  ago,
  describeArchive,
  describeBackup,
  describeDestination,
  describeDrill,
  describeDumps,
  describeKey,
  describeWindows,
  formatBytes,
  isMissingFunction,
  readBackupStatus,
} from './backup-status';

const run = (extra: Record<string, unknown> = {}) => ({
  started_at: '2026-11-24T23:00:00Z',
  finished_at: '2026-11-24T23:00:05Z',
  ok: true,
  size_bytes: 5_452_595,
  file: 'kanisa-20261124T230000Z.dump',
  error: null,
  ...extra,
});

describe('the backup status', () => {
  it('describes a backup that worked: time in Nairobi, size, result', () => {
    const status = readBackupStatus({ frequency: 'daily', keep: 7, last: run(), next_due_at: '2026-11-25T23:00:00Z' });
    expect(describeBackup(status)).toEqual({
      text: 'Last backup: 25 Nov 2026, 02:00, 5.2 MB, succeeded',
      tone: 'ok',
      next: 'Next backup due: 26 Nov 2026, 02:00',
    });
  });

  it('describes a failed backup with its error', () => {
    const failed = run({ ok: false, size_bytes: null, error: 'disk full' });
    const status = readBackupStatus({ frequency: 'weekly', keep: 4, last: failed, last_success_at: '2026-11-17T23:00:04Z', next_due_at: '2026-11-24T23:00:04Z' });
    expect(describeBackup(status)).toEqual({
      text: 'Last backup: 25 Nov 2026, 02:00, failed: disk full',
      tone: 'failed',
      next: 'Last successful backup: 18 Nov 2026, 02:00',
    });
    const never = readBackupStatus({ frequency: 'weekly', keep: 4, last: failed, last_success_at: null, next_due_at: null });
    expect(describeBackup(never).next).toBe('No backup has worked yet');
  });

  it('says when there has been none, or one is running', () => {
    expect(describeBackup(readBackupStatus({ frequency: 'daily', keep: 7, last: null, last_success_at: null, next_due_at: null })).text).toBe(
      'Last backup: none yet',
    );
    const running = readBackupStatus({ frequency: 'daily', keep: 7, last: run({ finished_at: null, ok: null, size_bytes: null }), next_due_at: null });
    expect(describeBackup(running)).toMatchObject({ text: 'Last backup: 25 Nov 2026, 02:00, in progress', tone: 'running' });
  });

  it('refuses an answer of another shape', () => {
    expect(() => readBackupStatus(null)).toThrow(KanisaError);
    expect(() => readBackupStatus({ last: run({ ok: 'yes' }) })).toThrow(/unexpected way/);
    expect(() => readBackupStatus({ last: run({ size_bytes: 'big' }) })).toThrow(KanisaError);
  });

  it('knows a server without the function', () => {
    expect(isMissingFunction(new KanisaError({ code: 'PGRST202', message: 'Could not find the function', status: 404 }))).toBe(true);
    expect(isMissingFunction(new KanisaError({ code: 'http_404', message: 'Not found', status: 404 }))).toBe(true);
    expect(isMissingFunction(new KanisaError({ code: '42501', message: 'permission denied', status: 403 }))).toBe(false);
  });

  it('writes sizes in B, KB, MB, GB', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5_452_595)).toBe('5.2 MB');
    expect(formatBytes(150 * 1024 * 1024)).toBe('150 MB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.0 GB');
  });
});

const archive = (extra: Record<string, unknown> = {}) => ({
  destination: 's3://church-backups/kanisa/',
  source: 'settings' as const,
  base_here: true,
  on_this_machine: false,
  encrypted: true,
  last_segment: '000000010000000000000042',
  last_shipped_at: '2026-11-25T06:58:00Z',
  last_pass_at: '2026-11-25T06:59:58Z',
  last_error: null,
  last_error_at: null,
  key_fingerprint: 'a1b2c3d4e5f60718',
  key_generated: true,
  key_confirmed: false,
  ...extra,
});
const now = new Date('2026-11-25T07:00:00Z');

describe('the continuous archive and the drill', () => {
  it('reads them from the status, and their absence (DATABASE_URL)', () => {
    const status = readBackupStatus({ last: null, archive: archive(), last_drill: null, drill_waiting: true });
    expect(status.archive?.destination).toBe('s3://church-backups/kanisa/');
    expect(status.drill_waiting).toBe(true);
    const external = readBackupStatus({ last: null });
    expect(external.archive).toBeNull();
    expect(external.drill_waiting).toBe(false);
    expect(() => readBackupStatus({ archive: archive({ encrypted: 'yes' }) })).toThrow(KanisaError);
    expect(() => readBackupStatus({ last_drill: { finished_at: '2026-11-25T06:00:00Z', ok: 1 } })).toThrow(KanisaError);
  });

  it('warns plainly when the backups are on this server’s own disk', () => {
    const here = readBackupStatus({
      archive: archive({ destination: 'file:///srv/kanisa/backups/', source: 'default', on_this_machine: true, encrypted: false }),
    });
    const line = describeDestination(here.archive ?? archive());
    expect(line.tone).toBe('warn');
    expect(line.text).toContain('on this server’s own disk: if the disk fails, the backups are lost with it');
    expect(line.text).toContain('(not encrypted)');
    expect(line.text).toContain('Set a Backup destination above');
    const away = readBackupStatus({ archive: archive() });
    expect(describeDestination(away.archive ?? archive())).toEqual({
      text: 'Backups go to s3://church-backups/kanisa/ (encrypted), off this server. On a new machine: kanisa restore --latest --from s3://church-backups/kanisa/ --into DIR.',
      tone: 'ok',
    });
  });

  it('says who chose the destination and whether its first full backup is there yet', () => {
    const line = (extra: Record<string, unknown>) => describeDestination(readBackupStatus({ archive: archive(extra) }).archive ?? archive());
    const fresh = line({ base_here: false });
    expect(fresh.tone).toBe('warn');
    expect(fresh.text).toContain('No full backup is there yet: the first one is being taken now.');
    expect(line({ source: 'environment' }).text).toContain('set on the server (KANISA_BACKUP_URL), which comes before the Backup destination field');
    expect(line({}).text).not.toContain('KANISA_BACKUP_URL');
    const usb = line({ destination: 'file:///mnt/usb/kanisa/', on_this_machine: true, source: 'settings' });
    expect(usb).toEqual({
      text: 'Backups go to file:///mnt/usb/kanisa/ (encrypted), a folder this server writes: make sure it is another disk. On a new machine: kanisa restore --latest --from file:///mnt/usb/kanisa/ --into DIR.',
      tone: 'ok',
    });
    expect(() => readBackupStatus({ archive: archive({ source: 'cloud' }) })).toThrow(KanisaError);
    // A server from before the field: the place is the default, and a backup is assumed there.
    const older = readBackupStatus({ archive: archive({ source: undefined, base_here: undefined }) }).archive;
    expect(older?.source).toBe('default');
    expect(older?.base_here).toBe(true);
  });

  it('says how far behind the archive is, that it stopped, or that it fails and since when', () => {
    const read = (extra: Record<string, unknown>) => readBackupStatus({ archive: archive(extra) }).archive ?? archive();
    expect(describeArchive(read({}), now)).toEqual({
      text: 'Continuous archive running: last change log shipped 2 minutes ago. A crash now would lose at most about the last minute of work.',
      tone: 'ok',
    });
    expect(describeArchive(read({ last_pass_at: '2026-11-25T06:00:00Z' }), now)).toEqual({
      text: 'The archive has not run since 25 Nov 2026, 09:00: is the server running?',
      tone: 'warn',
    });
    expect(describeArchive(read({ last_error: 'connection refused', last_error_at: '2026-11-25T06:30:00Z' }), now)).toEqual({
      text: 'The archive cannot reach the backup destination since 25 Nov 2026, 09:30: connection refused. Work done since then is only on this server.',
      tone: 'failed',
    });
    expect(describeArchive(read({ last_pass_at: null, last_shipped_at: null }), now).tone).toBe('none');
  });

  it('describes the last drill: none, passed with its counts, failed with its reason', () => {
    expect(describeDrill(null).tone).toBe('none');
    const passed = readBackupStatus({
      last_drill: { finished_at: '2026-11-22T01:00:00Z', ok: true, error: null, tables: 41, rows: 123456, files: 87 },
    }).last_drill;
    expect(describeDrill(passed)).toEqual({
      text: 'Last drill 22 Nov 2026, 04:00 passed: the backup restored equal to the live database (41 tables, 123,456 rows); 87 stored files found.',
      tone: 'ok',
    });
    const failed = readBackupStatus({
      last_drill: { finished_at: '2026-11-22T01:00:00Z', ok: false, error: 'the base backup does not unpack', tables: null, rows: null, files: null },
    }).last_drill;
    expect(describeDrill(failed)).toEqual({ text: 'Last drill 22 Nov 2026, 04:00 FAILED: the base backup does not unpack', tone: 'failed' });
  });

  it('says ages in words', () => {
    expect(ago('2026-11-25T06:59:30Z', now)).toBe('just now');
    expect(ago('2026-11-25T06:59:00Z', now)).toBe('1 minute ago');
    expect(ago('2026-11-25T04:00:00Z', now)).toBe('3 hours ago');
    expect(ago('2026-11-23T07:00:00Z', now)).toBe('2 days ago');
  });

  it('says with DATABASE_URL where the dumps go and what the provider keeps', () => {
    const dumps = (extra: Record<string, unknown> = {}) =>
      readBackupStatus({
        dumps: {
          destination: 's3://church-backups/kanisa/',
          on_this_machine: false,
          encrypted: true,
          files_copied: 3,
          file: 'dumps/kanisa-20261125T010000Z.dump',
          ...extra,
        },
      }).dumps;
    const offsite = dumps();
    expect(offsite?.files_copied).toBe(3);
    expect(describeDumps(offsite!)).toEqual({
      text: 'The database is run by your database provider. Kanisa’s scheduled copies, with the stored files, go to s3://church-backups/kanisa/ (encrypted). Restoring to a chosen minute is your database provider’s point-in-time recovery; Kanisa’s copy is for a lost provider account or a restore elsewhere.',
      tone: 'ok',
    });
    const local = describeDumps(dumps({ destination: 'file:///srv/kanisa/backups/', on_this_machine: true, encrypted: false })!);
    expect(local.tone).toBe('warn');
    expect(local.text).toContain('file:///srv/kanisa/backups/ (not encrypted), on this server’s own disk');
    expect(readBackupStatus({}).dumps).toBeNull();
    expect(() => dumps({ encrypted: 'yes' })).toThrow(KanisaError);
  });

  it('says whether the backups open without this server, and asks for the recovery sheet until it is stored (issue 42)', () => {
    const read = (extra: Record<string, unknown>) => readBackupStatus({ archive: archive(extra) }).archive ?? archive();
    const unconfirmed = describeKey(read({}));
    expect(unconfirmed.tone).toBe('warn');
    expect(unconfirmed.text).toBe(
      'The backups are encrypted with a key this server made (fingerprint a1b2c3d4e5f60718). If this server is lost, the backups cannot be opened without that key: open the recovery sheet, print it or copy it out, and keep it away from the server.',
    );
    expect(describeKey(read({ key_confirmed: true }))).toEqual({
      text: 'The backups are encrypted with a key this server made (fingerprint a1b2c3d4e5f60718); its recovery sheet is stored away from the server.',
      tone: 'ok',
    });
    expect(describeKey(read({ key_generated: false })).text).toContain('the server’s KANISA_BACKUP_KEY (fingerprint a1b2c3d4e5f60718)');
    expect(describeKey(read({ encrypted: false, key_fingerprint: null })).tone).toBe('warn');
    // A server from before issue 42: no key fields, not confirmed.
    const older = readBackupStatus({ archive: archive({ key_fingerprint: undefined, key_generated: undefined, key_confirmed: undefined }) }).archive;
    expect(older?.key_confirmed).toBe(false);
  });

  it('lists what each destination can restore, the one in use first, and a stretch with no full backup (issue 42)', () => {
    const status = readBackupStatus({
      windows: [
        { destination: 'file:///mnt/usb/', from: '2026-11-20T07:00:00Z', to: '2026-11-24T07:00:00Z', current: true },
        { destination: 's3://church-backups/kanisa/', from: null, to: '2026-11-25T06:58:00Z', current: true },
        { destination: 's3://church-backups/kanisa/', from: '2026-11-01T07:00:00Z', to: '2026-11-10T07:00:00Z', current: false },
      ],
    });
    expect(describeWindows(status.windows, 's3://church-backups/kanisa/')).toEqual([
      {
        text: 's3://church-backups/kanisa/ (in use): a change log up to 25 Nov 2026, 09:58 but no full backup with it yet: one is being taken: nothing to restore from this stretch.',
        tone: 'warn',
      },
      {
        text: 's3://church-backups/kanisa/ (in use), before a gap in its change log, could restore any moment from 1 Nov 2026, 10:00 to 10 Nov 2026, 10:00.',
        tone: 'none',
      },
      { text: 'file:///mnt/usb/ can restore any moment from 20 Nov 2026, 10:00 to 24 Nov 2026, 10:00.', tone: 'ok' },
    ]);
    expect(readBackupStatus({}).windows).toEqual([]);
    expect(() => readBackupStatus({ windows: {} })).toThrow(KanisaError);
    expect(() => readBackupStatus({ windows: [{ destination: 'x', to: 5 }] })).toThrow(KanisaError);
  });
});
