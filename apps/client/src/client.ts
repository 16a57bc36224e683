import { INVALID_RESPONSE, KanisaError } from './error';

/** `fetch`'s options, plus `json`: a value sent as the JSON request body. */
export interface RequestOptions extends RequestInit {
  json?: unknown;
}

/**
 * Every call resolves (never rejects) to exactly one of data or error. A success with an empty
 * body (204, `return=minimal`) has `data: null`: type such calls with `T | null`.
 */
export type KanisaResult<T> =
  | { data: T; error: null; status: number }
  | { data: null; error: KanisaError; status: number };

export interface HealthStatus {
  status: string;
  database: string;
}

export interface ClientOptions {
  /** A fetch implementation; defaults to the global one at call time. */
  fetch?: typeof fetch;
  /** Headers sent with every request (a request's own headers win). */
  headers?: HeadersInit;
}

export interface KanisaClient {
  readonly baseUrl: string;
  request<T>(path: string, init?: RequestOptions): Promise<KanisaResult<T>>;
  /** `GET /health`: the server and its database are up. */
  health(): Promise<KanisaResult<HealthStatus>>;
}

/**
 * @param baseUrl the server's origin, e.g. `https://church.example`; `''` means the page's own
 *   origin (the apps are served by the same server as the API).
 * @param anonKey the public API key, sent as `apikey` and, unless the request sets its own, as the
 *   bearer token.
 */
export function createClient(baseUrl: string, anonKey?: string, options: ClientOptions = {}): KanisaClient {
  const base = baseUrl.replace(/\/+$/, '');
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function request<T>(path: string, init: RequestOptions = {}): Promise<KanisaResult<T>> {
    if (!path.startsWith('/')) {
      throw new TypeError(`Request path must start with "/": ${path}`);
    }
    const { json, headers: ownHeaders, ...rest } = init;
    const headers = new Headers(options.headers);
    new Headers(ownHeaders).forEach((value, name) => {
      headers.set(name, value);
    });
    if (!headers.has('accept')) headers.set('accept', 'application/json');
    if (anonKey) {
      if (!headers.has('apikey')) headers.set('apikey', anonKey);
      if (!headers.has('authorization')) headers.set('authorization', `Bearer ${anonKey}`);
    }
    let body = rest.body;
    if (json !== undefined) {
      body = JSON.stringify(json);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }

    let response: Response;
    let raw: string;
    try {
      response = await doFetch(`${base}${path}`, { ...rest, headers, body });
      raw = await response.text();
    } catch (cause) {
      const error = isAbort(cause) ? KanisaError.aborted(cause) : KanisaError.network(cause);
      return { data: null, error, status: 0 };
    }

    const status = response.status;
    const isJson = /\bjson\b/i.test(response.headers.get('content-type') ?? '');
    let parsed: unknown = raw === '' ? null : raw;
    if (isJson && raw !== '') {
      try {
        parsed = JSON.parse(raw);
      } catch (cause) {
        if (response.ok) {
          const error = new KanisaError({
            code: INVALID_RESPONSE,
            message: 'The server sent a response that could not be read.',
            status,
            cause,
          });
          return { data: null, error, status };
        }
      }
    }

    if (!response.ok) {
      return { data: null, error: KanisaError.fromResponseBody(status, parsed), status };
    }
    return { data: parsed as T, error: null, status };
  }

  return {
    baseUrl: base,
    request,
    health: () => request<HealthStatus>('/health'),
  };
}

function isAbort(cause: unknown): boolean {
  return cause instanceof Error && (cause.name === 'AbortError' || cause.name === 'TimeoutError');
}
