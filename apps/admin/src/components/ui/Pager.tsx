import { formatCount, pageCount } from './paged-list';
import './ui.css';

interface Props {
  /** The page shown, from 0. */
  page: number;
  size: number;
  total: number;
  onPage: (page: number) => void;
  /** What the pages are of, for screen readers: 'Sermon pages'. */
  label: string;
  /** While the next page loads the buttons wait. */
  busy?: boolean;
}

/**
 * Previous and Next under a list, with "Page 2 of 21"; nothing when the list fits one page. At
 * either end the button is marked unavailable (aria-disabled) rather than disabled, so keyboard
 * focus stays on it.
 */
export function Pager({ page, size, total, onPage, label, busy = false }: Props) {
  const pages = pageCount(total, size);
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button
        type="button"
        className="btn btn-secondary btn-small"
        aria-disabled={busy || page <= 0}
        onClick={() => {
          if (!busy && page > 0) onPage(page - 1);
        }}
      >
        <span aria-hidden="true">←</span> Previous
      </button>
      <span className="pager-status">{`Page ${formatCount(Math.min(page, pages - 1) + 1)} of ${formatCount(pages)}`}</span>
      <button
        type="button"
        className="btn btn-secondary btn-small"
        aria-disabled={busy || page >= pages - 1}
        onClick={() => {
          if (!busy && page < pages - 1) onPage(page + 1);
        }}
      >
        Next <span aria-hidden="true">→</span>
      </button>
    </nav>
  );
}
