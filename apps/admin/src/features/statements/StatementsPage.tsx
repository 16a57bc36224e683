import { useState } from 'react';
import { Alert } from '../../components/ui/Alert';
import { LoadError } from '../../components/ui/LoadError';
import { Notice } from '../../components/ui/Notice';
import { PageHeader } from '../../components/ui/PageHeader';
import { formatCount } from '../../components/ui/paged-list';
import { Spinner } from '../../components/ui/Spinner';
import { churchToday, isDay, rangeProblem } from '../../lib/church-time';
import { toCsv } from '../../lib/csv';
import { downloadText } from '../../lib/download';
import { useChurchIdentity } from '../../lib/settings';
import type { GivingStatement } from './api/answers';
import { useGivingStatement } from './api/get-giving-statement';
import { STATEMENTS_PAGE_SIZE, useExportStatements, useStatementsPage } from './api/get-giving-statements';
import { DocumentActions } from './DocumentActions';
import { GivingStatementDocument } from './GivingStatementDocument';
import { MemberPicker } from './MemberPicker';
import { PeriodForm } from './PeriodForm';
import { reportProblemDetail } from './report-problem';
import {
  batchCsvRows,
  batchFileName,
  defaultStatementRange,
  formatPeriod,
  membersRangeText,
  statementCsvRows,
  statementFileName,
  type DayRange,
} from './statement-rules';
import '../../components/ui/print.css';
import './statements.css';
import { useAddressParams } from '../../lib/use-address-params';

export const statementsPageTexts = {
  title: 'Giving Statements',
  description: 'Print-ready statements of each member’s verified giving, for the year-end or any period.',
  one: 'One member',
  all: 'All members who gave',
  chooseMember: 'Find a member above to show their statement.',
  loadingOne: 'Loading the statement...',
  loadingAll: 'Loading the statements...',
  failedOne: 'Could not load the statement.',
  failedAll: 'Could not load the statements.',
  nobody: (period: string) => `No member has verified gifts in ${period}.`,
  printNote: (count: number) => `Print prints the ${formatCount(count)} statements on this page, each on its own sheet.`,
  exported: (count: number) => `Exported ${formatCount(count)} ${count === 1 ? 'member' : 'members'} to a CSV file.`,
  exportedOne: 'The statement was saved as a CSV file.',
  exportFailed: 'Could not export the statements. Please try again.',
};

type View = 'member' | 'all';

/** The period in the address (?from=&to=), or the year-end statement's. */
function rangeFrom(params: URLSearchParams, today: string): DayRange {
  const fallback = defaultStatementRange(today);
  const from = params.get('from');
  const to = params.get('to');
  return { from: isDay(from) ? from : fallback.from, to: isDay(to) ? to : fallback.to };
}

/** ?page=N of the batch, from 1. */
function pageFrom(params: URLSearchParams): number {
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return Number.isNaN(page) || page < 1 ? 1 : page;
}

/**
 * /admin/financial/statements: a member's giving statement for a period (by default the
 * year-end statement), or every member who gave, 50 statements a page, each printed on its own
 * sheet; Print, and the same figures as CSV. The state lives in the address (period, member or
 * batch, page), so a statement can be bookmarked and opened again.
 */
export default function StatementsPage() {
  const [params, setParams] = useAddressParams();
  const today = churchToday();
  const range = rangeFrom(params, today);
  const problem = rangeProblem(range.from, range.to);
  const view: View = params.get('view') === 'all' ? 'all' : 'member';
  const memberId = view === 'member' ? params.get('member') : null;
  const page = pageFrom(params);
  const offset = (page - 1) * STATEMENTS_PAGE_SIZE;

  const [search, setSearch] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [exportProblem, setExportProblem] = useState<string | null>(null);

  const church = useChurchIdentity();
  const statement = useGivingStatement(memberId && !problem ? { memberId, ...range } : null);
  const batch = useStatementsPage(view === 'all' && !problem ? range : null, offset);
  const exporting = useExportStatements();

  /** Changes some of the address's parameters, keeping the others. */
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next);
    setNotice(null);
    setExportProblem(null);
  };

  const shownOne: GivingStatement | undefined = view === 'member' && memberId ? statement.data : undefined;
  const shownAll = view === 'all' ? batch.data : undefined;
  const canPrint = shownOne !== undefined || (shownAll !== undefined && shownAll.statements.length > 0);

  const exportCsv = () => {
    setNotice(null);
    setExportProblem(null);
    if (shownOne) {
      downloadText(statementFileName(shownOne), toCsv(statementCsvRows(shownOne)));
      setNotice(statementsPageTexts.exportedOne);
      return;
    }
    exporting.mutate(range, {
      onSuccess: (statements) => {
        downloadText(batchFileName(range), toCsv(batchCsvRows(statements)));
        setNotice(statementsPageTexts.exported(statements.length));
      },
      onError: (error) => {
        console.error('Exporting the giving statements failed', error);
        setExportProblem(statementsPageTexts.exportFailed);
      },
    });
  };

  const period = formatPeriod(range.from, range.to);
  const pages = shownAll ? Math.max(1, Math.ceil(shownAll.member_count / STATEMENTS_PAGE_SIZE)) : 1;

  return (
    <div className="content-page statements-page">
      <title>{`${statementsPageTexts.title} | Back Office`}</title>
      <div className="no-print">
        <PageHeader
          title={statementsPageTexts.title}
          description={statementsPageTexts.description}
          actions={
            <DocumentActions
              canPrint={canPrint}
              canExport={shownOne !== undefined || (shownAll !== undefined && shownAll.member_count > 0)}
              exporting={exporting.isPending}
              onExport={exportCsv}
            />
          }
        />

        <PeriodForm
          key={`${range.from}|${range.to}`}
          range={range}
          onApply={(next) => {
            update({ from: next.from, to: next.to, page: null });
          }}
        />

        <fieldset className="view-choice">
          <legend>Statements for</legend>
          <label>
            <input
              type="radio"
              name="statement-view"
              checked={view === 'member'}
              onChange={() => {
                update({ view: null, page: null });
              }}
            />{' '}
            {statementsPageTexts.one}
          </label>
          <label>
            <input
              type="radio"
              name="statement-view"
              checked={view === 'all'}
              onChange={() => {
                update({ view: 'all', member: null });
              }}
            />{' '}
            {statementsPageTexts.all}
          </label>
        </fieldset>

        <Notice text={notice} onDismiss={setNotice} />
        <Notice tone="error" text={exportProblem} onDismiss={setExportProblem} />
        {problem ? <Alert>{problem}</Alert> : null}

        {view === 'member' ? (
          <MemberPicker
            search={search}
            onSearch={setSearch}
            chosenId={memberId}
            onChoose={(member) => {
              update({ member: member.id });
            }}
          />
        ) : null}
      </div>

      {problem ? null : view === 'member' ? (
        !memberId ? (
          <p className="statements-empty no-print">{statementsPageTexts.chooseMember}</p>
        ) : statement.isPending ? (
          <Spinner label={statementsPageTexts.loadingOne} />
        ) : statement.isError ? (
          <LoadError text={statementsPageTexts.failedOne} detail={reportProblemDetail(statement.error)} onRetry={statement.refetch} />
        ) : (
          <div className="print-area">
            <GivingStatementDocument statement={statement.data} church={church.data} today={today} />
          </div>
        )
      ) : batch.isPending ? (
        <Spinner label={statementsPageTexts.loadingAll} />
      ) : batch.isError ? (
        <LoadError text={statementsPageTexts.failedAll} detail={reportProblemDetail(batch.error)} onRetry={batch.refetch} />
      ) : batch.data.member_count === 0 ? (
        <p className="statements-empty">{statementsPageTexts.nobody(period)}</p>
      ) : (
        <>
          <nav className="pager statements-pager no-print" aria-label="Pages of statements">
            <p className="pager-status" aria-live="polite">
              {membersRangeText(batch.data.statements.length === 0 ? 0 : offset, batch.data.statements.length, batch.data.member_count)}
              {pages > 1 ? <span className="pager-page">{` · page ${formatCount(page)} of ${formatCount(pages)}`}</span> : null}
            </p>
            {pages > 1 ? (
              <div className="pager-buttons">
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  disabled={batch.isPlaceholderData || page <= 1}
                  onClick={() => {
                    update({ page: page - 1 === 1 ? null : String(page - 1) });
                  }}
                >
                  Previous
                </button>
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  disabled={batch.isPlaceholderData || page >= pages}
                  onClick={() => {
                    update({ page: String(page + 1) });
                  }}
                >
                  Next
                </button>
              </div>
            ) : null}
          </nav>
          <p className="picker-hint no-print">{statementsPageTexts.printNote(batch.data.statements.length)}</p>
          <div
            className={`print-area statement-batch${batch.isPlaceholderData ? ' list-busy' : ''}`}
            aria-busy={batch.isPlaceholderData}
          >
            {batch.data.statements.map((item) => (
              <GivingStatementDocument key={item.member.id} statement={item} church={church.data} today={today} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
