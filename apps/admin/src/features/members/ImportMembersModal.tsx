import { KanisaError } from '@kanisa/client';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../components/ui/Alert';
import { Badge } from '../../components/ui/Badge';
import { DataTable, type Column } from '../../components/ui/DataTable';
import { errorDetail, errorMessage } from '../../components/ui/error-detail';
import { Modal } from '../../components/ui/Modal';
import { formatCount } from '../../components/ui/paged-list';
import { Spinner } from '../../components/ui/Spinner';
import { useImportMembers, type ImportReport, type ImportRowReport } from './api/import-members';
import { CsvError } from '../../lib/csv';
import { MemberCsvError, readMemberCsv, type MemberCsvFile } from './member-csv';

export const importTexts = {
  unreadable: 'The file could not be read. Please choose a CSV file (a spreadsheet saved as CSV).',
};

/** Rows of the preview table at most (all refused rows come first); the import takes every row. */
export const PREVIEW_ROWS = 200;

interface Props {
  onClose: () => void;
  /** The import was written: say so on the page. */
  onImported: (report: ImportReport) => void;
  onTemplate: () => void;
}

type Step =
  | { kind: 'choose'; problem?: string | undefined }
  | { kind: 'checking'; fileName: string }
  | { kind: 'preview'; fileName: string; file: MemberCsvFile; report: ImportReport }
  | { kind: 'importing'; fileName: string; file: MemberCsvFile; report: ImportReport }
  | { kind: 'done'; report: ImportReport };

const actionBadge: Record<ImportRowReport['action'], { tone: 'success' | 'info' | 'danger'; label: string }> = {
  add: { tone: 'success', label: 'Add' },
  update: { tone: 'info', label: 'Update' },
  refused: { tone: 'danger', label: 'Refused' },
};

/** "12 members" / "1 member". */
function members(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'member' : 'members'}`;
}

/** "text" with a full stop at the end. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * Why the server refused to check the file: its own words when it refused the file itself (more
 * than 5,000 rows: 22023, with its hint), "no connection" when there was no answer.
 */
export function refusalText(error: unknown): string {
  const detail = errorDetail(error);
  if (detail) return detail;
  if (error instanceof KanisaError && error.code === '22023') return [sentence(error.message), error.hint].filter(Boolean).join(' ');
  return `The file could not be checked: ${sentence(errorMessage(error))}`;
}

/**
 * Import members from a CSV file: the file is read here, the server checks every row and says
 * which will be added, updated (by membership number) or refused and why; nothing is written
 * until the user confirms, and then the valid rows are written in one transaction.
 */
export function ImportMembersModal({ onClose, onImported, onTemplate }: Props) {
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const importing = useImportMembers();
  const fileId = useId();
  const busy = step.kind === 'checking' || step.kind === 'importing';
  // Each step's content replaces the last: focus moves to the new step's first element.
  const body = useRef<HTMLDivElement>(null);
  const shown = useRef(step.kind);
  useEffect(() => {
    if (shown.current === step.kind) return;
    shown.current = step.kind;
    body.current?.querySelector<HTMLElement>('[data-step-focus]')?.focus();
  }, [step.kind]);

  const check = async (chosen: File) => {
    let file: MemberCsvFile;
    try {
      file = readMemberCsv(await chosen.text());
    } catch (error) {
      const known = error instanceof CsvError || error instanceof MemberCsvError;
      if (!known) console.error('Reading the import file failed', error);
      setStep({ kind: 'choose', problem: known ? error.message : importTexts.unreadable });
      return;
    }
    setStep({ kind: 'checking', fileName: chosen.name });
    importing.mutate(
      { rows: file.rows, apply: false },
      {
        onSuccess: (report) => {
          setStep({ kind: 'preview', fileName: chosen.name, file, report });
        },
        onError: (error) => {
          console.error('Checking the member import failed', error);
          setStep({ kind: 'choose', problem: refusalText(error) });
        },
      },
    );
  };

  const apply = () => {
    if (step.kind !== 'preview') return;
    setStep({ ...step, kind: 'importing' });
    importing.mutate(
      { rows: step.file.rows, apply: true },
      {
        onSuccess: (report) => {
          setStep({ kind: 'done', report });
          onImported(report);
        },
        onError: (error) => {
          console.error('Importing members failed', error);
          setStep({ ...step, kind: 'preview' });
        },
      },
    );
  };

  return (
    <Modal title="Import Members" onClose={onClose} busy={busy} initialFocus="[data-step-focus]">
      <div className="modal-body" ref={body}>
        {step.kind === 'choose' ? (
          <>
            <p className="import-intro">
              Choose a CSV file with one member per line and the template’s columns (first_name and last_name are required). You will
              see which members will be added, updated or refused before anything is saved. At most 5,000 members per file.{' '}
              <button type="button" className="btn-link" onClick={onTemplate}>
                Download the template
              </button>
            </p>
            {step.problem ? <Alert>{step.problem}</Alert> : null}
            <div className="field import-file">
              <label htmlFor={fileId}>CSV file</label>
              <input
                data-step-focus
                id={fileId}
                type="file"
                accept=".csv,text/csv"
                onChange={(event) => {
                  const chosen = event.target.files?.[0];
                  event.target.value = '';
                  if (chosen) void check(chosen);
                }}
              />
            </div>
          </>
        ) : step.kind === 'checking' ? (
          <div data-step-focus tabIndex={-1}>
            <Spinner label={`Checking ${step.fileName}...`} />
          </div>
        ) : step.kind === 'done' ? (
          <ImportResult report={step.report} />
        ) : (
          <ImportPreview fileName={step.fileName} file={step.file} report={step.report} error={importing.error} failed={importing.isError && step.kind === 'preview'} />
        )}
      </div>
      <div className="modal-footer">
        {step.kind === 'done' ? (
          <button type="button" className="btn btn-primary" onClick={onClose}>
            Done
          </button>
        ) : (
          <>
            <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
              Cancel
            </button>
            {step.kind === 'preview' || step.kind === 'importing' ? (
              <>
                <button
                  type="button"
                  className="btn btn-secondary"
                  disabled={busy}
                  onClick={() => {
                    importing.reset();
                    setStep({ kind: 'choose' });
                  }}
                >
                  Choose Another File
                </button>
                <button type="button" className="btn btn-primary" disabled={busy || step.report.added + step.report.updated === 0} onClick={apply}>
                  {step.kind === 'importing' ? 'Importing...' : `Import ${members(step.report.added + step.report.updated)}`}
                </button>
              </>
            ) : null}
          </>
        )}
      </div>
    </Modal>
  );
}

function ImportPreview({ fileName, file, report, error, failed }: { fileName: string; file: MemberCsvFile; report: ImportReport; error: unknown; failed: boolean }) {
  // The server counts rows from line 2; the file's own line is where the row starts (a quoted
  // value may span lines, blank lines are skipped).
  const fileLine = (row: ImportRowReport) => file.lines[row.line - 2] ?? row.line;
  const ordered = [...report.rows.filter((row) => row.action === 'refused'), ...report.rows.filter((row) => row.action !== 'refused')];
  const shown = ordered.slice(0, PREVIEW_ROWS);
  const columns: Column<ImportRowReport & { id: string }>[] = [
    { header: 'Line', className: 'nowrap', cell: (row) => fileLine(row) },
    { header: 'Name', cell: (row) => row.name || '—' },
    { header: 'Membership No.', cell: (row) => row.membership_number ?? '—' },
    {
      header: 'Action',
      cell: (row) => <Badge tone={actionBadge[row.action].tone}>{actionBadge[row.action].label}</Badge>,
    },
    { header: 'Reason', cell: (row) => row.reason ?? '' },
  ];
  return (
    <>
      <p className="import-intro" data-step-focus tabIndex={-1}>
        {`${fileName}: ${members(report.rows.length)} read. Nothing has been saved yet.`}
        {file.ignored.length > 0 ? ` Columns not in the template are ignored: ${file.ignored.join(', ')}.` : ''}
      </p>
      {failed ? (
        <Alert>
          {`The import failed and nothing was saved: ${errorMessage(error)}`}
          {errorDetail(error) ? <span className="alert-detail">{errorDetail(error)}</span> : null}
        </Alert>
      ) : null}
      <ul className="import-summary" aria-label="What the import will do">
        <li>{`${formatCount(report.added)} to add`}</li>
        <li>{`${formatCount(report.updated)} to update`}</li>
        <li>{`${formatCount(report.refused)} refused`}</li>
      </ul>
      {report.refused > 0 ? (
        <p className="import-note">Refused rows are not imported; fix them in the file and import it again (existing members are updated, not doubled).</p>
      ) : null}
      <div className="import-rows" role="region" aria-label="Rows of the file" tabIndex={0}>
        <DataTable
          caption="Rows of the file and what the import does with each"
          columns={columns}
          rows={shown.map((row) => ({ ...row, id: String(row.line) }))}
          rowKey={(row) => row.id}
          empty={<p>The file has no rows.</p>}
        />
      </div>
      {ordered.length > shown.length ? (
        <p className="import-note">{`Showing ${formatCount(shown.length)} of ${formatCount(ordered.length)} rows (refused ones first). Every valid row is imported.`}</p>
      ) : null}
    </>
  );
}

function ImportResult({ report }: { report: ImportReport }) {
  return (
    <div data-step-focus tabIndex={-1}>
      <Alert tone="success">
      <p>{`Import complete: ${members(report.added)} added, ${members(report.updated)} updated.`}</p>
        {report.refused > 0 ? <p>{`${formatCount(report.refused)} ${report.refused === 1 ? 'row was' : 'rows were'} refused and not imported.`}</p> : null}
      </Alert>
    </div>
  );
}
