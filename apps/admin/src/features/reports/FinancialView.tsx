import { useMemo } from 'react';
import { formatKesWhole } from '../../lib/giving';
import type { FinancialReport } from './report-answers';
import { ReportChart } from './ReportChart';
import { FigureList, ReportTableView } from './ReportParts';
import { financialContent, monthLabel } from './report-rules';

/** Financial: income, approved expenses and net income; income by category; the 6-month trend as bars. */
export function FinancialView({ report }: { report: FinancialReport }) {
  const content = useMemo(() => financialContent(report), [report]);
  const [categories, trend] = content.tables;
  const chart = useMemo(
    () => ({
      labels: report.trend.map((row) => monthLabel(row.month)),
      series: [
        { label: 'Income', values: report.trend.map((row) => row.income) },
        { label: 'Approved expenses', values: report.trend.map((row) => row.expenses) },
      ],
    }),
    [report],
  );
  return (
    <>
      <FigureList figures={content.figures} label="Financial totals" />
      {categories ? <ReportTableView table={categories} /> : null}
      {trend ? (
        <ReportChart
          title={trend.title}
          kind="bar"
          what="income and approved expenses per month"
          labels={chart.labels}
          series={chart.series}
          format={formatKesWhole}
        >
          <ReportTableView table={trend} bare />
        </ReportChart>
      ) : null}
    </>
  );
}
