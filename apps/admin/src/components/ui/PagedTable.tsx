import type { ReactNode } from 'react';
import { DataTable, type Column } from './DataTable';
import { countText, type PageOf } from './paged-list';
import { Pager } from './Pager';
import type { PagedList } from './use-paged-list';

interface Props<T extends { id: string }> {
  /** From usePagedList: the page, its size and whether a search or filter narrows the list. */
  list: Pick<PagedList, 'page' | 'size' | 'filtered' | 'setPage'>;
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
}

/**
 * One page of a list read from the server: the count line (the true total, "Showing 51–100 of
 * 1,012 sermons"), the table, Previous/Next, and an empty state that tells "none yet" from
 * "none match".
 */
export function PagedTable<T extends { id: string }>({ list, result, busy = false, noun, caption, columns, noMatch, empty, addButton }: Props<T>) {
  const { rows, total } = result;
  return (
    <>
      <p className="result-count" aria-live="polite">
        {total > 0 ? countText({ page: list.page, size: list.size, shown: rows.length, total, noun, filtered: list.filtered }) : ''}
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
      <Pager page={list.page} size={list.size} total={total} onPage={list.setPage} label={`Pages of ${noun}`} busy={busy} />
    </>
  );
}
