import { useEffect, useRef, useState, type ReactNode } from 'react';
import './chart.css';

/** Whether the chart is drawn yet, or could not be (the numbers are shown open then). */
type ChartState = 'loading' | 'ready' | 'failed';

/** The user asked for less motion (no chart animation then). */
function prefersReducedMotion(): boolean {
  try {
    return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  } catch {
    return false; // no media queries (tests, very old browsers)
  }
}

interface Props<Parts> {
  /**
   * The feature's own dynamic import of its chart parts (`() => import('./chart-parts')`, a
   * module-level constant): the charting library travels in a chunk of its own, fetched when a
   * chart is drawn, never in the first load. Nothing here imports it.
   */
  load: () => Promise<Parts>;
  /**
   * Makes the chart once the parts are there (`still`: the user asked for less motion). Keep it
   * stable (`useCallback` over the data): the chart is drawn again whenever it changes.
   */
  draw: (parts: Parts, canvas: HTMLCanvasElement, still: boolean) => { destroy: () => void };
  /** For the console when drawing fails: 'Drawing the {what} failed'. */
  what: string;
  /** What a screen reader hears for the canvas (its label and content). */
  summary: string;
  /** How many bars a bar chart draws (`data-bars`). */
  bars?: number | undefined;
  /** The chart's numbers (a table), under "Show the numbers" — open when the chart cannot be drawn. */
  children: ReactNode;
}

/**
 * A chart drawn with a library loaded on first use, so nothing depends on seeing it: the canvas
 * carries a summary, and the numbers are a table under "Show the numbers". The chart is destroyed
 * when the canvas goes; `data-state` says whether it is drawn (loading, ready, failed). The box,
 * note and numbers are styled by chart.css (`chart-canvas`, `chart-note`, `chart-data`); a screen
 * sizes the box with `--chart-height` on its own section (280px otherwise).
 */
export function LazyChart<Parts>({ load, draw, what, summary, bars, children }: Props<Parts>) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<ChartState>('loading');

  useEffect(() => {
    let cancelled = false;
    let chart: { destroy: () => void } | undefined;
    let frame: number | undefined;
    load()
      .then((parts) => {
        const element = canvas.current;
        if (cancelled || !element) return;
        chart = draw(parts, element, prefersReducedMotion());
        // An animated chart paints its first frame in the next animation frame (a still one has
        // painted already): "ready" once it has, so the note stays until the chart is on screen.
        frame = requestAnimationFrame(() => {
          if (!cancelled) setState('ready');
        });
      })
      .catch((error: unknown) => {
        console.error(`Drawing the ${what} failed`, error);
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      if (frame !== undefined) cancelAnimationFrame(frame);
      chart?.destroy();
    };
  }, [load, draw, what]);

  return (
    <>
      <div className="chart-canvas" data-state={state}>
        <canvas ref={canvas} role="img" aria-label={summary} data-bars={bars}>
          {summary}
        </canvas>
        {state === 'loading' ? <p className="chart-note">Drawing the chart...</p> : null}
        {state === 'failed' ? <p className="chart-note">The chart could not be drawn; the numbers are below.</p> : null}
      </div>
      <details className="chart-data" open={state === 'failed'}>
        <summary>Show the numbers</summary>
        {children}
      </details>
    </>
  );
}
