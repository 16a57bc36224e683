import { useCallback, useId, type ReactNode } from 'react';
import { LazyChart } from '../../components/ui/LazyChart';
import type { Chart } from './chart-parts';
import { chartSummary, type ChartSeries } from './report-rules';

/** Chart.js with the reports' parts, loaded on first use (see chart-parts.ts). */
const loadChartParts = () => import('./chart-parts');

const colors = ['#123c69', '#b7791f', '#2f855a'];

interface Props {
  title: string;
  kind: 'bar' | 'line';
  /** For the summary a screen reader hears: 'income and approved expenses per month'. */
  what: string;
  labels: readonly string[];
  series: readonly ChartSeries[];
  /** How a value reads on the axis, in tooltips and in the summary. */
  format: (value: number) => string;
  /** The chart's numbers (a table), under "Show the numbers". */
  children: ReactNode;
}

/**
 * One chart of a report tab: bars or lines over the answer's series, drawn by Chart.js loaded on
 * first use. The canvas carries a summary and the numbers are a table, so nothing depends on
 * seeing it.
 */
export function ReportChart({ title, kind, what, labels, series, format, children }: Props) {
  const headingId = useId();
  const draw = useCallback(
    (parts: { Chart: typeof Chart }, element: HTMLCanvasElement, still: boolean) =>
      new parts.Chart(element, {
        type: kind,
        data: {
          labels: [...labels],
          datasets: series.map((one, index) => ({
            label: one.label,
            data: [...one.values],
            backgroundColor: colors[index % colors.length],
            borderColor: colors[index % colors.length],
            borderWidth: kind === 'line' ? 2 : 0,
            borderRadius: kind === 'bar' ? 4 : 0,
            maxBarThickness: 40,
            pointRadius: 3,
            tension: 0.25,
          })),
        },
        options: {
          responsive: true,
          maintainAspectRatio: false,
          animation: still ? false : { duration: 400 },
          interaction: { mode: 'index', intersect: false },
          scales: { y: { beginAtZero: true, ticks: { callback: (value) => format(Number(value)) } } },
          plugins: {
            legend: { display: series.length > 1, position: 'bottom' },
            tooltip: { callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${format(item.parsed.y ?? 0)}` } },
          },
        },
      }),
    [kind, labels, series, format],
  );
  const kindWord = kind === 'bar' ? 'Bar' : 'Line';
  return (
    <section className="rp-panel rp-chart" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <LazyChart
        load={loadChartParts}
        draw={draw}
        what={`${title} chart`}
        summary={chartSummary(kindWord, what, labels, series, format)}
        bars={kind === 'bar' ? labels.length * series.length : undefined}
      >
        {children}
      </LazyChart>
    </section>
  );
}
