import { KanisaError } from '@kanisa/client';
import { describe, expect, it } from 'vitest';
import { describeBackup, formatBytes, isMissingFunction, readBackupStatus } from './backup-status';

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
