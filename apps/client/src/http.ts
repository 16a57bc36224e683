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

/**
 * Who a request speaks as: `undefined` = the signed-in user's (fresh) access token, else the
 * anon key; `null` = the anon key even when signed in (sign-in and refresh); a string = that
 * token.
 */
export type Bearer = string | null | undefined;

/** The one place requests are built and answers read; tables, auth and storage share it. */
export interface Http {
  /** The server's origin without a trailing slash (`''` = the page's origin). */
  readonly base: string;
  /** The headers a request to the API carries: client-wide, then its own, then the keys. */
  headers(own?: HeadersInit, bearer?: Bearer): Promise<Headers>;
  /** One request; resolves to its result and the response headers (none without a response). */
  send<T>(path: string, init?: RequestOptions, bearer?: Bearer): Promise<[KanisaResult<T>, Headers?]>;
}

export interface HttpOptions {
  fetch?: typeof fetch | undefined;
  headers?: HeadersInit | undefined;
}

/**
 * @param token the signed-in user's access token when there is one (refreshed first when it is
 *   about to expire); set once the auth client exists.
 * @param sessionEnded called when the server refuses the user's token because its session has
 *   ended (401 `PT401`: signed out elsewhere, the account deactivated): the auth client then
 *   asks the server, and signs out here if the session is really over.
 */
export function createHttp(
  baseUrl: string,
  anonKey: string | undefined,
  options: HttpOptions,
  token: () => Promise<string | undefined>,
  sessionEnded: () => void = () => undefined,
): Http {
  const base = baseUrl.replace(/\/+$/, '');
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function headers(own?: HeadersInit, bearer?: Bearer): Promise<Headers> {
    const merged = new Headers(options.headers);
    new Headers(own).forEach((value, name) => {
      merged.set(name, value);
    });
    if (!merged.has('accept')) merged.set('accept', 'application/json');
    if (anonKey && !merged.has('apikey')) merged.set('apikey', anonKey);
    if (!merged.has('authorization')) {
      const credential = bearer ?? (bearer === null ? anonKey : ((await token()) ?? anonKey));
      if (credential) merged.set('authorization', `Bearer ${credential}`);
    }
    return merged;
  }

  async function send<T>(path: string, init: RequestOptions = {}, bearer?: Bearer): Promise<[KanisaResult<T>, Headers?]> {
    if (!path.startsWith('/')) {
      throw new TypeError(`Request path must start with "/": ${path}`);
    }
    const { json, headers: own, ...rest } = init;
    const sent = await headers(own, bearer);
    let body = rest.body;
    if (json !== undefined) {
      body = JSON.stringify(json);
      if (!sent.has('content-type')) sent.set('content-type', 'application/json');
    }
    let response: Response;
    let raw: string;
    try {
      response = await doFetch(`${base}${path}`, { ...rest, headers: sent, body });
      raw = await response.text();
    } catch (cause) {
      return [failed(cause)];
    }
    const result = answer<T>(response.status, response.headers.get('content-type'), raw);
    const asUser = bearer === undefined && !new Headers(own).has('authorization') && sent.get('authorization') !== `Bearer ${anonKey ?? ''}`;
    if (asUser && result.status === 401 && result.error?.code === 'PT401') sessionEnded();
    return [result, response.headers];
  }

  return { base, headers, send };
}

/** The result of a request that got no answer. */
export function failed(cause: unknown): KanisaResult<never> {
  const aborted = cause instanceof Error && (cause.name === 'AbortError' || cause.name === 'TimeoutError');
  return { data: null, error: aborted ? KanisaError.aborted(cause) : KanisaError.network(cause), status: 0 };
}

/** Reads an answer: JSON (any `…json` type) is parsed, other bodies are text, empty is null. */
export function answer<T>(status: number, contentType: string | null, raw: string): KanisaResult<T> {
  let parsed: unknown = raw === '' ? null : raw;
  if (raw !== '' && /\bjson\b/i.test(contentType ?? '')) {
    try {
      parsed = JSON.parse(raw);
    } catch (cause) {
      if (status < 300) {
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
  if (status < 200 || status > 299) {
    return { data: null, error: KanisaError.fromResponseBody(status, parsed), status };
  }
  return { data: parsed as T, error: null, status };
}
