import type { ReactNode } from 'react';
import { TextField } from './TextField';
import './ui.css';

interface Props {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  shown: number;
  total: number;
  /** Plural noun for the count line: "12 sermons", "Showing 3 of 12 sermons". */
  noun: string;
  /** More filters beside the search box (e.g. a drop-down). */
  children?: ReactNode;
}

/** A search box over a loaded list, with a count that screen readers hear as it changes. */
export function ListSearch({ label, placeholder, value, onChange, shown, total, noun, children }: Props) {
  return (
    <>
      <div className="toolbar" role="search">
        <TextField
          label={label}
          type="search"
          placeholder={placeholder}
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
          }}
        />
        {children}
      </div>
      <p className="result-count" aria-live="polite">
        {shown === total ? `${String(total)} ${noun}` : `Showing ${String(shown)} of ${String(total)} ${noun}`}
      </p>
    </>
  );
}

/** True when every word of `search` appears (any case) in one of `fields`; an empty search matches. */
export function matchesSearch(search: string, ...fields: (string | null | undefined)[]): boolean {
  const words = search.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fields.filter(Boolean).join(' \n ').toLocaleLowerCase();
  return words.every((word) => haystack.includes(word));
}
