import { rpcKeys, tableKeys } from '@kanisa/client/react';

/**
 * Query keys of System Settings, on the client's own prefixes: a save here makes every other
 * read of system_settings stale (the letterhead, the church name in the header), and theirs this.
 */
export const settingsKeys = {
  rows: () => tableKeys('system_settings').request('settings-screen'),
  backupStatus: () => rpcKeys('get_backup_status').call({}),
};
