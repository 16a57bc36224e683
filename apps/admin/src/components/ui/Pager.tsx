import type { ReactNode } from 'react';
import { formatCount, formatEstimate, pageCount } from './paged-list';
import './ui.css';

/** How a keyed list (members) moves: by key, with First and Last, where the rows say what follows. */
export interface KeyedMoves {
  /** Rows come before / after this page. */
  hasPrevious: boolean;
  hasNext: boolean;
  /** The total is the planner's estimate. */
  estimated: boolean;
  /** The page counts from the end (after Last). */
  fromEnd: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onFirst: () => void;
  onLast: () => void;
}

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
  /** A keyed list: First, Previous, Next and Last as the list moves (`onPage` is not used). */
  keyed?: KeyedMoves;
}

/**
 * Previous and Next under a list, with "Page 2 of 21"; nothing when the list fits one page. At
 * either end the button is marked unavailable (aria-disabled) rather than disabled, so keyboard
 * focus stays on it. A keyed list adds First and Last, says "Page 961 of about 1,000" over an
 * estimated total and "Last page", "Page 3 from the end" after Last.
 */
export function Pager({ page, size, total, onPage, label, busy = false, keyed }: Props) {
  const pages = pageCount(total, size);
  if (keyed) return <KeyedPager page={page} pages={pages} label={label} busy={busy} moves={keyed} />;
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <PagerButton
        unavailable={busy || page <= 0}
        onClick={() => {
          onPage(page - 1);
        }}
      >
        <span aria-hidden="true">←</span> Previous
      </PagerButton>
      <span className="pager-status">{`Page ${formatCount(Math.min(page, pages - 1) + 1)} of ${formatCount(pages)}`}</span>
      <PagerButton
        unavailable={busy || page >= pages - 1}
        onClick={() => {
          onPage(page + 1);
        }}
      >
        Next <span aria-hidden="true">→</span>
      </PagerButton>
    </nav>
  );
}

function KeyedPager({ page, pages, label, busy, moves }: { page: number; pages: number; label: string; busy: boolean; moves: KeyedMoves }) {
  if (!moves.hasPrevious && !moves.hasNext) return null;
  let status: string;
  if (moves.fromEnd) status = page === 0 ? 'Last page' : `Page ${formatCount(page + 1)} from the end`;
  else {
    const of = moves.estimated ? formatEstimate(Math.max(pages, page + 1)) : formatCount(Math.max(pages, page + 1));
    status = `Page ${formatCount(page + 1)} of ${of}`;
  }
  return (
    <nav className="pager" aria-label={label}>
      <PagerButton unavailable={busy || !moves.hasPrevious} onClick={moves.onFirst}>
        <span aria-hidden="true">«</span> First
      </PagerButton>
      <PagerButton unavailable={busy || !moves.hasPrevious} onClick={moves.onPrevious}>
        <span aria-hidden="true">←</span> Previous
      </PagerButton>
      <span className="pager-status">{status}</span>
      <PagerButton unavailable={busy || !moves.hasNext} onClick={moves.onNext}>
        Next <span aria-hidden="true">→</span>
      </PagerButton>
      <PagerButton unavailable={busy || !moves.hasNext} onClick={moves.onLast}>
        Last <span aria-hidden="true">»</span>
      </PagerButton>
    </nav>
  );
}

function PagerButton({ unavailable, onClick, children }: { unavailable: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      className="btn btn-secondary btn-small"
      aria-disabled={unavailable}
      onClick={() => {
        if (!unavailable) onClick();
      }}
    >
      {children}
    </button>
  );
}
