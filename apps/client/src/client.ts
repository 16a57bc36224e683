import { createAuth, type AuthClient, type AuthOptions } from './auth';
import type { Database } from './database.types';
import { createFunctions, type FunctionsClient } from './functions';
import { createHttp, type Http, type KanisaResult, type RequestOptions } from './http';
import { Query } from './query';
import { createRealtime, type RealtimeClient } from './realtime';
import { createStorage, type StorageClient } from './storage';
import type {
  FunctionName,
  GenericDatabase,
  Relation,
  RelationName,
  RpcBuilder,
  RpcParameters,
  TableBuilder,
} from './types';

export type { KanisaResult, RequestOptions } from './http';

export interface HealthStatus {
  status: string;
  database: string;
}

export interface ClientOptions {
  /** A fetch implementation; defaults to the global one at call time. */
  fetch?: typeof fetch;
  /** Headers sent with every request (a request's own headers win). */
  headers?: HeadersInit;
  auth?: AuthOptions;
  /** Realtime's WebSocket (default: the global one at connect time); `false`: never connect. */
  realtime?: { WebSocket?: typeof WebSocket } | false;
}

export interface KanisaClient<DB extends GenericDatabase = Database> {
  readonly baseUrl: string;
  /** A table or view of the table API (`/rest/v1/{name}`). */
  from<N extends RelationName<DB>>(name: N): TableBuilder<Relation<DB, N>>;
  /** A database function (`/rest/v1/rpc/{fn}`); set-returning ones take filters and modifiers. */
  rpc<F extends FunctionName<DB>>(fn: F, ...args: RpcParameters<DB, F>): RpcBuilder<DB, F>;
  readonly auth: AuthClient;
  readonly storage: StorageClient;
  /** The server's own endpoints (`/functions/v1/{name}`): public forms, service modes, sends. */
  readonly functions: FunctionsClient;
  /** Row changes pushed by the server as the caller's policies allow (`/realtime/v1`). */
  readonly realtime: RealtimeClient;
  /** Any other request to the server, with the same keys and error handling. */
  request<T>(path: string, init?: RequestOptions): Promise<KanisaResult<T>>;
  /** `GET /health`: the server and its database are up. */
  health(): Promise<KanisaResult<HealthStatus>>;
}

/**
 * @param baseUrl the server's origin, e.g. `https://church.example`; `''` means the page's own
 *   origin (the apps are served by the same server as the API).
 * @param anonKey the public API key, sent as `apikey` and, while nobody is signed in, as the
 *   bearer token (signed in, the bearer is the user's access token).
 */
export function createClient<DB extends GenericDatabase = Database>(
  baseUrl: string,
  anonKey?: string,
  options: ClientOptions = {},
): KanisaClient<DB> {
  // The auth client needs the HTTP layer, and the HTTP layer asks the auth client for the token.
  // A token refused because its session ended: refreshing asks the server, and a refused
  // refresh signs out here (the app then shows its sign-in page).
  const http = createHttp(
    baseUrl,
    anonKey,
    options,
    () => auth.accessToken(),
    () => void auth.refreshSession(),
  );
  const auth: AuthClient = createAuth(http, options.auth);
  // The runtime builder is one untyped class; the types above describe what it accepts.
  const realtime = createRealtime({
    base: http.base,
    anonKey,
    token: () => auth.accessToken(),
    onTokenChange: (listener) =>
      auth.onAuthStateChange(() => {
        listener();
      }),
    ...(options.realtime === false ? { disabled: true } : { WebSocket: options.realtime?.WebSocket }),
  });
  return { ...clientParts(http), auth, realtime } as unknown as KanisaClient<DB>;
}

/** What every client has: the table API, functions, storage and plain requests over `http`. */
function clientParts(http: Http) {
  const request = async <T>(path: string, init?: RequestOptions) => (await http.send<T>(path, init))[0];
  return {
    baseUrl: http.base,
    from: (name: string) => new Query(http, `/rest/v1/${encodeURIComponent(name)}`, name),
    rpc: (fn: string, args?: Record<string, unknown>, rpcOptions?: object) =>
      new Query(http, `/rest/v1/rpc/${encodeURIComponent(fn)}`).rpc(args, rpcOptions),
    storage: createStorage(http),
    functions: createFunctions(http),
    request,
    health: () => request<HealthStatus>('/health'),
  };
}

/** A client that never signs in: what a visitor's browser needs. */
export type AnonClient<DB extends GenericDatabase = Database> = Omit<KanisaClient<DB>, 'auth' | 'realtime'>;

/**
 * The client without its auth part, for an app whose users never sign in (the public site):
 * every request carries the anon key, and the sign-in, session and refresh code is not in the
 * app's bundle at all (about 1 kB compressed on every page of a phone's first visit).
 */
export function createAnonClient<DB extends GenericDatabase = Database>(
  baseUrl: string,
  anonKey?: string,
  options: Omit<ClientOptions, 'auth'> = {},
): AnonClient<DB> {
  const http = createHttp(baseUrl, anonKey, options, () => Promise.resolve(undefined));
  return clientParts(http) as unknown as AnonClient<DB>;
}
