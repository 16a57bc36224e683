import { useEffect, useId, useRef, useState } from 'react';
import { formatKes, longMonthLabel, monthLabel, type MonthTotal } from './financial-rules';

interface Props {
  /** The 12 months of the trend, oldest first. */
  months: readonly MonthTotal[];
}

/** The user asked for less motion (no chart animation then). */
function prefersReducedMotion(): boolean {
  try {
    return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  } catch {
    return false; // no media queries (tests, very old browsers)
  }
}

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
    `${formatKes(total)} in all; highest ${longMonthLabel(highest.month)} (${formatKes(highest.total)}), ` +
    `lowest ${longMonthLabel(lowest.month)} (${formatKes(lowest.total)}). The numbers are in the table below.`
  );
}

/**
 * Verified giving of the last 12 months as bars. Chart.js is loaded here, on first use, in a
 * chunk of its own. The canvas carries a summary and the 12 values are a table (under "Show the
 * numbers"), so nothing depends on seeing the bars.
 */
export function GivingChart({ months }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const headingId = useId();

  useEffect(() => {
    let cancelled = false;
    let chart: { destroy: () => void } | undefined;
    import('./chart-parts')
      .then(({ Chart }) => {
        const element = canvas.current;
        if (cancelled || !element) return;
        chart = new Chart(element, {
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
            animation: prefersReducedMotion() ? false : { duration: 400 },
            scales: {
              y: { beginAtZero: true, ticks: { callback: (value) => formatKes(Number(value)) } },
            },
            plugins: {
              tooltip: { callbacks: { label: (item) => formatKes(item.parsed.y ?? 0) } },
            },
          },
        });
        setState('ready');
      })
      .catch((error: unknown) => {
        console.error('Drawing the giving chart failed', error);
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [months]);

  const summary = givingChartSummary(months);
  return (
    <section className="fin-panel fin-chart" aria-labelledby={headingId}>
      <h2 id={headingId}>Giving, last {months.length} months</h2>
      <div className="fin-chart-canvas" data-state={state}>
        <canvas ref={canvas} role="img" aria-label={summary} data-bars={months.length}>
          {summary}
        </canvas>
        {state === 'loading' ? <p className="fin-chart-note">Drawing the chart...</p> : null}
        {state === 'failed' ? <p className="fin-chart-note">The chart could not be drawn; the numbers are below.</p> : null}
      </div>
      <details className="fin-chart-data" open={state === 'failed'}>
        <summary>Show the numbers</summary>
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
                  <td className="num">{formatKes(m.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
