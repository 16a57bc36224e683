import type { KanisaError, QueryResult } from '@kanisa/client';

/**
 * Server-side paging and search for the back-office lists. No list is read whole: a list asks
 * for one page (`.range()`) with the true total (`{ count: 'exact' }`), and its search runs on
 * the server as case-insensitive `ilike` over the list's text columns, so the server's
 * 1,000-row cap can never cut a list without saying so.
 */

/** Rows a list shows per page. */
export const PAGE_SIZE = 50;

/** At most this many words of a search are used (each adds one `or=(…)` to the request). */
const MAX_WORDS = 6;

/** One page of a list and how many rows the whole list (with its search and filters) has. */
export interface PageOf<T> {
  rows: T[];
  total: number;
}

/** The filters of a list that has none beyond its search. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no keys: nothing is added to PageParams
export interface NoFilters {}

/** What a paged list asks the server for: the page (from 0), the search and the list's own filters. */
export type PageParams<F extends object = NoFilters> = { page: number; search: string } & F;

/** The rows of page `page` (from 0), both ends inclusive, as `.range()` takes them. */
export function pageBounds(page: number, size: number = PAGE_SIZE): { from: number; to: number } {
  const from = Math.max(0, page) * size;
  return { from, to: from + size - 1 };
}

/** How many pages `total` rows fill (at least one, so an empty list is "page 1 of 1"). */
export function pageCount(total: number, size: number = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/** The words of a search: split on white space, duplicates and empties dropped. */
export function searchWords(search: string): string[] {
  return [...new Set(search.trim().split(/\s+/).filter(Boolean))].slice(0, MAX_WORDS);
}

/**
 * A value inside PostgREST's logic tree (`or=(…)`), always double-quoted so commas, dots,
 * parentheses and colons in it are text, with `"` and `\` escaped by a backslash.
 */
export function quoteFilterValue(value: string): string {
  return `"${value.replace(/["\\]/g, '\\$&')}"`;
}

/**
 * The `ilike` pattern "contains `word`": `*` (the API's wildcard) on both sides, and LIKE's own
 * wildcards `%` and `_` and its escape `\` taken literally. A `*` typed in the search stays a
 * wildcard (the API turns every `*` into `%`).
 */
export function containsPattern(word: string): string {
  return `*${word.replace(/[\\%_]/g, '\\$&')}*`;
}

/** One word's condition for `.or()`: any of `columns` contains it, in any case. */
export function searchCondition(word: string, columns: readonly string[]): string {
  const pattern = quoteFilterValue(containsPattern(word));
  return columns.map((column) => `${column}.ilike.${pattern}`).join(',');
}

/**
 * Adds the search to a request: every word must appear (any case) in one of `columns` — one
 * `or=(…)` per word, which the server combines with AND. An empty search adds nothing.
 */
export function withSearch<B extends { or(filters: string): B }>(request: B, search: string, columns: readonly string[]): B {
  return searchWords(search).reduce((built, word) => built.or(searchCondition(word, columns)), request);
}

/** A request that can be limited to a range of rows and awaited (a table read). */
export interface Pageable<T> {
  range(from: number, to: number): PromiseLike<QueryResult<T[]>>;
}

/**
 * Reads page `page` of a request made with `select(columns, { count: 'exact' })`. A page past
 * the end (rows were deleted meanwhile) is answered 416 by the server, which names the total:
 * it comes back empty with that total, and the list moves to its last page.
 */
export async function readPage<T>(request: Pageable<T>, page: number, size: number = PAGE_SIZE): Promise<PageOf<T>> {
  const { from, to } = pageBounds(page, size);
  const { data, error, count } = await request.range(from, to);
  if (error) {
    if (error.code === 'PGRST103') return { rows: [], total: totalFromRangeError(error) };
    throw error;
  }
  return { rows: data, total: count ?? from + data.length };
}

/** "An offset of 100 was requested, but there are only 42 rows." → 42 (0 when not said). */
function totalFromRangeError(error: KanisaError): number {
  const match = /only (\d+) rows?/.exec(error.details ?? '');
  return match ? Number(match[1]) : 0;
}

const numbers = new Intl.NumberFormat('en-KE');

/** 1012 → "1,012". */
export function formatCount(value: number): string {
  return numbers.format(value);
}

/**
 * The line above a list: "12 sermons", "3 sermons found" (with a search or filter), or with
 * more than one page "Showing 51–100 of 1,012 sermons". `noun` is a regular plural.
 */
export function countText({
  page,
  size = PAGE_SIZE,
  shown,
  total,
  noun,
  filtered,
}: {
  page: number;
  size?: number;
  /** Rows on this page. */
  shown: number;
  total: number;
  noun: string;
  filtered: boolean;
}): string {
  const found = filtered ? ' found' : '';
  // Every list noun is a regular plural: "1 sermon", "2 sermons".
  if (total === 1) return `1 ${noun.replace(/s$/, '')}${found}`;
  if (total <= size && page === 0) return `${formatCount(total)} ${noun}${found}`;
  if (shown === 0) return `${formatCount(total)} ${noun}${found}`;
  const { from } = pageBounds(page, size);
  return `Showing ${formatCount(from + 1)}–${formatCount(from + shown)} of ${formatCount(total)} ${noun}${found}`;
}
