import { vi } from 'vitest';

/** One request as the client sent it. */
export interface Sent {
  url: URL;
  method: string;
  headers: Headers;
  body: unknown;
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/**
 * A fetch double: answers each request with `answer(sent)` (default: `[]`) and records it in
 * `sent`, with the URL parsed and a JSON body read back.
 */
export function fakeFetch(answer: (sent: Sent) => Response | Promise<Response> = () => json([])) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = init?.body;
    let body: unknown = raw;
    if (typeof raw === 'string' && new Headers(init?.headers).get('content-type') === 'application/json') {
      body = JSON.parse(raw) as unknown;
    }
    const request: Sent = {
      url: new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://page.example'),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body,
    };
    sent.push(request);
    return answer(request);
  });
  return {
    fetch: fetch as typeof globalThis.fetch,
    sent,
    /** The last request; fails the test when none was made. */
    last: (): Sent => {
      const request = sent.at(-1);
      if (!request) throw new Error('no request was made');
      return request;
    },
  };
}

/** The query string's parameters as `[name, value]` pairs, decoded, in order. */
export function params(url: URL): [string, string][] {
  return [...url.searchParams.entries()];
}
