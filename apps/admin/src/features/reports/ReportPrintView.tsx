import { Link } from 'react-router-dom';
import { formatDay } from '../../components/ui/form-values';
import { PageHeader } from '../../components/ui/PageHeader';
import { Spinner } from '../../components/ui/Spinner';
import { churchToday } from '../../lib/church-time';
import { ChurchLetterhead } from '../../components/ui/ChurchLetterhead';
import { useChurchIdentity } from '../../lib/settings';
import { useAllReports } from './api/reports-api';
import { PeriodSelector, usePeriod } from './PeriodSelector';
import type { ReportByTab, ReportTab } from './report-answers';
import { FigureList, InsightList, ReportTableView } from './ReportParts';
import { ReportDenied, ReportProblem } from './ReportProblem';
import { periodLabel, rangeText, reportTexts, tabContent, tabLabel } from './report-rules';
import '../../components/ui/print.css';

export const printTexts = {
  description: 'The whole report for the period on separate sheets: print it, or choose "Save as PDF" as the printer.',
  print: 'Print',
  back: 'Back to the report',
  prepared: (day: string) => `Prepared ${formatDay(day)}`,
} as const;

/** One tab as a section of the printed report (a sheet of its own). */
function PrintSection<T extends ReportTab>({ tab, report }: { tab: T; report: ReportByTab[T] }) {
  const content = tabContent(tab, report);
  const headingId = `rp-print-${tab}`;
  return (
    <section className="rp-print-section" data-section={tab} aria-labelledby={headingId}>
      <h3 id={headingId}>{tabLabel(tab)}</h3>
      <FigureList figures={content.figures} label={`${tabLabel(tab)} figures`} />
      {content.insights ? <InsightList insights={content.insights} level={4} /> : null}
      {/* The Overview's tables repeat its figures and insights (they are for the CSV). */}
      {tab === 'overview' ? null : content.tables.map((table) => <ReportTableView key={table.id} table={table} level={4} />)}
      {content.insight ? <p className="rp-print-insight">{content.insight}</p> : null}
    </section>
  );
}

/**
 * /admin/reports/print?period=…: every tab the reader may open, for the period, as one document with the
 * church's letterhead, each tab on a sheet of its own. Printing (or saving as PDF) is the user's
 * choice, by the Print button; in print only the document shows, not the back office's frame.
 */
export function ReportPrintView({ tabs }: { tabs: readonly ReportTab[] }) {
  const [period, setPeriod] = usePeriod();
  const church = useChurchIdentity();
  const reports = useAllReports(tabs, period);
  const today = churchToday();
  const failed = reports.filter((query) => query.isError);
  // Each tab the reader may open, once every one has arrived.
  const parts = tabs.flatMap((tab, index) => {
    const report: ReportByTab[ReportTab] | undefined = reports[index]?.data;
    return report ? [{ tab, report }] : [];
  });
  const first = parts[0];
  const loaded = first && parts.length === tabs.length ? { first, parts } : null;

  return (
    <div className="content-page reports-page rp-print-page">
      <title>{`Print | ${reportTexts.title} | Back Office`}</title>
      <div className="no-print">
        <PageHeader
          title={reportTexts.title}
          description={printTexts.description}
          actions={
            <>
              <button
                type="button"
                className="btn btn-primary"
                disabled={!loaded}
                onClick={() => {
                  window.print();
                }}
              >
                {printTexts.print}
              </button>
              <Link className="btn btn-secondary" to={`/reports?period=${period}`}>
                {printTexts.back}
              </Link>
            </>
          }
        />
        <PeriodSelector period={period} onChange={setPeriod} />
      </div>

      {tabs.length === 0 ? (
        <ReportDenied error={null} />
      ) : failed[0] ? (
        <ReportProblem
          error={failed[0].error}
          what="the report"
          onRetry={() => Promise.all(failed.map((query) => query.refetch()))}
        />
      ) : !loaded ? (
        <Spinner label={reportTexts.loading} />
      ) : (
        <article className="print-area print-document rp-print" aria-labelledby="rp-print-title">
          <header className="doc-head">
            <ChurchLetterhead church={church.data} />
            <div className="rp-print-title">
              <h2 id="rp-print-title">{reportTexts.title}</h2>
              <p className="rp-print-period">
                {periodLabel(period)}: {rangeText(loaded.first.report)}
              </p>
              <p className="rp-print-prepared">{printTexts.prepared(today)}</p>
            </div>
          </header>
          {loaded.parts.map(({ tab, report }) => (
            <PrintSection key={tab} tab={tab} report={report} />
          ))}
        </article>
      )}
    </div>
  );
}
