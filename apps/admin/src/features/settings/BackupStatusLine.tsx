import { Alert } from '../../components/ui/Alert';
import { useBackupStatus } from './api/get-backup-status';
import { describeBackup, isMissingFunction } from './backup-status';
import { settingsTexts } from './settings-form';

/** Under the backup frequency: 'Last backup: <time>, <size>, <result>'; a failed backup as an error. */
export function BackupStatusLine() {
  const status = useBackupStatus();
  if (status.isPending) {
    return (
      <p className="settings-backup" role="status">
        Checking the last backup...
      </p>
    );
  }
  if (status.isError) {
    if (!isMissingFunction(status.error)) console.error('Reading the backup status failed', status.error);
    return (
      <p className="settings-backup settings-backup-unavailable" data-backup="unavailable">
        {settingsTexts.backupUnavailable}
      </p>
    );
  }
  const line = describeBackup(status.data);
  const next = line.next ? <span className="settings-backup-next">{line.next}</span> : null;
  if (line.tone === 'failed') {
    return (
      <div className="settings-backup" data-backup="failed">
        <Alert>
          {line.text}
          {next}
        </Alert>
      </div>
    );
  }
  return (
    <p className={`settings-backup settings-backup-${line.tone}`} data-backup={line.tone}>
      {line.text}
      {next}
    </p>
  );
}
