import { useState } from 'react';
import { KEY_PAGING_FROM, pageCount, PAGE_SIZE, type NoFilters, type PageAt, type PageOf, type PageParams } from './paged-list';

/** Where a keyed list is: the page (from 0, from the end after Last) and how it is read. */
interface Position {
  page: number;
  fromEnd: boolean;
  at?: PageAt;
}

/** The total a list last counted, kept for the pages read by key (which are not counted). */
interface KnownTotal {
  total: number;
  estimated: boolean;
}

/**
 * The page, search and filters of a paged list — what its query is keyed by. A new search or
 * filter goes back to the first page. `settle(total)` keeps the page inside the list once the
 * server has said how long it is (after deletes, the last page may have gone).
 *
 * A keyed list (read with `readKeyedPage`) moves with `next`/`previous` (given the sort key of
 * the page's last/first row), `first` and `last`: from row `KEY_PAGING_FROM` on, and after Last,
 * its pages are read by key, so the end of a long list is as quick as its start.
 */
export function usePagedList<F extends object = NoFilters>(initialFilters: F = {} as F, size: number = PAGE_SIZE) {
  const [position, setPosition] = useState<Position>({ page: 0, fromEnd: false });
  const [search, setSearchState] = useState('');
  const [filters, setFiltersState] = useState<F>(initialFilters);
  const [known, setKnown] = useState<KnownTotal | undefined>(undefined);
  const { page, fromEnd, at } = position;
  const params = (at ? { ...filters, page, search, at, fromEnd } : { ...filters, page, search }) as PageParams<F>;
  const setPage = (next: number) => {
    setPosition({ page: next, fromEnd: false });
  };
  /** Reads page `next` (from the start) by offset while it is near the start, else by `at`. */
  const moveTo = (next: number, key: PageAt) => {
    setPosition(next * size >= KEY_PAGING_FROM ? { page: next, fromEnd: false, at: key } : { page: next, fromEnd: false });
  };

  return {
    params,
    page,
    search,
    filters,
    size,
    /** True when a search or a filter narrows the list. */
    filtered: search !== '' || Object.entries(filters).some(([key, value]) => value !== (initialFilters as Record<string, unknown>)[key]),
    /** The page counts from the end of the list (a keyed list after Last). */
    fromEnd,
    /** The total last counted (a keyed list's pages read by key are not counted). */
    known,
    setPage,
    setSearch: (value: string) => {
      setSearchState(value.trim());
      setPage(0);
    },
    setFilters: (changes: Partial<F>) => {
      setFiltersState((before) => ({ ...before, ...changes }));
      setPage(0);
    },
    /** Keyed list: the page after this one, whose last row has sort key `lastKey`. */
    next: (lastKey: readonly string[]) => {
      if (fromEnd) setPosition({ page: page - 1, fromEnd: true, at: { after: lastKey } });
      else moveTo(page + 1, { after: lastKey });
    },
    /** Keyed list: the page before this one, whose first row has sort key `firstKey`. */
    previous: (firstKey: readonly string[]) => {
      if (fromEnd) setPosition({ page: page + 1, fromEnd: true, at: { before: firstKey } });
      else if (page > 0) moveTo(page - 1, { before: firstKey });
    },
    first: () => {
      setPage(0);
    },
    /**
     * Keyed list: the last page — by offset when the total is exact and the page near the
     * start, else read from the end by key (a long list's end costs what its start does).
     */
    last: () => {
      const lastPage = known && !known.estimated ? pageCount(known.total, size) - 1 : undefined;
      if (lastPage !== undefined && lastPage * size < KEY_PAGING_FROM) setPage(lastPage);
      else setPosition({ page: 0, fromEnd: true, at: { end: true } });
    },
    /**
     * Call while rendering with the loaded total (or the loaded page, whose estimate is kept):
     * a page past the end moves to the last page.
     */
    settle: (loaded: number | Pick<PageOf<unknown>, 'total' | 'estimated' | 'uncounted'> | undefined) => {
      if (loaded === undefined) return;
      const { total, estimated = false, uncounted = false } = typeof loaded === 'number' ? { total: loaded } : loaded;
      if (uncounted) return;
      if (known?.total !== total || known.estimated !== estimated) setKnown({ total, estimated });
      const last = pageCount(total, size) - 1;
      if (!at && page > last) setPage(last);
    },
  };
}

export type PagedList<F extends object = NoFilters> = ReturnType<typeof usePagedList<F>>;
