import { useMemo } from 'react';
import type { AttendanceReport } from './report-answers';
import { ReportChart } from './ReportChart';
import { FigureList, ReportTableView } from './ReportParts';
import { attendanceContent, formatAverage } from './report-rules';

const averageText = (value: number) => formatAverage(value);

/** Attendance: average and records; service-type comparison; the last 4 records; Q1-Q4 with a bar chart. */
export function AttendanceView({ report }: { report: AttendanceReport }) {
  const content = useMemo(() => attendanceContent(report), [report]);
  const [services, recent, seasonal] = content.tables;
  const chart = useMemo(
    () => ({
      labels: report.seasonal.map((row) => row.quarter),
      series: [{ label: 'Average divine service', values: report.seasonal.map((row) => row.average) }],
    }),
    [report],
  );
  return (
    <>
      <FigureList figures={content.figures} label="Attendance figures" />
      <div className="rp-columns">
        {services ? <ReportTableView table={services} /> : null}
        {recent ? <ReportTableView table={recent} /> : null}
      </div>
      {seasonal ? (
        <ReportChart
          title={seasonal.title}
          kind="bar"
          what="average divine service attendance per quarter"
          labels={chart.labels}
          series={chart.series}
          format={averageText}
        >
          <ReportTableView table={seasonal} bare />
        </ReportChart>
      ) : null}
    </>
  );
}
