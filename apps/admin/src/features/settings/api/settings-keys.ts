import { rpcKeys, tableKeys } from '@kanisa/client/react';

/**
 * Query keys of System Settings, on the client's own prefixes: a save here
 * (`invalidateTables(…, ['system_settings'])`) makes every other read of system_settings stale
 * (the letterhead, the church name in the header), and theirs this.
 */
export const settingsKeys = {
  rows: () => tableKeys('system_settings').request('settings-screen'),
  backupStatus: () => rpcKeys('get_backup_status').call({}),
  /** The recovery sheet (a function's answer): no write makes it stale; it is never kept. */
  recoverySheet: () => ['kanisa', 'functions', 'backup-recovery-sheet'] as const,
};

/**
 * What the backup status is read from: the settings (the schedule, the destination) and the
 * server's own backup records (`backups`: kanisa.backups, drills, key confirmations), which a
 * drill asked for or a key confirmed here changes.
 */
export const backupTables = ['system_settings', 'backups'];
