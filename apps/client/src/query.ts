/**
 * The table API's requests (PostgREST wire format): one mutable builder per request that
 * collects the query string, `Prefer` and the body, and runs when awaited. Its methods are
 * typed by the interfaces in `types.ts`; this class is deliberately untyped about rows.
 */
import { KanisaError } from './error';
import type { Http } from './http';
import type { Count, InsertOptions, QueryResult, UpsertOptions } from './types';

const OBJECT = 'application/vnd.pgrst.object+json';
// Response shapes.
const ROWS = 0;
const SINGLE = 1;
const MAYBE_SINGLE = 2;
const CSV = 3;

type Row = Record<string, unknown>;

export class Query {
  private method = 'GET';
  private readonly params = new URLSearchParams();
  private readonly prefer: string[] = [];
  private body: unknown;
  private signal: AbortSignal | undefined;
  private shape = ROWS;

  /** @param path `/rest/v1/{table}` or `/rest/v1/rpc/{fn}` */
  constructor(
    private readonly http: Http,
    private readonly path: string,
    readonly table?: string,
  ) {}

  select(columns = '*', options: { count?: Count; head?: boolean } = {}): this {
    // Whitespace outside double quotes is dropped, as postgrest-js does.
    this.params.set('select', columns.replace(/"(?:[^"\\]|\\.)*"|\s+/g, (match) => (match.startsWith('"') ? match : '')));
    if (this.method === 'GET') {
      if (options.head) this.method = 'HEAD';
    } else {
      this.prefer.push('return=representation');
    }
    return this.count(options.count);
  }

  insert(values: Row | readonly Row[], options: InsertOptions = {}): this {
    this.method = 'POST';
    this.body = values;
    if (Array.isArray(values)) {
      const keys = new Set((values as Row[]).flatMap((row) => Object.keys(row)));
      if (keys.size) this.params.set('columns', [...keys].map((k) => `"${k}"`).join(','));
    }
    if (options.defaultToNull === false) this.prefer.push('missing=default');
    return this.count(options.count);
  }

  upsert(values: Row | readonly Row[], options: UpsertOptions = {}): this {
    this.insert(values, options);
    this.prefer.push(`resolution=${options.ignoreDuplicates ? 'ignore' : 'merge'}-duplicates`);
    if (options.onConflict) this.params.set('on_conflict', options.onConflict);
    return this;
  }

  update(values: Row, options: { count?: Count } = {}): this {
    this.method = 'PATCH';
    this.body = values;
    return this.count(options.count);
  }

  delete(options: { count?: Count } = {}): this {
    this.method = 'DELETE';
    return this.count(options.count);
  }

  /** `rpc(fn, args)`: POST with the arguments as the body, or GET/HEAD with them as parameters. */
  rpc(args: Row = {}, options: { get?: boolean; head?: boolean; count?: Count } = {}): this {
    if (options.get || options.head) {
      this.method = options.head ? 'HEAD' : 'GET';
      for (const [name, value] of Object.entries(args)) {
        if (value !== undefined) {
          this.params.append(name, format('', value));
        }
      }
    } else {
      this.method = 'POST';
      this.body = args;
    }
    return this.count(options.count);
  }

  private count(count: Count | undefined): this {
    if (count) this.prefer.push(`count=${count}`);
    return this;
  }

  filter(column: string, operator: string, value: unknown): this {
    this.params.append(column, `${operator}.${format(operator, value)}`);
    return this;
  }

  eq(column: string, value: unknown): this {
    return this.filter(column, 'eq', value);
  }
  neq(column: string, value: unknown): this {
    return this.filter(column, 'neq', value);
  }
  gt(column: string, value: unknown): this {
    return this.filter(column, 'gt', value);
  }
  gte(column: string, value: unknown): this {
    return this.filter(column, 'gte', value);
  }
  lt(column: string, value: unknown): this {
    return this.filter(column, 'lt', value);
  }
  lte(column: string, value: unknown): this {
    return this.filter(column, 'lte', value);
  }
  like(column: string, pattern: string): this {
    return this.filter(column, 'like', pattern);
  }
  ilike(column: string, pattern: string): this {
    return this.filter(column, 'ilike', pattern);
  }
  is(column: string, value: null | boolean): this {
    return this.filter(column, 'is', value);
  }
  in(column: string, values: readonly unknown[]): this {
    return this.filter(column, 'in', values);
  }
  contains(column: string, value: unknown): this {
    return this.filter(column, 'cs', value);
  }
  containedBy(column: string, value: unknown): this {
    return this.filter(column, 'cd', value);
  }
  not(column: string, operator: string, value: unknown): this {
    return this.filter(column, `not.${operator}`, value);
  }
  or(filters: string, options: { referencedTable?: string } = {}): this {
    this.params.append(scoped('or', options.referencedTable), `(${filters})`);
    return this;
  }
  match(query: Row): this {
    for (const [column, value] of Object.entries(query)) this.eq(column, value);
    return this;
  }

  order(column: string, options: { ascending?: boolean; nullsFirst?: boolean; referencedTable?: string } = {}): this {
    const key = scoped('order', options.referencedTable);
    const nulls = options.nullsFirst === undefined ? '' : options.nullsFirst ? '.nullsfirst' : '.nullslast';
    const term = `${column}.${options.ascending === false ? 'desc' : 'asc'}${nulls}`;
    const before = this.params.get(key);
    this.params.set(key, before ? `${before},${term}` : term);
    return this;
  }

  limit(count: number, options: { referencedTable?: string } = {}): this {
    this.params.set(scoped('limit', options.referencedTable), String(count));
    return this;
  }

  range(from: number, to: number, options: { referencedTable?: string } = {}): this {
    this.params.set(scoped('offset', options.referencedTable), String(from));
    return this.limit(to - from + 1, options);
  }

  abortSignal(signal: AbortSignal): this {
    this.signal = signal;
    return this;
  }

  single(): this {
    this.shape = SINGLE;
    return this;
  }
  maybeSingle(): this {
    this.shape = MAYBE_SINGLE;
    return this;
  }
  csv(): this {
    this.shape = CSV;
    return this;
  }
  returns(): this {
    return this;
  }

  /** The query string as sent (without `?`). */
  get url(): string {
    const query = this.params.toString();
    return query ? `${this.path}?${query}` : this.path;
  }

  get key(): string {
    return `${this.method} ${this.url} ${this.accept()} ${this.prefer.join(',')}`;
  }

  /** A GET's maybeSingle asks for rows and checks the count itself; writes ask for one object. */
  private accept(): string {
    if (this.shape === CSV) return 'text/csv';
    if (this.shape === SINGLE || (this.shape === MAYBE_SINGLE && this.method !== 'GET' && this.method !== 'HEAD')) {
      return OBJECT;
    }
    return 'application/json';
  }

  then<A = QueryResult<unknown>, B = never>(
    onfulfilled?: ((value: QueryResult<unknown>) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.run().then(onfulfilled, onrejected);
  }

  private async run(): Promise<QueryResult<unknown>> {
    const headers: Record<string, string> = { accept: this.accept() };
    if (this.prefer.length) headers.prefer = this.prefer.join(',');
    const [result, responseHeaders] = await this.http.send(this.url, {
      method: this.method,
      headers,
      json: this.body,
      signal: this.signal ?? null,
    });
    const { status } = result;
    if (result.error) {
      // maybeSingle on a write: no row is not an error.
      if (this.shape === MAYBE_SINGLE && result.error.code === 'PGRST116' && /\b0 rows/.test(result.error.details ?? '')) {
        return { data: null, error: null, count: null, status: 200 };
      }
      return { data: null, error: result.error, count: null, status };
    }
    const total = /\/(\d+)$/.exec(responseHeaders?.get('content-range') ?? '')?.[1];
    const count = total === undefined ? null : Number(total);
    let data = result.data;
    if (this.shape === MAYBE_SINGLE && Array.isArray(data)) {
      if (data.length > 1) {
        const error = new KanisaError({
          code: 'PGRST116',
          message: 'JSON object requested, multiple (or no) rows returned',
          details: `Results contain ${String(data.length)} rows, application/vnd.pgrst.object+json requires 1 row`,
          status: 406,
        });
        return { data: null, error, count: null, status: 406 };
      }
      data = data[0] ?? null;
    }
    return { data, error: null, count, status };
  }
}

function scoped(key: string, table: string | undefined): string {
  return table ? `${table}.${key}` : key;
}

/** A list item or array element: quoted when it holds a character the grammar reserves. */
function quote(value: unknown): string {
  const text = String(value);
  return typeof value === 'string' && (text === '' || /[,.:(){}"\\\s]/.test(text))
    ? `"${text.replace(/["\\]/g, '\\$&')}"`
    : text;
}

/** A filter's value: `in` lists `(a,b)`, arrays `{a,b}`, objects as JSON, the rest as text. */
function format(operator: string, value: unknown): string {
  if (Array.isArray(value)) {
    const items = value.map(quote).join(',');
    return operator.endsWith('in') ? `(${items})` : `{${items}}`;
  }
  return value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value);
}
