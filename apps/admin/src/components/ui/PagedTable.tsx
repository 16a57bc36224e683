import type { ReactNode } from 'react';
import { DataTable, type Column } from './DataTable';
import { countText, pageBounds, type PageOf } from './paged-list';
import { Pager, type KeyedMoves } from './Pager';
import type { PagedList } from './use-paged-list';

interface Props<T extends { id: string }> {
  /** From usePagedList: the page, its size and whether a search or filter narrows the list. */
  list: Pick<PagedList, 'page' | 'size' | 'filtered' | 'setPage'> &
    Partial<Pick<PagedList, 'fromEnd' | 'known' | 'next' | 'previous' | 'first' | 'last'>>;
  /** The loaded page; while the next one loads the previous one stays (`busy`). */
  result: PageOf<T>;
  busy?: boolean;
  /** Plural noun for the count line and the empty list: '12 sermons', 'No sermons yet.'. */
  noun: string;
  caption: string;
  columns: readonly Column<T>[];
  /** Said when the search or filters match nothing. */
  noMatch: ReactNode;
  /** Said when there are no rows at all (default 'No {noun} yet.' and `addButton`). */
  empty?: ReactNode;
  /** Offered with the default empty state. */
  addButton?: ReactNode;
  /**
   * A keyed list (read with `readKeyedPage`): a row's sort key, with which the list pages by key
   * (First, Previous, Next, Last) and says "of about 50,000" over an estimated total.
   */
  sortKey?: (row: T) => readonly string[];
}

/**
 * One page of a list read from the server: the count line (the true total, "Showing 51–100 of
 * 1,012 sermons"), the table, Previous/Next, and an empty state that tells "none yet" from
 * "none match".
 */
export function PagedTable<T extends { id: string }>({ list, result, busy = false, noun, caption, columns, noMatch, empty, addButton, sortKey }: Props<T>) {
  const { rows } = result;
  const keyed = sortKey ? keyedView(list, result, sortKey) : undefined;
  const total = keyed ? keyed.total : result.total;
  const line = countText({
    page: list.page,
    size: list.size,
    shown: rows.length,
    total,
    noun,
    filtered: list.filtered,
    estimated: keyed?.moves.estimated,
    fromEnd: keyed?.moves.fromEnd,
  });
  return (
    <>
      <p className="result-count" aria-live="polite">
        {total > 0 ? line : ''}
      </p>
      <div aria-busy={busy || undefined} className={busy ? 'list-busy' : undefined}>
        <DataTable
          caption={caption}
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          empty={
            list.filtered ? (
              noMatch
            ) : (
              (empty ?? (
                <>
                  <p>{`No ${noun} yet.`}</p>
                  {addButton}
                </>
              ))
            )
          }
        />
      </div>
      <Pager page={list.page} size={list.size} total={total} onPage={list.setPage} label={`Pages of ${noun}`} busy={busy} keyed={keyed?.moves} />
    </>
  );
}

/**
 * A keyed list's total and moves. A page read by key is not counted: the total is the one the
 * list last counted. Going forward, a page with nothing after it makes the total exact (the rows
 * before it plus its own); an estimate is never shown below the rows already passed.
 */
export function keyedView<T>(list: Props<{ id: string }>['list'], result: PageOf<T>, sortKey: (row: T) => readonly string[]) {
  const { rows } = result;
  const counted = result.uncounted ? list.known : { total: result.total, estimated: result.estimated ?? false };
  let total = counted?.total ?? 0;
  let estimated = counted?.estimated ?? false;
  const fromEnd = list.fromEnd ?? false;
  const { from } = pageBounds(list.page, list.size);
  const hasNext = result.hasNext ?? from + rows.length < total;
  const hasPrevious = result.hasPrevious ?? list.page > 0;
  if (!fromEnd && estimated) {
    if (!hasNext) {
      total = from + rows.length;
      estimated = false;
    } else total = Math.max(total, from + rows.length + 1);
  }
  const firstRow = rows[0];
  const lastRow = rows[rows.length - 1];
  const moves: KeyedMoves = {
    hasPrevious: hasPrevious && firstRow !== undefined,
    hasNext: hasNext && lastRow !== undefined,
    estimated,
    fromEnd,
    onPrevious: () => {
      if (firstRow !== undefined) list.previous?.(sortKey(firstRow));
    },
    onNext: () => {
      if (lastRow !== undefined) list.next?.(sortKey(lastRow));
    },
    onFirst: () => {
      list.first?.();
    },
    onLast: () => {
      list.last?.();
    },
  };
  return { total, moves };
}
