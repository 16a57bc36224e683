/**
 * Types of the table API, read from a `Database` type in Supabase's generated shape
 * (`kanisa gen types` writes `database.types.ts`). Only this shape is relied on:
 * `Database['public']` with `Tables[name].{Row, Insert, Update}`, `Views[name].Row` and
 * `Functions[name].{Args, Returns}`; any other key (Relationships, Enums, CompositeTypes, …) is
 * ignored.
 *
 * Select strings: a plain list of columns (`'*'`, `'title, speaker'`, `'when:sermon_date'`,
 * `'id::text'`) is checked against the row and gives rows with exactly those keys; anything
 * with embeds, JSON paths or spreads (`'title, users(full_name)'`, `'data->>a'`) is not parsed
 * and gives `Record<string, unknown>` rows: state their shape with `.returns<T>()`.
 */
import type { KanisaError } from './error';

export type GenericRow = Record<string, unknown>;
export interface GenericTable {
  Row: GenericRow;
  Insert: GenericRow;
  Update: GenericRow;
}
export interface GenericView {
  Row: GenericRow;
}
export interface GenericFunction {
  Args: unknown;
  Returns: unknown;
}
export interface GenericSchema {
  Tables: Record<string, GenericTable>;
  Views: Record<string, GenericView>;
  Functions: Record<string, GenericFunction>;
}
export interface GenericDatabase {
  public: GenericSchema;
}
/** A database without generated types: any table, any column, values `unknown`. */
export interface UntypedDatabase {
  public: {
    Tables: Record<string, { Row: GenericRow; Insert: GenericRow; Update: GenericRow }>;
    Views: Record<string, { Row: GenericRow }>;
    Functions: Record<string, { Args: GenericRow; Returns: unknown }>;
  };
}

type Schema<DB extends GenericDatabase> = DB['public'];
export type TableName<DB extends GenericDatabase> = keyof Schema<DB>['Tables'] & string;
export type ViewName<DB extends GenericDatabase> = keyof Schema<DB>['Views'] & string;
export type RelationName<DB extends GenericDatabase> = TableName<DB> | ViewName<DB>;
export type FunctionName<DB extends GenericDatabase> = keyof Schema<DB>['Functions'] & string;

/** A table's or view's definition. */
export type Relation<DB extends GenericDatabase, N extends RelationName<DB>> =
  N extends TableName<DB> ? Schema<DB>['Tables'][N] : N extends ViewName<DB> ? Schema<DB>['Views'][N] : never;
export type RowOf<DB extends GenericDatabase, N extends RelationName<DB>> = Relation<DB, N>['Row'];
type WriteOf<T, K extends 'Insert' | 'Update'> = T extends Record<K, infer W> ? W : never;

export type Count = 'exact' | 'planned' | 'estimated';

/** Operators of the table API, for `not()`. */
export type FilterOperator =
  | 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike' | 'match' | 'imatch'
  | 'is' | 'isdistinct' | 'in' | 'cs' | 'cd' | 'ov' | 'sl' | 'sr' | 'nxl' | 'nxr' | 'adj'
  | 'fts' | 'plfts' | 'phfts' | 'wfts';

/** What every table call resolves to (it never rejects). `count` only when asked for. */
export type QueryResult<T> =
  | { data: T; error: null; count: number | null; status: number }
  | { data: null; error: KanisaError; count: null; status: number };

// ---- select strings -------------------------------------------------------------------------

type Space = ' ' | '\n' | '\t' | '\r';
type Trim<S extends string> = S extends `${Space}${infer R}` ? Trim<R> : S extends `${infer R}${Space}` ? Trim<R> : S;
type Items<Q extends string> = Q extends `${infer H},${infer T}` ? Trim<H> | Items<T> : Trim<Q>;
/** Select strings left unparsed: embeds, JSON paths, spreads, hints, quoted names. */
type Unparsed = `${string}${'(' | '->' | '.' | '!' | '"'}${string}`;
/** `alias:column::cast` → output key, column, whether it is cast. */
type Field<I extends string> = I extends `${infer H}::${string}`
  ? H extends `${infer A}:${infer C}`
    ? [A, C, true]
    : [H, H, true]
  : I extends `${infer A}:${infer C}`
    ? [A, C, false]
    : [I, I, false];
type Unknown<Row, Q extends string> = Exclude<Items<Q>, '*'> extends infer I
  ? I extends string
    ? Field<I>[1] extends keyof Row
      ? never
      : I
    : never
  : never;

/**
 * `Q` itself when every column it names exists in `Row`; else a message naming the first
 * unknown one, which `Q` is not assignable to (the compile error shows it).
 */
export type CheckSelect<Row, Q extends string> = string extends Q
  ? Q
  : Q extends Unparsed
    ? Q
    : [Unknown<Row, Q>] extends [never]
      ? Q
      : `Unknown column in select: ${Unknown<Row, Q>}`;

/** The rows a select string gives. */
export type SelectRow<Row, Q extends string> = string extends Q
  ? Row
  : Q extends Unparsed
    ? Record<string, unknown>
    : [Exclude<Items<Q>, '*'>] extends [never]
      ? Row
      : ('*' extends Items<Q> ? Row : unknown) & {
        [I in Exclude<Items<Q>, '*'> as Field<I>[0]]: Field<I>[2] extends true
          ? unknown
          : Field<I>[1] extends keyof Row
            ? Row[Field<I>[1]]
            : unknown;
      };

// ---- builders -------------------------------------------------------------------------------

type Column<Row> = keyof Row & string;
type Value<Row, C extends keyof Row> = NonNullable<Row[C]>;
type TextColumn<Row> = { [K in Column<Row>]: Value<Row, K> extends string ? K : never }[Column<Row>];
type One<R> = R extends readonly (infer E)[] ? E : R;

export interface SelectOptions<H extends boolean = boolean> {
  /** Ask for the total (`Prefer: count=…`); it arrives as `count`. */
  count?: Count;
  /** Only the count: a HEAD request, `data` is null. */
  head?: H;
}
export interface WriteOptions {
  count?: Count;
}
export interface InsertOptions extends WriteOptions {
  /**
   * Several rows: keys missing from a row are NULL (true, the default, as postgrest-js) or the
   * column's default (false: `Prefer: missing=default`).
   */
  defaultToNull?: boolean;
}
export interface UpsertOptions extends InsertOptions {
  /** Comma-separated columns of the unique constraint to match on (default: the primary key). */
  onConflict?: string;
  /** Leave existing rows as they are (default: merge the new values into them). */
  ignoreDuplicates?: boolean;
}
export interface OrderOptions {
  ascending?: boolean;
  nullsFirst?: boolean;
}
/** For filters, order, limit and range on an embedded resource (`'users'` in `users(…)`). */
export interface Referenced {
  referencedTable: string;
}

/** A request that can be awaited; what the React helpers accept. */
export interface Runnable<Result> extends PromiseLike<QueryResult<Result>> {
  /** The table a table request reads or writes (none for RPC). */
  readonly table: string | undefined;
  /** Method, path, query string and response format: equal keys mean equal requests. */
  readonly key: string;
  abortSignal(signal: AbortSignal): this;
}

/** Filters, modifiers and the response format of a request; await it for the result. */
export interface FilterBuilder<Row, Result> extends Runnable<Result> {
  eq<C extends Column<Row>>(column: C, value: Value<Row, C>): this;
  neq<C extends Column<Row>>(column: C, value: Value<Row, C>): this;
  gt<C extends Column<Row>>(column: C, value: Value<Row, C>): this;
  gte<C extends Column<Row>>(column: C, value: Value<Row, C>): this;
  lt<C extends Column<Row>>(column: C, value: Value<Row, C>): this;
  lte<C extends Column<Row>>(column: C, value: Value<Row, C>): this;
  /** `%` (or `*`) matches any text. */
  like(column: TextColumn<Row>, pattern: string): this;
  ilike(column: TextColumn<Row>, pattern: string): this;
  is(column: Column<Row>, value: null | boolean): this;
  in<C extends Column<Row>>(column: C, values: readonly Value<Row, C>[]): this;
  /** Arrays, JSON and ranges: the column contains `value`. */
  contains<C extends Column<Row>>(column: C, value: Value<Row, C> | string): this;
  containedBy<C extends Column<Row>>(column: C, value: Value<Row, C> | string): this;
  /** PostgREST's own syntax: `or('status.eq.pending,priority.eq.urgent')`. */
  or(filters: string, options?: Referenced): this;
  /** `not('status', 'in', ['sent', 'failed'])`, `not('email', 'is', null)`. */
  not(column: Column<Row>, operator: FilterOperator, value: unknown): this;
  /** `eq` for each key. */
  match(query: { [K in Column<Row>]?: Value<Row, K> }): this;
  order(column: Column<Row>, options?: OrderOptions): this;
  order(column: string, options: OrderOptions & Referenced): this;
  limit(count: number, options?: Referenced): this;
  /** Rows `from` to `to`, both inclusive, counting from 0. */
  range(from: number, to: number, options?: Referenced): this;
  /** After a write: return the written rows (`Prefer: return=representation`). */
  select<Q extends string = '*'>(columns?: CheckSelect<Row, Q>): FilterBuilder<Row, SelectRow<Row, Q>[]>;
  /** Exactly one row as an object, else an error (PGRST116; a write is rolled back). */
  single(): FilterBuilder<Row, One<Result>>;
  /** At most one row: the object or null; several rows are an error. */
  maybeSingle(): FilterBuilder<Row, One<Result> | null>;
  /** The rows as CSV text. */
  csv(): FilterBuilder<Row, string>;
  /** States the result's type where the select string is not parsed (embeds, JSON paths). */
  returns<T>(): FilterBuilder<Row, T>;
}

/** `from(name)`: choose the operation. */
export interface TableBuilder<T extends GenericTable | GenericView> {
  select<Q extends string = '*', H extends boolean = false>(
    columns?: CheckSelect<T['Row'], Q>,
    options?: SelectOptions<H>,
  ): FilterBuilder<T['Row'], H extends true ? null : SelectRow<T['Row'], Q>[]>;
  /** Writes return nothing (`data: null`) unless followed by `.select()`. */
  insert(values: WriteOf<T, 'Insert'> | readonly WriteOf<T, 'Insert'>[], options?: InsertOptions): FilterBuilder<T['Row'], null>;
  upsert(values: WriteOf<T, 'Insert'> | readonly WriteOf<T, 'Insert'>[], options?: UpsertOptions): FilterBuilder<T['Row'], null>;
  update(values: WriteOf<T, 'Update'>, options?: WriteOptions): FilterBuilder<T['Row'], null>;
  delete(options?: WriteOptions): FilterBuilder<T['Row'], null>;
}

export interface RpcOptions {
  /** GET with the arguments in the query string (functions that change nothing). */
  get?: boolean;
  /** HEAD: only the count. */
  head?: boolean;
  count?: Count;
}
/** Rows of a set-returning function take filters on their columns; other results take none. */
type RpcRow<R> = R extends readonly (infer E)[] ? (E extends GenericRow ? E : NoColumns) : NoColumns;
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a row without columns: `keyof` is never
interface NoColumns {}
/** Arguments are optional when the function takes none (`never` or `Record<PropertyKey, never>`) or only optional ones. */
type RpcArgs<A> = [A] extends [never]
  ? [args?: Record<string, never>, options?: RpcOptions]
  : [A] extends [Record<PropertyKey, never>]
    ? [args?: A, options?: RpcOptions]
    : Partial<A> extends A
      ? [args?: A, options?: RpcOptions]
      : [args: A, options?: RpcOptions];

export type FunctionOf<DB extends GenericDatabase, F extends FunctionName<DB>> = Schema<DB>['Functions'][F];
export type RpcBuilder<DB extends GenericDatabase, F extends FunctionName<DB>> = FilterBuilder<
  RpcRow<FunctionOf<DB, F>['Returns']>,
  FunctionOf<DB, F>['Returns']
>;
export type RpcParameters<DB extends GenericDatabase, F extends FunctionName<DB>> = RpcArgs<FunctionOf<DB, F>['Args']>;
