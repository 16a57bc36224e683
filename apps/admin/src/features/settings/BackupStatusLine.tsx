import { useState } from 'react';
import { KanisaError } from '@kanisa/client';
import { Alert } from '../../components/ui/Alert';
import { Notice } from '../../components/ui/Notice';
import { useBackupStatus } from './api/get-backup-status';
import { useRequestBackupDrill } from './api/request-backup-drill';
import {
  describeArchive,
  describeBackup,
  describeDestination,
  describeDrill,
  describeDumps,
  describeKey,
  describeWindows,
  isMissingFunction,
  type ArchiveStatus,
  type StatusText,
} from './backup-status';
import { RecoverySheetDialog } from './RecoverySheetDialog';
import { settingsTexts } from './settings-form';

/** One status line: a failure as an error, the rest as a toned line. */
function StatusLine({ line, name }: { line: StatusText; name: string }) {
  if (line.tone === 'failed') {
    return (
      <div className="settings-backup" data-backup-part={name} data-tone="failed">
        <Alert>{line.text}</Alert>
      </div>
    );
  }
  return (
    <p className={`settings-backup settings-backup-${line.tone}`} data-backup-part={name} data-tone={line.tone}>
      {line.text}
    </p>
  );
}

/** "Run a drill now": queues one; the answer and the drill's result show in the status. */
function DrillButton({ waiting }: { waiting: boolean }) {
  const request = useRequestBackupDrill();
  const [notice, setNotice] = useState<string | null>(null);
  const busy = request.isPending || waiting;
  return (
    <div className="settings-drill">
      <button
        type="button"
        className="btn btn-secondary"
        disabled={busy}
        onClick={() => {
          setNotice(null);
          request.mutate(undefined, {
            onSuccess: (queued) => {
              setNotice(queued ? settingsTexts.drillQueued : settingsTexts.drillAlreadyWaiting);
            },
            onError: (error) => {
              if (!(error instanceof KanisaError && error.status === 429)) console.error('Asking for a backup drill failed', error);
              setNotice(null);
            },
          });
        }}
      >
        {request.isPending ? 'Asking…' : waiting ? 'Drill running…' : 'Run a drill now'}
      </button>
      <Notice text={notice} onDismiss={setNotice} />
      {request.isError ? (
        <Alert>
          {request.error instanceof KanisaError && request.error.status === 429 ? request.error.message : settingsTexts.drillFailed}
        </Alert>
      ) : null}
    </div>
  );
}

/** Whether the backups can be opened without this server, and the recovery sheet. */
function KeyPart({ archive }: { archive: ArchiveStatus }) {
  const [open, setOpen] = useState(false);
  const line = describeKey(archive);
  return (
    <div className="settings-backup-key">
      <StatusLine name="key" line={line} />
      {archive.encrypted && archive.key_fingerprint ? (
        <button type="button" className="btn btn-secondary" onClick={() => { setOpen(true); }}>
          {archive.key_generated && !archive.key_confirmed ? 'Open the recovery sheet' : 'Show the recovery sheet again'}
        </button>
      ) : null}
      {open ? <RecoverySheetDialog onClose={() => { setOpen(false); }} /> : null}
    </div>
  );
}

/**
 * Under the backup frequency: 'Last backup: <time>, <size>, <result>' (a failed backup as an
 * error); for the managed cluster also where the backups go (with a warning when that is this
 * server's own disk), how far behind the continuous archive is, the last drill, and a button
 * for a drill now.
 */
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
  const archive = status.data.archive;
  const now = new Date();
  return (
    <div className="settings-backups" aria-live="polite">
      {line.tone === 'failed' ? (
        <div className="settings-backup" data-backup="failed">
          <Alert>
            {line.text}
            {next}
          </Alert>
        </div>
      ) : (
        <p className={`settings-backup settings-backup-${line.tone}`} data-backup={line.tone}>
          {line.text}
          {next}
        </p>
      )}
      {archive ? (
        <>
          <StatusLine name="destination" line={describeDestination(archive)} />
          <KeyPart archive={archive} />
          <StatusLine name="archive" line={describeArchive(archive, now)} />
          {describeWindows(status.data.windows, archive.destination).map((window, i) => (
            <StatusLine key={String(i)} name="window" line={window} />
          ))}
          <StatusLine name="drill" line={describeDrill(status.data.last_drill)} />
          <DrillButton waiting={status.data.drill_waiting} />
        </>
      ) : status.data.dumps ? (
        <StatusLine name="dumps" line={describeDumps(status.data.dumps)} />
      ) : null}
    </div>
  );
}
