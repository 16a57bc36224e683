import { useState, type ReactNode } from 'react';
import { Link, Navigate, NavLink, Route, Routes, useLocation } from 'react-router-dom';
import { Notice } from '../../components/ui/Notice';
import { useAuth } from '../../lib/auth/auth-context';
import { PageHeader } from '../../components/ui/PageHeader';
import { Spinner } from '../../components/ui/Spinner';
import { churchToday } from '../../lib/church-time';
import { toCsv } from '../../lib/csv';
import { downloadText } from '../../lib/download';
import { useReport } from './api/reports-api';
import { AttendanceView } from './AttendanceView';
import { CommunicationView } from './CommunicationView';
import { FinancialView } from './FinancialView';
import { MembershipView } from './MembershipView';
import { OverviewView } from './OverviewView';
import { PeriodSelector, usePeriod } from './PeriodSelector';
import type { ReportByTab, ReportTab } from './report-answers';
import { ReportPrintView } from './ReportPrintView';
import { ReportDenied, ReportProblem } from './ReportProblem';
import {
  allowedTabs,
  periodLabel,
  rangeText,
  reportCsvRows,
  reportFileName,
  reportTexts,
  tabLabel,
  tabOptions,
} from './report-rules';
import './reports.css';

function TabBody<T extends ReportTab>({ tab, report }: { tab: T; report: ReportByTab[T] }): ReactNode {
  switch (tab) {
    case 'overview':
      return <OverviewView report={report as ReportByTab['overview']} />;
    case 'financial':
      return <FinancialView report={report as ReportByTab['financial']} />;
    case 'membership':
      return <MembershipView report={report as ReportByTab['membership']} />;
    case 'attendance':
      return <AttendanceView report={report as ReportByTab['attendance']} />;
    default:
      return <CommunicationView report={report as ReportByTab['communication']} />;
  }
}

/**
 * One tab of the report for the period of the address: the header with Export Report (this
 * tab's figures and tables as CSV) and Print / PDF (the whole report), the period selector, the
 * tabs (each its own address, keeping the period), then the tab.
 */
function ReportsScreen({ tab, tabs }: { tab: ReportTab; tabs: readonly ReportTab[] }) {
  const [period, setPeriod] = usePeriod();
  const [notice, setNotice] = useState<string | null>(null);
  const allowed = tabs.includes(tab);
  const report = useReport(tab, period, allowed);
  const search = `?period=${period}`;

  const exportCsv = () => {
    if (!report.data) return;
    const file = reportFileName(tab, period, churchToday());
    downloadText(file, toCsv(reportCsvRows(tab, report.data)));
    setNotice(reportTexts.exported(file));
  };

  return (
    <div className="content-page reports-page">
      <title>{`${tabLabel(tab)} | ${reportTexts.title} | Back Office`}</title>
      <PageHeader
        title={reportTexts.title}
        description={reportTexts.description}
        actions={
          <>
            <button type="button" className="btn btn-primary" disabled={!report.data} onClick={exportCsv}>
              {reportTexts.exportButton}
            </button>
            <Link className="btn btn-secondary" to={`/reports/print${search}`}>
              {reportTexts.printLink}
            </Link>
          </>
        }
      />
      <PeriodSelector
        period={period}
        onChange={(next) => {
          setNotice(null);
          setPeriod(next);
        }}
      />
      <nav className="rp-tabs" aria-label="Report sections">
        {tabOptions
          .filter((option) => tabs.includes(option.value))
          .map((option) => (
          <NavLink
            key={option.value}
            to={`${option.path}${search}`}
            end
            className={({ isActive }) => `rp-tab${isActive ? ' rp-tab-active' : ''}`}
            onClick={() => {
              setNotice(null);
            }}
          >
            {option.label}
          </NavLink>
        ))}
      </nav>
      <Notice text={notice} onDismiss={setNotice} />

      <section className="rp-body" aria-labelledby="rp-tab-heading" aria-busy={report.isFetching}>
        <h2 id="rp-tab-heading" className="sr-only">
          {`${tabLabel(tab)}, ${periodLabel(period)}`}
        </h2>
        {!allowed ? (
          <ReportDenied error={null} tab={tab} />
        ) : report.isPending ? (
          <Spinner label={reportTexts.loading} />
        ) : report.isError ? (
          <ReportProblem error={report.error} tab={tab} what={`the ${tabLabel(tab).toLowerCase()} report`} onRetry={report.refetch} />
        ) : (
          <>
            <p className="rp-range" data-testid="report-range">
              {periodLabel(report.data.period)}: {rangeText(report.data)}
            </p>
            <TabBody tab={tab} report={report.data} />
          </>
        )}
      </section>
    </div>
  );
}

/** Replaces the address with another tab's, keeping ?period=. */
function NavigateKeepingPeriod({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={`${to}${search}`} replace />;
}

/**
 * /admin/reports (§2.18, issue 20): Reports and Analytics from the server's aggregates. Each tab
 * has its address (/reports, /reports/financial, /membership, /attendance, /communication) and
 * the period is in the query string (?period=week|month|quarter|year, month by default);
 * /reports/print is the whole report for the period, ready to print or save as PDF.
 */
export default function ReportsPage() {
  const { access, loading } = useAuth();
  if (loading) return <Spinner label={reportTexts.loading} />;
  // §2.4: the tabs this reader's permissions open; /reports itself is the first of them (the
  // treasurer, holding view_financial_reports only, lands on Financial).
  const tabs = allowedTabs(access?.permissions ?? []);
  const first = tabOptions.find((option) => option.value === tabs[0]);
  const screen = (tab: ReportTab) => <ReportsScreen tab={tab} tabs={tabs} />;
  return (
    <Routes>
      <Route
        index
        element={tabs.includes('overview') || !first ? screen('overview') : <NavigateKeepingPeriod to={first.path} />}
      />
      <Route path="financial" element={screen('financial')} />
      <Route path="membership" element={screen('membership')} />
      <Route path="attendance" element={screen('attendance')} />
      <Route path="communication" element={screen('communication')} />
      <Route path="print" element={<ReportPrintView tabs={tabs} />} />
      <Route path="*" element={<Navigate to="/reports" replace />} />
    </Routes>
  );
}
