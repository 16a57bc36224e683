import { useMemo } from 'react';
import type { MembershipReport } from './report-answers';
import { ReportChart } from './ReportChart';
import { FigureList, ReportTableView } from './ReportParts';
import { formatCount, membershipContent, monthLabel } from './report-rules';

/** Membership: totals, age distribution, ministry participation, growth per month end with a line chart. */
export function MembershipView({ report }: { report: MembershipReport }) {
  const content = useMemo(() => membershipContent(report), [report]);
  const [ages, ministries, growth] = content.tables;
  const chart = useMemo(
    () => ({
      labels: report.growth.map((row) => monthLabel(row.month_end)),
      series: [{ label: 'Active members', values: report.growth.map((row) => row.members) }],
    }),
    [report],
  );
  return (
    <>
      <FigureList figures={content.figures} label="Membership figures" />
      <div className="rp-columns">
        {ages ? <ReportTableView table={ages} /> : null}
        {ministries ? <ReportTableView table={ministries} /> : null}
      </div>
      {growth ? (
        <ReportChart title={growth.title} kind="line" what="active members at each month end" labels={chart.labels} series={chart.series} format={formatCount}>
          <ReportTableView table={growth} bare />
        </ReportChart>
      ) : null}
    </>
  );
}
