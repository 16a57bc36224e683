/**
 * Previous/Next over a list paged on the server, with where the user is ("Showing 21–40 of
 * 47 Sabbaths"), pages counted from 1 as the address shows them (attendance, prayer requests).
 * The count line is announced politely when the page changes. `Pager` is the content lists' own.
 */
interface Props {
  page: number;
  pageSize: number;
  /** The exact total the server counted. */
  total: number;
  /** Plural noun: 'Sabbaths'. */
  noun: string;
  onPage: (page: number) => void;
  /** While the next page loads. */
  busy?: boolean;
  /** Show the "Showing 1–20 of 47" line (off where the page already says it above the list). */
  showStatus?: boolean;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** "Showing 21–40 of 47 Sabbaths" (the range on this page and the true total). */
export function rangeText(page: number, pageSize: number, total: number, noun: string): string {
  if (total === 0) return `0 ${noun}`;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return `Showing ${String(first)}–${String(last)} of ${String(total)} ${noun}`;
}

export function RangePager({ page, pageSize, total, noun, onPage, busy = false, showStatus = true }: Props) {
  const pages = pageCount(total, pageSize);
  if (!showStatus && pages <= 1) return null;
  return (
    <nav className="pager" aria-label={`Pages of ${noun.toLowerCase()}`}>
      {showStatus ? (
        <p className="pager-status" aria-live="polite">
          {rangeText(page, pageSize, total, noun)}
          {pages > 1 ? <span className="pager-page">{` · page ${String(page)} of ${String(pages)}`}</span> : null}
        </p>
      ) : (
        <p className="pager-status">{`Page ${String(page)} of ${String(pages)}`}</p>
      )}
      {pages > 1 ? (
        <div className="pager-buttons">
          <button
            type="button"
            className="btn btn-secondary btn-small"
            disabled={busy || page <= 1}
            onClick={() => {
              onPage(page - 1);
            }}
          >
            Previous
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            disabled={busy || page >= pages}
            onClick={() => {
              onPage(page + 1);
            }}
          >
            Next
          </button>
        </div>
      ) : null}
    </nav>
  );
}
