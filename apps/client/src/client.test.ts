import { describe, expect, it, vi } from 'vitest';
import { createAnonClient, createClient } from './client';
import { KanisaError } from './error';

type FetchArgs = [input: RequestInfo | URL, init?: RequestInit];

function jsonResponse(body: unknown, status = 200, contentType = 'application/json; charset=utf-8'): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': contentType } });
}

/** A fetch double that answers with `answer` and records each call. */
function fakeFetch(answer: Response | (() => Promise<Response>)) {
  return vi.fn<(...args: FetchArgs) => Promise<Response>>(() =>
    typeof answer === 'function' ? answer() : Promise.resolve(answer),
  );
}

function sentHeaders(fetchMock: ReturnType<typeof fakeFetch>): Headers {
  return new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
}

describe('createClient().request', () => {
  it('joins the base URL and path and returns the parsed JSON body as data', async () => {
    const fetchMock = fakeFetch(jsonResponse([{ id: 1, title: 'Sabbath' }]));
    const client = createClient('https://church.example/', undefined, { fetch: fetchMock });

    const result = await client.request<{ id: number; title: string }[]>('/rest/v1/events?select=id,title');

    expect(result).toEqual({ data: [{ id: 1, title: 'Sabbath' }], error: null, status: 200 });
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('https://church.example/rest/v1/events?select=id,title');
    expect(sentHeaders(fetchMock).get('accept')).toBe('application/json');
  });

  it('uses the page origin when the base URL is empty', async () => {
    const fetchMock = fakeFetch(jsonResponse({}));
    await createClient('', undefined, { fetch: fetchMock }).request('/auth/v1/user');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/auth/v1/user');
  });

  it('falls back to the global fetch, looked up at call time', async () => {
    const fetchMock = fakeFetch(jsonResponse({ ok: true }));
    const client = createClient('http://x');
    vi.stubGlobal('fetch', fetchMock);
    try {
      const { data } = await client.request('/a');
      expect(data).toEqual({ ok: true });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('sends the anon key as apikey and bearer token unless the request carries its own', async () => {
    const fetchMock = fakeFetch(jsonResponse({}));
    const client = createClient('http://x', 'anon-key', { fetch: fetchMock });

    await client.request('/rest/v1/sermons');
    expect(sentHeaders(fetchMock).get('apikey')).toBe('anon-key');
    expect(sentHeaders(fetchMock).get('authorization')).toBe('Bearer anon-key');

    fetchMock.mockClear();
    await client.request('/rest/v1/sermons', { headers: { Authorization: 'Bearer user-jwt' } });
    expect(sentHeaders(fetchMock).get('apikey')).toBe('anon-key');
    expect(sentHeaders(fetchMock).get('authorization')).toBe('Bearer user-jwt');
  });

  it('sends no credentials without an anon key', async () => {
    const fetchMock = fakeFetch(jsonResponse({}));
    await createClient('http://x', undefined, { fetch: fetchMock }).request('/health');
    expect(sentHeaders(fetchMock).has('apikey')).toBe(false);
    expect(sentHeaders(fetchMock).has('authorization')).toBe(false);
  });

  it('merges client-wide headers with the request headers, the request winning', async () => {
    const fetchMock = fakeFetch(jsonResponse({}));
    const client = createClient('http://x', undefined, {
      fetch: fetchMock,
      headers: { 'x-client-info': 'kanisa-admin', prefer: 'count=exact' },
    });
    await client.request('/rest/v1/members', { headers: { prefer: 'return=representation' } });
    expect(sentHeaders(fetchMock).get('x-client-info')).toBe('kanisa-admin');
    expect(sentHeaders(fetchMock).get('prefer')).toBe('return=representation');
  });

  it('serialises the json option as a JSON body', async () => {
    const fetchMock = fakeFetch(jsonResponse({ access_token: 't' }));
    const client = createClient('http://x', undefined, { fetch: fetchMock });

    await client.request('/auth/v1/token?grant_type=password', {
      method: 'POST',
      json: { email: 'a@b.c', password: 'pw' },
    });

    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"email":"a@b.c","password":"pw"}');
    expect(sentHeaders(fetchMock).get('content-type')).toBe('application/json');
  });

  it('returns null data for an empty success body (204)', async () => {
    const fetchMock = fakeFetch(new Response(null, { status: 204 }));
    const result = await createClient('http://x', undefined, { fetch: fetchMock }).request<null>('/rest/v1/x', {
      method: 'DELETE',
    });
    expect(result).toEqual({ data: null, error: null, status: 204 });
  });

  it('returns the text of a non-JSON success body', async () => {
    const fetchMock = fakeFetch(new Response('a,b\n1,2', { headers: { 'content-type': 'text/csv' } }));
    const { data } = await createClient('http://x', undefined, { fetch: fetchMock }).request<string>('/r');
    expect(data).toBe('a,b\n1,2');
  });

  it('turns the JSON error envelope into a KanisaError carrying code, message, details and hint', async () => {
    const fetchMock = fakeFetch(
      jsonResponse(
        {
          code: 'PGRST205',
          message: "Could not find the table 'public.sermon' in the schema cache",
          details: null,
          hint: "Perhaps you meant the table 'public.sermons'",
        },
        404,
      ),
    );
    const result = await createClient('http://x', undefined, { fetch: fetchMock }).request('/rest/v1/sermon');

    expect(result.data).toBeNull();
    expect(result.status).toBe(404);
    expect(result.error).toBeInstanceOf(KanisaError);
    expect(result.error).toBeInstanceOf(Error);
    expect(result.error?.toJSON()).toEqual({
      code: 'PGRST205',
      message: "Could not find the table 'public.sermon' in the schema cache",
      details: null,
      hint: "Perhaps you meant the table 'public.sermons'",
      status: 404,
    });
  });

  it('reads the server 404 for a not-yet-built endpoint', async () => {
    const fetchMock = fakeFetch(jsonResponse({ code: 'not_found', message: 'No route for POST /auth/v1/token' }, 404));
    const { error } = await createClient('', undefined, { fetch: fetchMock }).request('/auth/v1/token', {
      method: 'POST',
    });
    expect(error?.code).toBe('not_found');
    expect(error?.message).toBe('No route for POST /auth/v1/token');
  });

  it('accepts a vendor JSON content type such as PostgREST single-object errors', async () => {
    const fetchMock = fakeFetch(
      jsonResponse(
        { code: 'PGRST116', message: 'Cannot coerce the result to a single JSON object', details: 'The result contains 0 rows', hint: null },
        406,
        'application/vnd.pgrst.object+json; charset=utf-8',
      ),
    );
    const { error } = await createClient('http://x', undefined, { fetch: fetchMock }).request('/rest/v1/users?id=eq.1');
    expect(error?.code).toBe('PGRST116');
    expect(error?.details).toBe('The result contains 0 rows');
  });

  it('gives a readable error for a non-JSON error body', async () => {
    const fetchMock = fakeFetch(
      new Response('<html><body>Bad Gateway</body></html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    );
    const { error, status } = await createClient('http://x', undefined, { fetch: fetchMock }).request('/health');
    expect(status).toBe(502);
    expect(error?.code).toBe('http_502');
    expect(error?.message).toBe('The server could not complete the request (HTTP 502).');
  });

  it('turns a fetch rejection into a network_error with a readable message and the cause', async () => {
    const cause = new TypeError('Failed to fetch');
    const fetchMock = fakeFetch(() => Promise.reject(cause));
    const { data, error, status } = await createClient('http://x', undefined, { fetch: fetchMock }).request('/health');

    expect(data).toBeNull();
    expect(status).toBe(0);
    expect(error?.code).toBe('network_error');
    expect(error?.message).toBe('Could not reach the server. Check your internet connection and try again.');
    expect(error?.cause).toBe(cause);
  });

  it('reports an aborted request as aborted, not as a network failure', async () => {
    const controller = new AbortController();
    controller.abort();
    const fetchMock = fakeFetch(() => Promise.reject(new DOMException('The operation was aborted.', 'AbortError')));
    const { error } = await createClient('http://x', undefined, { fetch: fetchMock }).request('/health', {
      signal: controller.signal,
    });
    expect(fetchMock.mock.calls[0]?.[1]?.signal).toBe(controller.signal);
    expect(error?.code).toBe('aborted');
  });

  it('reports an unreadable JSON success body as invalid_response', async () => {
    const fetchMock = fakeFetch(new Response('{"status": "ok"', { headers: { 'content-type': 'application/json' } }));
    const { data, error } = await createClient('http://x', undefined, { fetch: fetchMock }).request('/health');
    expect(data).toBeNull();
    expect(error?.code).toBe('invalid_response');
    expect(error?.status).toBe(200);
  });

  it('rejects a path that does not start with a slash', async () => {
    const client = createClient('http://x', undefined, { fetch: fakeFetch(jsonResponse({})) });
    await expect(client.request('health')).rejects.toThrow(TypeError);
  });
});

describe('createClient().health', () => {
  it('reads GET /health', async () => {
    const fetchMock = fakeFetch(jsonResponse({ status: 'ok', database: 'ok' }));
    const result = await createClient('http://127.0.0.1:8080', undefined, { fetch: fetchMock }).health();

    expect(result).toEqual({ data: { status: 'ok', database: 'ok' }, error: null, status: 200 });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('http://127.0.0.1:8080/health');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBeUndefined();
  });

  it('reports a database outage as the server describes it', async () => {
    const fetchMock = fakeFetch(jsonResponse({ code: 'database_unavailable', message: 'The database is not reachable' }, 503));
    const { error } = await createClient('', undefined, { fetch: fetchMock }).health();
    expect(error?.code).toBe('database_unavailable');
    expect(error?.status).toBe(503);
  });
});

describe('createAnonClient', () => {
  it('reads, calls and sends with the anon key and has no sign-in part', async () => {
    const fetchMock = fakeFetch(jsonResponse([{ id: 1 }]));
    const client = createAnonClient('https://church.example', 'anon-key', { fetch: fetchMock });

    const { data, error } = await client.from('sermons').select('id').eq('is_published', true);

    expect(error).toBeNull();
    expect(data).toEqual([{ id: 1 }]);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('https://church.example/rest/v1/sermons?select=id&is_published=eq.true');
    const headers = sentHeaders(fetchMock);
    expect(headers.get('apikey')).toBe('anon-key');
    expect(headers.get('authorization')).toBe('Bearer anon-key');
    expect('auth' in client).toBe(false);
    expect(typeof client.functions.invoke).toBe('function');
    expect(typeof client.storage.from).toBe('function');
  });
});
