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

/**
 * With `count: 'estimated'` (PostgREST's semantics) the server counts exactly up to its row cap,
 * 1,000, and gives the planner's estimate beyond: a total above this is "about".
 */
export const EXACT_COUNT_LIMIT = 1000;

/** From this row on a keyed list reads its pages by key (the sort key of a row), not by offset. */
export const KEY_PAGING_FROM = 1000;

/** One page of a list and how many rows the whole list (with its search and filters) has. */
export interface PageOf<T> {
  rows: T[];
  total: number;
  /** The total is the planner's estimate (count=estimated above 1,000), not a count. */
  estimated?: boolean;
  /** Not counted with this page (a page read by key): the list's last known total applies. */
  uncounted?: boolean;
  /** Known for pages read by key: whether rows come after / before this page. */
  hasNext?: boolean;
  hasPrevious?: boolean;
}

/** The filters of a list that has none beyond its search. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no keys: nothing is added to PageParams
export interface NoFilters {}

/**
 * Where a page read by key starts: the rows after a row's sort key (Next), before it (Previous),
 * or the list's last rows (Last).
 */
export type PageAt = { after: readonly string[] } | { before: readonly string[] } | { end: true };

/**
 * What a paged list asks the server for: the page (from 0), the search and the list's own
 * filters; a keyed list (members) adds where a page read by key starts, and `fromEnd` when its
 * pages are counted from the end (after Last).
 */
export type PageParams<F extends object = NoFilters> = { page: number; search: string; at?: PageAt; fromEnd?: boolean } & F;

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

/**
 * How a word typed as a local phone number ("0711", "0711222333") reads in a stored number:
 * phones are stored as +254… (migration 0032), so "0711" is looked for as "+254711" too. Null
 * for a word that is not the start of a local number.
 */
export function storedPhoneFragment(word: string): string | null {
  return /^0[17]\d*$/.test(word) ? `+254${word.slice(1)}` : null;
}

/**
 * One word's condition for `.or()`: any of `columns` contains it, in any case; a word typed as
 * a local number is also looked for in its stored form in `phoneColumns`.
 */
export function searchCondition(word: string, columns: readonly string[], phoneColumns: readonly string[] = []): string {
  const pattern = quoteFilterValue(containsPattern(word));
  const conditions = columns.map((column) => `${column}.ilike.${pattern}`);
  const stored = storedPhoneFragment(word);
  if (stored) conditions.push(...phoneColumns.map((column) => `${column}.ilike.${quoteFilterValue(containsPattern(stored))}`));
  return conditions.join(',');
}

/**
 * Adds the search to a request: every word must appear (any case) in one of `columns` — one
 * `or=(…)` per word, which the server combines with AND. An empty search adds nothing.
 */
export function withSearch<B extends { or(filters: string): B }>(
  request: B,
  search: string,
  columns: readonly string[],
  phoneColumns: readonly string[] = [],
): B {
  return searchWords(search).reduce((built, word) => built.or(searchCondition(word, columns, phoneColumns)), request);
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

/** A request that can be filtered, limited and awaited (a table read, for paging by key). */
export interface KeyedRequest<T> extends Pageable<T>, PromiseLike<QueryResult<T[]>> {
  gte(column: string, value: unknown): this;
  lte(column: string, value: unknown): this;
  or(filters: string): this;
  limit(count: number): this;
}

/**
 * The `or=(…)` of "sorts after `key`" (or before) on `columns` in ascending order:
 * `a > x OR (a = x AND b > y) OR (a = x AND b = y AND c > z)` (`<` for a list sorted in
 * descending order). With it goes `a >= x` (`a <= x`) as a filter of its own, so the server
 * starts the list's index at the key instead of reading the index from its start.
 */
export function keyCondition(
  columns: readonly string[],
  key: readonly string[],
  direction: 'after' | 'before',
  order: 'asc' | 'desc' = 'asc',
): string {
  const op = (direction === 'after') === (order === 'asc') ? 'gt' : 'lt';
  const terms = columns.map((column, i) => {
    const equal = columns.slice(0, i).map((before, j) => `${before}.eq.${quoteFilterValue(key[j] ?? '')}`);
    const last = `${column}.${op}.${quoteFilterValue(key[i] ?? '')}`;
    return equal.length === 0 ? last : `and(${[...equal, last].join(',')})`;
  });
  return terms.join(',');
}

/** How a keyed list is sorted and counted. */
export interface KeyedOptions {
  /** The list's own order on its key columns (newest first: 'desc'). */
  order?: 'asc' | 'desc';
  /** The first page asks `count: 'estimated'` (exact up to 1,000, the planner's beyond). */
  estimatedCount?: boolean;
}

/**
 * Reads one page of a keyed list (members, donations, activity logs, messages), so a page deep
 * in a long list costs what the first does. `request(order, counted)` builds the list's request
 * (its search, filters and columns) sorted by its key columns in `order` — the list's own order,
 * or the reverse to read backwards — counted when `counted`. Pages before row
 * `KEY_PAGING_FROM` are read by offset and counted; the others by key after the previous page's
 * last row, before the next page's first row, or from the end, one row more than a page to know
 * whether more rows follow, and uncounted (the list's total stays what the first page said).
 */
export async function readKeyedPage<T>(
  request: (order: 'asc' | 'desc', counted: boolean) => KeyedRequest<T>,
  params: PageParams,
  keyColumns: readonly string[],
  size: number = PAGE_SIZE,
  { order = 'asc', estimatedCount = true }: KeyedOptions = {},
): Promise<PageOf<T>> {
  const { at } = params;
  const reverse = order === 'asc' ? 'desc' : 'asc';
  if (!at) {
    const page = await readPage(request(order, true), params.page, size);
    const estimated = estimatedCount && page.total > EXACT_COUNT_LIMIT;
    return estimated ? { ...page, estimated } : page;
  }
  const first = keyColumns[0] ?? 'id';
  let built = request('end' in at || 'before' in at ? reverse : order, false);
  // The first column bounds the read on its own (>= after the key in ascending order).
  const from = (value: string | undefined, direction: 'after' | 'before') =>
    (direction === 'after') === (order === 'asc') ? built.gte(first, value) : built.lte(first, value);
  if ('after' in at) built = from(at.after[0], 'after').or(keyCondition(keyColumns, at.after, 'after', order));
  if ('before' in at) built = from(at.before[0], 'before').or(keyCondition(keyColumns, at.before, 'before', order));
  const { data, error } = await built.limit(size + 1);
  if (error) throw error;
  const more = data.length > size;
  const rows = data.slice(0, size);
  if ('after' in at) return { rows, total: 0, uncounted: true, hasNext: more, hasPrevious: true };
  return { rows: rows.reverse(), total: 0, uncounted: true, hasNext: 'before' in at, hasPrevious: more };
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

/** An estimated total as people say it: two significant figures, 50,014 → "about 50,000". */
export function formatEstimate(value: number): string {
  const step = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(1, value))) - 1);
  return `about ${formatCount(Math.round(value / step) * step)}`;
}

/** The total of a count line: "1,012", or "about 50,000" for an estimate. */
function totalText(total: number, estimated: boolean): string {
  return estimated ? formatEstimate(total) : formatCount(total);
}

/**
 * The line above a list: "12 sermons", "3 sermons found" (with a search or filter), or with
 * more than one page "Showing 51–100 of 1,012 sermons"; with an estimated total "Showing
 * 48,001–48,050 of about 50,000 members", and for pages counted from the end (after Last)
 * "Showing the last 50 of about 50,000 members", "Showing 101–150 from the end of about …".
 * `noun` is a regular plural.
 */
export function countText({
  page,
  size = PAGE_SIZE,
  shown,
  total,
  noun,
  filtered,
  estimated = false,
  fromEnd = false,
}: {
  page: number;
  size?: number;
  /** Rows on this page. */
  shown: number;
  total: number;
  noun: string;
  filtered: boolean;
  /** The total is the planner's estimate. */
  estimated?: boolean;
  /** `page` counts from the end of the list. */
  fromEnd?: boolean;
}): string {
  const found = filtered ? ' found' : '';
  if (estimated) {
    const of = `of ${totalText(total, true)} ${noun}${found}`;
    if (shown === 0) return `${formatEstimate(total)} ${noun}${found}`;
    if (fromEnd) {
      if (page === 0) return `Showing the last ${formatCount(shown)} ${of}`;
      const { from } = pageBounds(page, size);
      return `Showing ${formatCount(from + 1)}–${formatCount(from + shown)} from the end ${of}`;
    }
    const { from } = pageBounds(page, size);
    return `Showing ${formatCount(from + 1)}–${formatCount(from + shown)} ${of}`;
  }
  // Every list noun is a regular plural: "1 sermon", "2 sermons".
  if (total === 1) return `1 ${noun.replace(/s$/, '')}${found}`;
  if (total <= size && page === 0) return `${formatCount(total)} ${noun}${found}`;
  if (shown === 0) return `${formatCount(total)} ${noun}${found}`;
  if (fromEnd) {
    // An exact total: the rows' numbers are known counting back from it.
    const to = Math.max(shown, total - page * size);
    return `Showing ${formatCount(to - shown + 1)}–${formatCount(to)} of ${formatCount(total)} ${noun}${found}`;
  }
  const { from } = pageBounds(page, size);
  return `Showing ${formatCount(from + 1)}–${formatCount(from + shown)} of ${formatCount(total)} ${noun}${found}`;
}
