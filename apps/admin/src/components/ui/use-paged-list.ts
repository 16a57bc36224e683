import { useState } from 'react';
import { pageCount, PAGE_SIZE, type NoFilters, type PageParams } from './paged-list';

/**
 * The page, search and filters of a paged list — what its query is keyed by. A new search or
 * filter goes back to the first page. `settle(total)` keeps the page inside the list once the
 * server has said how long it is (after deletes, the last page may have gone).
 */
export function usePagedList<F extends object = NoFilters>(initialFilters: F = {} as F, size: number = PAGE_SIZE) {
  const [page, setPage] = useState(0);
  const [search, setSearchState] = useState('');
  const [filters, setFiltersState] = useState<F>(initialFilters);
  const params = { ...filters, page, search } as PageParams<F>;

  return {
    params,
    page,
    search,
    filters,
    size,
    /** True when a search or a filter narrows the list. */
    filtered: search !== '' || Object.entries(filters).some(([key, value]) => value !== (initialFilters as Record<string, unknown>)[key]),
    setPage,
    setSearch: (value: string) => {
      setSearchState(value.trim());
      setPage(0);
    },
    setFilters: (changes: Partial<F>) => {
      setFiltersState((before) => ({ ...before, ...changes }));
      setPage(0);
    },
    /** Call while rendering with the loaded total: a page past the end moves to the last page. */
    settle: (total: number | undefined) => {
      if (total === undefined) return;
      const last = pageCount(total, size) - 1;
      if (page > last) setPage(last);
    },
  };
}

export type PagedList<F extends object = NoFilters> = ReturnType<typeof usePagedList<F>>;
