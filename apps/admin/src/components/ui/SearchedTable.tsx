import type { ReactNode } from 'react';
import { DataTable, type Column } from './DataTable';
import { ListSearch } from './ListSearch';

interface Props<T extends { id: string }> {
  /** The search box's label, e.g. 'Search sermons'. */
  label: string;
  placeholder: string;
  search: string;
  onSearch: (value: string) => void;
  /** More filters beside the search box. */
  filters?: ReactNode;
  /** Plural noun for the count line and the empty list: '12 sermons', 'No sermons yet.'. */
  noun: string;
  /** Every row loaded, and the rows the search and filters let through. */
  all: readonly T[];
  shown: readonly T[];
  caption: string;
  columns: readonly Column<T>[];
  /** Said when rows exist but none match. */
  noMatch: ReactNode;
  /** Offered when there are no rows at all. */
  addButton: ReactNode;
}

/** A loaded list with a search box and count above its table, and an empty state that tells "none yet" from "none match". */
export function SearchedTable<T extends { id: string }>({
  label,
  placeholder,
  search,
  onSearch,
  filters,
  noun,
  all,
  shown,
  caption,
  columns,
  noMatch,
  addButton,
}: Props<T>) {
  return (
    <>
      <ListSearch label={label} placeholder={placeholder} value={search} onChange={onSearch} shown={shown.length} total={all.length} noun={noun}>
        {filters}
      </ListSearch>
      <DataTable
        caption={caption}
        columns={columns}
        rows={shown}
        rowKey={(row) => row.id}
        empty={
          all.length > 0 ? (
            noMatch
          ) : (
            <>
              <p>{`No ${noun} yet.`}</p>
              {addButton}
            </>
          )
        }
      />
    </>
  );
}
