/**
 * `@kanisa/client/react`: React Query over the client. A separate entry so the core stays small
 * and apps that do not use React Query (the public site's first screen) do not pay for it.
 *
 * Query keys all start with `'kanisa'`: `['kanisa', table, request]` for table reads (the
 * request's method, URL and format, so equal requests share one cache entry) and
 * `['kanisa', 'rpc', fn, args]` for functions. A write through `useMutation` invalidates every
 * read of its table — also RPC reads and embeds that declared the table in `tables`.
 * `invalidateTables(queryClient, tables)` does the same after a write made any other way (an
 * app's own hooks over `queryOptions` keyed on `tableKeys`/`rpcKeys`, with `meta.tables`).
 */
import {
  QueryClient,
  QueryClientProvider,
  type DefaultOptions,
  useMutation as useQueryMutation,
  useQuery,
  useQueryClient,
  type Query,
  type UseMutationOptions,
  type UseMutationResult,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { createContext, createElement, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { KanisaClient } from './client';
import type { Database } from './database.types';
import { KanisaError } from './error';
import type { LiveStatus, RealtimeClient, RowChange } from './realtime';
import type { FunctionName, QueryResult, Relation, RelationName, RpcParameters, Runnable, TableBuilder } from './types';

type Client = KanisaClient;

const ClientContext = createContext<Client | null>(null);

/**
 * A QueryClient with Kanisa's defaults: data is fresh for 30 s, and only failures that may pass
 * (no answer, 5xx) are retried, twice — a refused request (4xx) fails at once. An app's own
 * defaults (`defaults.queries`, `defaults.mutations`) are laid over these, so an app needs no
 * QueryClient factory of its own.
 */
export function createQueryClient(defaults: DefaultOptions = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      ...defaults,
      queries: {
        staleTime: 30_000,
        retry: (failures, error) => failures < 2 && !(error instanceof KanisaError && error.status >= 400 && error.status < 500),
        ...defaults.queries,
      },
    },
  });
}

export interface KanisaProviderProps {
  client: Client;
  /** Default: one made by {@link createQueryClient} for the provider's lifetime. */
  queryClient?: QueryClient;
  children?: ReactNode;
}

/** Provides the client and a QueryClient to the hooks below. */
export function KanisaProvider({ client, queryClient, children }: KanisaProviderProps) {
  const [ownQueryClient] = useState(() => queryClient ?? createQueryClient());
  return createElement(
    ClientContext.Provider,
    { value: client },
    createElement(QueryClientProvider, { client: queryClient ?? ownQueryClient }, children),
  );
}

/** The client given to {@link KanisaProvider}. */
export function useKanisa(): Client {
  const client = useContext(ClientContext);
  if (!client) throw new Error('useKanisa: wrap the app in <KanisaProvider client={…}>');
  return client;
}

/** Query keys of one table: `all` (every read of it) and one request. */
export function tableKeys(table: string) {
  const all = ['kanisa', table] as const;
  return { all, request: (key: string) => [...all, key] as const };
}

/** Query keys of one database function: `all` (every call) and one call. */
export function rpcKeys(fn: string) {
  const all = ['kanisa', 'rpc', fn] as const;
  return { all, call: (args: unknown) => [...all, args ?? {}] as const };
}

/** Invalidates every read of `table`: its own queries and those whose `tables` name it. */
export function invalidateTable(queryClient: QueryClient, table: string): Promise<void> {
  return invalidateTables(queryClient, [table]);
}

/**
 * Invalidates every read of any of `tables` (what one write changed), each matching read once:
 * those keyed under `['kanisa', table]` and those whose `meta.tables` name one of them.
 */
export function invalidateTables(queryClient: QueryClient, tables: readonly string[]): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query: Query) =>
      query.queryKey[0] === 'kanisa' &&
      tables.some((table) => query.queryKey[1] === table || ((query.meta?.tables as string[] | undefined)?.includes(table) ?? false)),
  });
}

/** Tables an embed names in a select string: `users` in `author:users!created_by(full_name)`. */
function embeddedTables(key: string): string[] {
  const select = /[?&]select=([^&\s]*)/.exec(key)?.[1];
  return select ? [...decodeURIComponent(select).matchAll(/(?:^|[,(:.])([A-Za-z_]\w*)(?:![\w]+)*\(/g)].map((m) => m[1] ?? '') : [];
}

/** What a read hook returns: React Query's result, `data` the rows (or row), plus `count`. */
export type KanisaQueryResult<T> = UseQueryResult<T, KanisaError> & { count: number | null };

export interface KanisaQueryOptions<T>
  extends Omit<UseQueryOptions<{ data: T; count: number | null }, KanisaError>, 'queryKey' | 'queryFn' | 'select'> {
  /** More tables whose writes make this read stale (embedded ones are found by themselves). */
  tables?: string[];
}

async function run<T>(request: PromiseLike<QueryResult<T>>): Promise<{ data: T; count: number | null }> {
  const { data, error, count } = await request;
  if (error) throw error;
  return { data, count };
}

function useKanisaQuery<T>(
  queryKey: readonly unknown[],
  request: () => Runnable<T>,
  tables: string[],
  { tables: more = [], ...options }: KanisaQueryOptions<T> = {},
): KanisaQueryResult<T> {
  const query = useQuery({
    ...options,
    queryKey,
    queryFn: ({ signal }) => run(request().abortSignal(signal)),
    meta: { ...options.meta, tables: [...tables, ...more] },
  });
  return { ...query, data: query.data?.data, count: query.data?.count ?? null } as KanisaQueryResult<T>;
}

/**
 * Reads a table: `build` gets `from(table)` and returns the request.
 * ```ts
 * const sermons = useTable('sermons', (q) => q.select('id, title').eq('is_published', true).order('sermon_date', { ascending: false }).limit(5));
 * ```
 */
export function useTable<N extends RelationName<Database>, T>(
  table: N,
  build: (from: TableBuilder<Relation<Database, N>>) => Runnable<T>,
  options?: KanisaQueryOptions<T>,
): KanisaQueryResult<T> {
  const client = useKanisa();
  const request = () => build(client.from(table));
  const { key } = request();
  return useKanisaQuery(tableKeys(table).request(key), request, embeddedTables(key), options);
}

/**
 * Calls a database function. Name the tables it reads in `options.tables` so writes to them
 * make it stale.
 */
export function useRpc<F extends FunctionName<Database>>(
  fn: F,
  args: RpcParameters<Database, F>[0],
  options?: KanisaQueryOptions<Database['public']['Functions'][F]['Returns']> & { get?: boolean },
): KanisaQueryResult<Database['public']['Functions'][F]['Returns']> {
  const client = useKanisa();
  const { get, ...rest } = options ?? {};
  const request = () => (client.rpc as (fn: string, args?: unknown, options?: object) => Runnable<never>)(fn, args, { get });
  return useKanisaQuery(rpcKeys(fn).call(args), request, [], rest);
}

export interface KanisaMutationOptions<T, V> extends Omit<UseMutationOptions<T, KanisaError, V>, 'mutationFn'> {
  /** Tables to invalidate besides the one written (an RPC's writes name theirs here). */
  invalidates?: string[];
}

/**
 * A write: `mutate(client, variables)` returns the request. On success every read of the
 * table it writes (and of `invalidates`) is invalidated, then `onSuccess` runs.
 * ```ts
 * const markRead = useMutation((kanisa, id: string) => kanisa.from('messages').update({ status: 'read' }).eq('id', id));
 * const complete = useMutation((kanisa, id: string) => kanisa.rpc('update_message_status', { message_id: id }), { invalidates: ['messages'] });
 * ```
 */
export function useMutation<T, V = void>(
  mutate: (client: Client, variables: V) => PromiseLike<QueryResult<T>> & { readonly table?: string | undefined },
  { invalidates = [], onSuccess, ...options }: KanisaMutationOptions<T, V> = {},
): UseMutationResult<T, KanisaError, V> {
  const client = useKanisa();
  const queryClient = useQueryClient();
  // The tables of the last write; a ref, as onSuccess may come from a later render.
  const written = useRef<string[]>([]);
  return useQueryMutation<T, KanisaError, V>({
    ...options,
    mutationFn: async (variables) => {
      const request = mutate(client, variables);
      written.current = request.table ? [request.table, ...invalidates] : invalidates;
      return (await run(request)).data;
    },
    onSuccess: async (...args) => {
      await invalidateTables(queryClient, written.current);
      await onSuccess?.(...args);
    },
  });
}

/** How long the changes of a burst are gathered before their tables' reads are marked stale. */
const LIVE_GATHER_MS = 150;

/**
 * Follows the row changes of `tables` over `realtime` (the server decides, by the caller's
 * policies, which rows arrive) and marks every read of a changed table stale, so the screens
 * showing it refetch at once; `onChange` also hears each change (a highlight). The reads keep
 * their own refetching: when the socket is refused or down nothing is lost but liveness.
 * Returns the socket's status (undefined before the first).
 */
export function useLiveTables(
  realtime: RealtimeClient | undefined,
  tables: readonly string[],
  onChange?: (change: RowChange) => void,
): LiveStatus | undefined {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>();
  const heard = useRef(onChange);
  useEffect(() => {
    heard.current = onChange;
  });
  const key = tables.join(',');
  useEffect(() => {
    if (!realtime || key === '') return undefined;
    const changed = new Set<string>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = realtime.watch(
      key.split(','),
      (change) => {
        heard.current?.(change);
        changed.add(change.table);
        timer ??= setTimeout(() => {
          timer = undefined;
          const gathered = [...changed];
          changed.clear();
          void invalidateTables(queryClient, gathered);
        }, LIVE_GATHER_MS);
      },
      { onStatus: setStatus },
    );
    return () => {
      if (timer) clearTimeout(timer);
      stop();
    };
  }, [realtime, key, queryClient]);
  return status;
}
