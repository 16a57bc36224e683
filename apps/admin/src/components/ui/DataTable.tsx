import type { Key, ReactNode } from 'react';
import './ui.css';

export interface Column<T> {
  /** Column heading; also the label of the value on a phone, where rows become cards. */
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
  /** Hide the label on a phone card (e.g. the title line, the action buttons). */
  hideLabelOnPhone?: boolean;
}

interface Props<T> {
  /** What the table lists; read by screen readers. */
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => Key;
  /** Shown instead of the table when there are no rows. */
  empty: ReactNode;
}

/** A table on wide screens; under 768 px each row is a card with labelled values. */
export function DataTable<T>({ caption, columns, rows, rowKey, empty }: Props<T>) {
  if (rows.length === 0) return <div className="empty-state">{empty}</div>;
  return (
    <div className="table-wrap">
      <table className="data-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.className}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td
                  key={column.header}
                  className={[column.className, column.hideLabelOnPhone ? 'no-label' : ''].filter(Boolean).join(' ') || undefined}
                  data-label={column.header}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
