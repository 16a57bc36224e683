import { useState } from 'react';
import { Alert } from '../../components/ui/Alert';
import { Modal } from '../../components/ui/Modal';
import { useConfirmBackupKey, useRecoverySheet } from './api/recovery-sheet';

/**
 * The backup key's recovery sheet (issue 42): the key that opens every backup, its fingerprint,
 * where the backups are and the exact command that brings everything back on a new machine, to
 * print or copy out and keep away from the server; then "I have stored it", which ends the
 * warning on this page. Read from the server only while open.
 */
export function RecoverySheetDialog({ onClose }: { onClose: () => void }) {
  const sheet = useRecoverySheet(true);
  const confirm = useConfirmBackupKey();
  const [done, setDone] = useState(false);
  return (
    <Modal title="Backup key recovery sheet" onClose={onClose} busy={confirm.isPending}>
      <div className="modal-body recovery-sheet print-area">
        {sheet.isPending ? (
          <p role="status">Reading the key…</p>
        ) : sheet.isError ? (
          <Alert>{sheet.error.message || 'Could not read the recovery sheet. Please try again.'}</Alert>
        ) : (
          <>
            <p>
              Every backup of this church’s data is encrypted with this key. If this server is lost, the backups can only be
              opened with it. Print this page or copy it out, and keep it somewhere safe away from the server (with the church’s
              important papers). Anyone with this key and the backups can read the church’s data: do not send it by e-mail or
              message.
            </p>
            <dl className="recovery-sheet-facts">
              <dt>Backup key</dt>
              <dd>
                <code className="recovery-sheet-key" data-recovery="key">
                  {sheet.data.key}
                </code>
              </dd>
              <dt>Fingerprint</dt>
              <dd>
                <code data-recovery="fingerprint">{sheet.data.fingerprint}</code> (Settings shows it, to tell keys apart)
              </dd>
              <dt>Where the backups are</dt>
              <dd>
                <code data-recovery="destination">{sheet.data.destination}</code>
              </dd>
              <dt>On a new machine</dt>
              <dd>
                <code className="recovery-sheet-command" data-recovery="command">
                  {sheet.data.restoreCommand}
                </code>
                <br />
                (DIR is a new, empty folder; then serve it as the restore prints.)
              </dd>
            </dl>
            {done ? (
              <p className="settings-backup settings-backup-ok" role="status">
                Thank you: the sheet is recorded as stored.
              </p>
            ) : null}
            {confirm.isError ? <Alert>{confirm.error.message || 'Could not record it. Please try again.'}</Alert> : null}
          </>
        )}
      </div>
      <div className="modal-footer no-print">
        <button type="button" className="btn btn-secondary" onClick={onClose} disabled={confirm.isPending}>
          Done
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => { window.print(); }} disabled={!sheet.isSuccess}>
          Print
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={!sheet.isSuccess || confirm.isPending || done}
          onClick={() => {
            if (!sheet.data) return;
            confirm.mutate(sheet.data.fingerprint, { onSuccess: () => { setDone(true); } });
          }}
        >
          {confirm.isPending ? 'Recording…' : 'I have stored it away from the server'}
        </button>
      </div>
    </Modal>
  );
}
