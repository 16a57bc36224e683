import { useId } from 'react';
import { FigureCard } from '../../components/ui/FigureCard';
import type { Figure, Insight, ReportTable } from './report-rules';

type HeadingLevel = 2 | 3 | 4;
const headings = { 2: 'h2', 3: 'h3', 4: 'h4' } as const;

/** A tab's figures as cards (`data-figure` = the figure's id). */
export function FigureList({ figures, label }: { figures: readonly Figure[]; label: string }) {
  return (
    <dl className="rp-figures" aria-label={label}>
      {figures.map((figure) => (
        <FigureCard key={figure.id} className="rp-figure" id={figure.id} label={figure.label} note={figure.note}>
          {figure.text}
        </FigureCard>
      ))}
    </dl>
  );
}

/** One of a report's tables; the first cell of each row heads it. `bare`: without its heading (under a chart). */
export function ReportTableView({ table, bare = false, level = 2 }: { table: ReportTable; bare?: boolean; level?: HeadingLevel }) {
  const headingId = useId();
  const Heading = headings[level];
  const body =
    table.rows.length === 0 ? (
      <p className="rp-empty">{table.empty}</p>
    ) : (
      // Focusable, so a table wider than a phone can be scrolled from the keyboard.
      <div className="rp-table-wrap" role="region" aria-label={table.title} tabIndex={0}>
        <table className={table.columns.length > 3 ? 'rp-table rp-table-wide' : 'rp-table'} data-table={table.id}>
          <caption className="sr-only">{table.caption}</caption>
          <thead>
            <tr>
              {table.columns.map((column) => (
                <th key={column.header} scope="col" className={column.numeric ? 'num' : undefined}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={row.key} data-row={row.key}>
                {row.cells.map((cell, index) => {
                  const column = table.columns[index];
                  const className = column?.numeric ? 'num' : undefined;
                  return index === 0 ? (
                    <th key={column?.header ?? index} scope="row" className={className}>
                      {cell.text}
                    </th>
                  ) : (
                    <td key={column?.header ?? index} className={className} data-label={column?.header}>
                      {cell.text}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  if (bare) return body;
  return (
    <section className="rp-panel" aria-labelledby={headingId}>
      <Heading id={headingId}>{table.title}</Heading>
      {body}
    </section>
  );
}

/** The Overview's Quick Insights. */
export function InsightList({ insights, level = 2 }: { insights: readonly Insight[]; level?: HeadingLevel }) {
  const headingId = useId();
  const Heading = headings[level];
  return (
    <section className="rp-panel rp-insights" aria-labelledby={headingId}>
      <Heading id={headingId}>Quick Insights</Heading>
      <ul>
        {insights.map((insight) => (
          <li key={insight.id} data-insight={insight.id}>
            <strong>{insight.title}</strong>
            <p>{insight.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
