import { vi } from 'vitest';

/** One request the page made, its JSON body read back. */
export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
  /** The Authorization header sent, if any (whose token the request carried). */
  authorization: string | null;
}

type Answer = (sent: SentRequest) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** E-mail live: no demo banner or notice unless a test asks for one. */
const liveServices: Answer = () =>
  json({
    email: { live: true },
    sms: { live: true },
    payments: { live: true, provider: 'equity_bank', label: 'Equity Bank', enabled: true },
  });

/**
 * Stubs the global fetch the client uses: `routes` maps "METHOD /path-prefix" to an answer
 * (the longest prefix wins); the service modes are live, anything else is an empty list.
 * Returns the requests made.
 */
export function stubApi(given: Record<string, Answer> = {}): SentRequest[] {
  const routes: Record<string, Answer> = { 'GET /functions/v1/service-modes': liveServices, ...given };
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      const raw = init?.body;
      const request: SentRequest = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        body: typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw,
        authorization: new Headers(input instanceof Request ? input.headers : init?.headers).get('authorization'),
      };
      sent.push(request);
      const key = Object.keys(routes)
        .filter((route) => `${request.method} ${request.path}`.startsWith(route))
        .sort((a, b) => b.length - a.length)[0];
      const answer = key ? routes[key] : undefined;
      return Promise.resolve(answer ? answer(request) : json([]));
    }),
  );
  return sent;
}
