import { useEffect, useRef, useState, type ReactNode } from 'react';
import { TextField } from './TextField';
import './ui.css';

/** How long typing pauses before a live search is sent. */
export const LIVE_SEARCH_DELAY_MS = 300;

interface Props {
  /** The search box's label, e.g. 'Search sermons'. */
  label: string;
  placeholder: string;
  /** The search the list shows now. */
  value: string;
  /** Runs the search (on the server); '' shows the whole list again. */
  onSearch: (value: string) => void;
  /**
   * Search while typing (after a short pause). Without it the search runs on Enter or the
   * Search button (members, §2.8). Either way clearing the box shows the whole list at once.
   */
  live?: boolean;
  /** The search region's name for screen readers, e.g. 'Find sermons'. */
  regionLabel?: string;
  /** More filters beside the search box (e.g. a drop-down). */
  children?: ReactNode;
}

/** The search box (and filters) above a paged list. */
export function ListSearch({ label, placeholder, value, onSearch, live = false, regionLabel, children }: Props) {
  const [draft, setDraft] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(onSearch);
  useEffect(() => {
    latest.current = onSearch;
  });
  useEffect(
    () => () => {
      clearTimeout(timer.current);
    },
    [],
  );

  const run = (text: string) => {
    clearTimeout(timer.current);
    latest.current(text.trim());
  };

  return (
    <form
      className="toolbar"
      role="search"
      aria-label={regionLabel}
      onSubmit={(event) => {
        event.preventDefault();
        run(draft);
      }}
    >
      <div className="search-field">
        <TextField
          label={label}
          type="search"
          placeholder={placeholder}
          value={draft}
          onChange={(event) => {
            const text = event.target.value;
            setDraft(text);
            if (text.trim() === '') run('');
            else if (live) {
              clearTimeout(timer.current);
              timer.current = setTimeout(() => {
                run(text);
              }, LIVE_SEARCH_DELAY_MS);
            }
          }}
        />
        <button type="submit" className="btn btn-secondary search-button">
          Search
        </button>
      </div>
      {children}
    </form>
  );
}
