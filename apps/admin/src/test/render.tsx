import { createClient, type KanisaClient, type Session } from '@kanisa/client';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, type InitialEntry } from 'react-router-dom';
import { vi } from 'vitest';
import { AppProviders } from '../app/AppProviders';
import { AppRoutes } from '../app/AppRoutes';
import type { AccessUser } from '../lib/access';

/**
 * A client of its own for one test: the session in memory (optionally signed in), no background
 * refresh; its requests go to `fetch` when given (else to the global fetch, which `stubApi` stubs).
 */
export function testClient(session: Session | null = null, fetch?: typeof globalThis.fetch): KanisaClient {
  const items = new Map<string, string>();
  if (session) items.set('kanisa-auth', JSON.stringify(session));
  const storage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
  return createClient('', undefined, { auth: { storage, autoRefresh: false }, realtime: false, ...(fetch ? { fetch } : {}) });
}

/** A session as the server gives it, for a user with this access (`app_metadata`). */
export function sessionFor(access: AccessUser, fullName = 'Test User', email = 'staff@church.example'): Session {
  return {
    access_token: 'jwt',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    refresh_token: 'refresh',
    user: {
      id: 'user-1',
      email,
      app_metadata: { role: access.role, rank: access.rank, permissions: access.permissions },
      user_metadata: { full_name: fullName },
    },
  };
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

export type Answer = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

/** Every outside service live: no demo banner unless a test asks for one. */
const liveServices: Answer = () => json({ email: { live: true }, sms: { live: true }, payments: { live: true } });

/**
 * Stubs the global fetch the client uses. `routes` maps a path prefix (`/rest/v1/users`) to an
 * answer; the service modes are all live, and anything else gets an empty list (reads) so pages
 * render.
 */
export function stubApi(given: Record<string, Answer> = {}) {
  const routes: Record<string, Answer> = { '/functions/v1/service-modes': liveServices, ...given };
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const prefix = Object.keys(routes)
      .filter((p) => url.pathname.startsWith(p))
      .sort((a, b) => b.length - a.length)[0];
    const answer = prefix ? routes[prefix] : undefined;
    return Promise.resolve(answer ? answer(url, init) : json([], 200, { 'content-range': '*/0' }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Renders `ui` (by default the whole route table) with fresh providers, as if at `entry`. */
export function renderAt(entry: InitialEntry, ui: ReactElement = <AppRoutes />, client: KanisaClient = testClient()): RenderResult {
  return render(
    <AppProviders client={client}>
      <MemoryRouter initialEntries={[entry]}>{ui}</MemoryRouter>
    </AppProviders>,
  );
}

/** What the member search RPCs were asked (migration 0036): the search and its page. */
export interface MemberSearchArgs {
  search: string;
  active_only: boolean;
  skip?: number;
  take?: number;
  after?: string[];
  before?: string[];
  from_end?: boolean;
}

/**
 * The server's member search (`search_members` and `count_member_search`) answering `rows(args)`,
 * counted as `count(args)` (the rows' number unless given); `searches` keeps each page asked.
 */
export function memberSearchApi(rows: (args: MemberSearchArgs) => unknown[], count?: (args: MemberSearchArgs) => number) {
  const searches: MemberSearchArgs[] = [];
  const argsOf = (init: RequestInit | undefined) => JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as MemberSearchArgs;
  const handlers: Record<string, Answer> = {
    '/rest/v1/rpc/search_members': (_url, init) => {
      const args = argsOf(init);
      searches.push(args);
      return json(rows(args));
    },
    '/rest/v1/rpc/count_member_search': (_url, init) => {
      const args = argsOf(init);
      return json({ count: count ? count(args) : rows(args).length, estimated: false });
    },
  };
  return { searches, handlers };
}
