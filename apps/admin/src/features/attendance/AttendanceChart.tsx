import { useCallback, useId } from 'react';
import { formatDay } from '../../components/ui/form-values';
import { LazyChart } from '../../components/ui/LazyChart';
import { divineTotal, formatCount, shortDay, type AttendanceRow } from './attendance-rules';
import type { Chart } from './chart-parts';

interface Props {
  /** The last Sabbaths, oldest first. */
  rows: readonly AttendanceRow[];
}

const series = [
  { label: 'Divine Total', color: '#123c69', value: (row: AttendanceRow) => row.divine_total ?? divineTotal(row) },
  { label: 'Sabbath School', color: '#b7791f', value: (row: AttendanceRow) => row.sabbath_school_count },
] as const;

/** Chart.js with the line chart's parts, loaded on first use (see chart-parts.ts). */
const loadChartParts = () => import('./chart-parts');

/** What a screen reader hears for the canvas: the span, and where each line starts, ends and peaks. */
export function chartSummary(rows: readonly AttendanceRow[]): string {
  const first = rows[0];
  const last = rows[rows.length - 1];
  if (!first || !last) return 'No Sabbaths recorded yet.';
  const parts = series.map(({ label, value }) => {
    const values = rows.map(value);
    return `${label} went from ${formatCount(value(first))} to ${formatCount(value(last))} (highest ${formatCount(Math.max(...values))}, lowest ${formatCount(Math.min(...values))})`;
  });
  return `Line chart of the last ${String(rows.length)} Sabbaths, ${formatDay(first.attendance_date)} to ${formatDay(last.attendance_date)}. ${parts.join('; ')}.`;
}

/**
 * The attendance of the last Sabbaths as a line chart (divine total and Sabbath School). Chart.js
 * is loaded here, on first use, in a chunk of its own. The numbers are also a table (under
 * "Show the numbers") and the canvas carries a summary, so nothing depends on seeing the lines.
 */
export function AttendanceChart({ rows }: Props) {
  const headingId = useId();
  const draw = useCallback(
    (parts: { Chart: typeof Chart }, element: HTMLCanvasElement, still: boolean) =>
      new parts.Chart(element, {
        type: 'line',
        data: {
          labels: rows.map((row) => shortDay(row.attendance_date)),
          datasets: series.map(({ label, color, value }) => ({
            label,
            data: rows.map(value),
            borderColor: color,
            backgroundColor: color,
            borderWidth: 2,
            pointRadius: 3,
            tension: 0.25,
          })),
        },
        options: {
          responsive: true,
          maintainAspectRatio: false,
          animation: still ? false : { duration: 400 },
          interaction: { mode: 'index', intersect: false },
          scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
          plugins: { legend: { position: 'bottom' } },
        },
      }),
    [rows],
  );

  return (
    <section className="attendance-chart" aria-labelledby={headingId}>
      <h2 id={headingId}>Last {rows.length} Sabbaths</h2>
      <LazyChart load={loadChartParts} draw={draw} what="attendance chart" summary={chartSummary(rows)}>
        <div className="small-table-wrap">
          <table className="small-table">
            <caption className="sr-only">Attendance of the last {rows.length} Sabbaths, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                {series.map(({ label }) => (
                  <th key={label} scope="col" className="num">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row">{formatDay(row.attendance_date)}</th>
                  {series.map(({ label, value }) => (
                    <td key={label} className="num" data-label={label}>
                      {formatCount(value(row))}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </LazyChart>
    </section>
  );
}
