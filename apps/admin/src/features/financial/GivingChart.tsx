import { useCallback, useId } from 'react';
import { LazyChart } from '../../components/ui/LazyChart';
import { formatKesWhole } from '../../lib/giving';
import type { Chart } from './chart-parts';
import { longMonthLabel, monthLabel, type MonthTotal } from './financial-rules';

interface Props {
  /** The 12 months of the trend, oldest first. */
  months: readonly MonthTotal[];
}

/** Chart.js with the bar chart's parts, loaded on first use (see chart-parts.ts). */
const loadChartParts = () => import('./chart-parts');

/** What a screen reader hears for the canvas: the span, the total, the highest and lowest month. */
export function givingChartSummary(months: readonly MonthTotal[]): string {
  const first = months[0];
  const last = months[months.length - 1];
  if (!first || !last) return 'No months to show.';
  const total = months.reduce((sum, m) => sum + m.total, 0);
  const highest = months.reduce((best, m) => (m.total > best.total ? m : best), first);
  const lowest = months.reduce((least, m) => (m.total < least.total ? m : least), first);
  return (
    `Bar chart of verified giving per month, ${longMonthLabel(first.month)} to ${longMonthLabel(last.month)}: ` +
    `${formatKesWhole(total)} in all; highest ${longMonthLabel(highest.month)} (${formatKesWhole(highest.total)}), ` +
    `lowest ${longMonthLabel(lowest.month)} (${formatKesWhole(lowest.total)}). The numbers are in the table below.`
  );
}

/**
 * Verified giving of the last 12 months as bars. Chart.js is loaded here, on first use, in a
 * chunk of its own. The canvas carries a summary and the 12 values are a table (under "Show the
 * numbers"), so nothing depends on seeing the bars.
 */
export function GivingChart({ months }: Props) {
  const headingId = useId();
  const draw = useCallback(
    (parts: { Chart: typeof Chart }, element: HTMLCanvasElement, still: boolean) =>
      new parts.Chart(element, {
        type: 'bar',
        data: {
          labels: months.map((m) => monthLabel(m.month)),
          datasets: [
            {
              label: 'Verified giving (KES)',
              data: months.map((m) => m.total),
              backgroundColor: '#123c69',
              hoverBackgroundColor: '#b7791f',
              borderRadius: 4,
              maxBarThickness: 48,
            },
          ],
        },
        options: {
          responsive: true,
          maintainAspectRatio: false,
          animation: still ? false : { duration: 400 },
          scales: {
            y: { beginAtZero: true, ticks: { callback: (value) => formatKesWhole(Number(value)) } },
          },
          plugins: {
            tooltip: { callbacks: { label: (item) => formatKesWhole(item.parsed.y ?? 0) } },
          },
        },
      }),
    [months],
  );
  const summary = givingChartSummary(months);
  return (
    <section className="fin-panel fin-chart" aria-labelledby={headingId}>
      <h2 id={headingId}>Giving, last {months.length} months</h2>
      <LazyChart load={loadChartParts} draw={draw} what="giving chart" summary={summary} bars={months.length}>
        <div className="fin-table-wrap">
          <table className="fin-table" data-testid="monthly-giving">
            <caption className="sr-only">Verified giving per month, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col" className="num">
                  Giving
                </th>
              </tr>
            </thead>
            <tbody>
              {months.map((m) => (
                <tr key={m.month} data-month={m.month}>
                  <th scope="row">{longMonthLabel(m.month)}</th>
                  <td className="num">{formatKesWhole(m.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </LazyChart>
    </section>
  );
}
