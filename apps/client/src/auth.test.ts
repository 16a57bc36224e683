import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthEvent, Lock, Session, SessionStorage } from './auth';
import { createClient } from './client';
import { fakeFetch, json, type Sent } from './test/fake-fetch';

function memory(): SessionStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

const user = { id: 'u1', email: 'pastor@example.org', aud: 'authenticated', app_metadata: { role: 'ADMIN' }, user_metadata: {} };
let issued = 0;
/** A token answer as the server sends it; each one has new tokens. */
function tokens(expiresIn = 3600) {
  issued += 1;
  return {
    access_token: `access-${String(issued)}`,
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: 1, // the server's clock: the client uses its own
    refresh_token: `refresh-${String(issued)}`,
    user,
  };
}

/** A server double for /auth/v1 and /rest/v1; `refreshAnswer` decides the refresh grant's answer. */
function server(options: { expiresIn?: number; refreshAnswer?: () => Response } = {}) {
  return fakeFetch((sent: Sent) => {
    const path = `${sent.url.pathname}${sent.url.search}`;
    if (path === '/auth/v1/token?grant_type=password') {
      const body = sent.body as { password?: string };
      return body.password === 'right'
        ? json(tokens(options.expiresIn))
        : json({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' }, 400);
    }
    if (path === '/auth/v1/token?grant_type=refresh_token') {
      return options.refreshAnswer?.() ?? json(tokens(options.expiresIn));
    }
    if (path === '/auth/v1/otp') return json({});
    if (path === '/auth/v1/verify') {
      const body = sent.body as { token?: string };
      return body.token === '123456'
        ? json(tokens(options.expiresIn))
        : json({ code: 403, error_code: 'otp_expired', msg: 'Token has expired or is invalid' }, 403);
    }
    if (sent.url.pathname === '/auth/v1/logout') return new Response(null, { status: 204 });
    if (path === '/auth/v1/user' && sent.method === 'GET') return json(user);
    if (path === '/auth/v1/user' && sent.method === 'PUT') {
      return json({ ...user, user_metadata: { full_name: 'New Name' } });
    }
    return json([]);
  });
}

function setup(options: Parameters<typeof server>[0] & { storage?: SessionStorage; autoRefresh?: boolean; refreshMargin?: number } = {}) {
  const net = server(options);
  const storage = options.storage ?? memory();
  const kanisa = createClient('http://church.example', 'anon-key', {
    fetch: net.fetch,
    auth: { storage, autoRefresh: options.autoRefresh ?? false, refreshMargin: options.refreshMargin ?? 60 },
  });
  const events: [AuthEvent, string | undefined][] = [];
  kanisa.auth.onAuthStateChange((event, session) => events.push([event, session?.access_token]));
  return { kanisa, storage, events, ...net };
}

/** Awaits `promise` under fake timers, moving the clock on meanwhile (the refresh lease waits a moment). */
async function settle<T>(promise: PromiseLike<T>): Promise<T> {
  const state = { done: false };
  const result = Promise.resolve(promise).finally(() => (state.done = true));
  while (!state.done) await vi.advanceTimersByTimeAsync(10);
  return result;
}

const refreshes = (sent: Sent[]) => sent.filter((s) => s.url.search === '?grant_type=refresh_token');

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('phone sign-in (signInWithOtp, verifyOtp)', () => {
  it('asks for a code by SMS in the language given, then signs in with it', async () => {
    const { kanisa, storage, events, sent } = setup();
    const asked = await kanisa.auth.signInWithOtp({ phone: '0712 345 678', locale: 'sw' });
    expect(asked.error).toBeNull();
    expect(sent[0]?.body).toEqual({ phone: '0712 345 678', channel: 'sms', data: { locale: 'sw' } });
    expect(storage.getItem('kanisa-auth')).toBeNull();

    const { data, error } = await kanisa.auth.verifyOtp({ phone: '0712 345 678', token: '123456' });
    expect(error).toBeNull();
    expect(`${sent[1]?.url.pathname}`).toBe('/auth/v1/verify');
    expect(sent[1]?.body).toEqual({ type: 'sms', phone: '0712 345 678', token: '123456' });
    expect(JSON.parse(storage.getItem('kanisa-auth') ?? 'null')).toEqual(data?.session);
    expect(events).toEqual([['SIGNED_IN', data?.session.access_token]]);
  });

  it('a wrong code is otp_expired and signs nobody in', async () => {
    const { kanisa, storage, events } = setup();
    const { data, error, status } = await kanisa.auth.verifyOtp({ phone: '0712 345 678', token: '000000' });
    expect(data).toBeNull();
    expect(status).toBe(403);
    expect(error?.code).toBe('otp_expired');
    expect(storage.getItem('kanisa-auth')).toBeNull();
    expect(events).toEqual([]);
  });
});

describe('signInWithPassword', () => {
  it('posts the password grant with the anon key, stores the session and says SIGNED_IN', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z') });
    const { kanisa, storage, events, last } = setup();
    const { data, error } = await kanisa.auth.signInWithPassword({ email: 'pastor@example.org', password: 'right' });

    expect(error).toBeNull();
    const sent = last();
    expect(sent.method).toBe('POST');
    expect(`${sent.url.pathname}${sent.url.search}`).toBe('/auth/v1/token?grant_type=password');
    expect(sent.body).toEqual({ email: 'pastor@example.org', password: 'right' });
    expect(sent.headers.get('apikey')).toBe('anon-key');
    expect(sent.headers.get('authorization')).toBe('Bearer anon-key');

    expect(data?.user).toEqual(user);
    // expires_at by this device's clock, from expires_in.
    expect(data?.session.expires_at).toBe(Date.parse('2026-03-01T10:00:00Z') / 1000 + 3600);
    expect(JSON.parse(storage.getItem('kanisa-auth') ?? 'null')).toEqual(data?.session);
    expect(events).toEqual([['SIGNED_IN', data?.session.access_token]]);
  });

  it('reports a wrong password and stores nothing', async () => {
    const { kanisa, storage, events } = setup();
    const { data, error, status } = await kanisa.auth.signInWithPassword({ email: 'pastor@example.org', password: 'wrong' });
    expect(data).toBeNull();
    expect(status).toBe(400);
    expect(error?.code).toBe('invalid_credentials');
    expect(error?.message).toBe('Invalid login credentials');
    expect(storage.getItem('kanisa-auth')).toBeNull();
    expect(events).toEqual([]);
  });

  it('table requests then carry the access token; after sign-out the anon key again', async () => {
    const { kanisa, last } = setup();
    const { data } = await kanisa.auth.signInWithPassword({ email: 'a@b.c', password: 'right' });
    await kanisa.from('sermons').select();
    expect(last().headers.get('authorization')).toBe(`Bearer ${data!.session.access_token}`);
    expect(last().headers.get('apikey')).toBe('anon-key');
    await kanisa.auth.signOut();
    await kanisa.from('sermons').select();
    expect(last().headers.get('authorization')).toBe('Bearer anon-key');
  });

  it('a new client on the same storage starts signed in', async () => {
    const first = setup();
    await first.kanisa.auth.signInWithPassword({ email: 'a@b.c', password: 'right' });
    const second = setup({ storage: first.storage });
    const session = await second.kanisa.auth.getSession();
    expect(session?.access_token).toBe((await first.kanisa.auth.getSession())?.access_token);
  });

  it('ignores an unreadable stored session', async () => {
    const storage = memory();
    storage.setItem('kanisa-auth', '{not json');
    const { kanisa } = setup({ storage });
    expect(await kanisa.auth.getSession()).toBeNull();
  });

  it('uses the storage key given', async () => {
    const storage = memory();
    const net = server();
    const kanisa = createClient('http://x', 'k', { fetch: net.fetch, auth: { storage, storageKey: 'admin-session', autoRefresh: false } });
    await kanisa.auth.signInWithPassword({ email: 'a@b.c', password: 'right' });
    expect([...storage.items.keys()]).toEqual(['admin-session']);
  });
});

describe('signOut', () => {
  it('posts logout with the user token (scope global by default), forgets the session, says SIGNED_OUT', async () => {
    const { kanisa, storage, events, last } = setup();
    const { data } = await kanisa.auth.signInWithPassword({ email: 'a@b.c', password: 'right' });
    const result = await kanisa.auth.signOut();
    expect(result.error).toBeNull();
    expect(`${last().url.pathname}${last().url.search}`).toBe('/auth/v1/logout?scope=global');
    expect(last().method).toBe('POST');
    expect(last().headers.get('authorization')).toBe(`Bearer ${data!.session.access_token}`);
    expect(storage.getItem('kanisa-auth')).toBeNull();
    expect(events.map(([event]) => event)).toEqual(['SIGNED_IN', 'SIGNED_OUT']);
    expect(await kanisa.auth.getSession()).toBeNull();
  });

  it('scope local; an expired session on the server still signs out here', async () => {
    const net = fakeFetch((sent) =>
      sent.url.pathname === '/auth/v1/logout'
        ? json({ code: 401, error_code: 'bad_jwt', msg: 'expired' }, 401)
        : json(tokens()),
    );
    const kanisa = createClient('http://x', 'k', { fetch: net.fetch, auth: { storage: null, autoRefresh: false } });
    await kanisa.auth.signInWithPassword({ email: 'a@b.c', password: 'right' });
    const result = await kanisa.auth.signOut({ scope: 'local' });
    expect(net.last().url.search).toBe('?scope=local');
    expect(result.error).toBeNull();
    expect(await kanisa.auth.getSession()).toBeNull();
  });

  it('scope others keeps this session', async () => {
    const { kanisa } = setup();
    await kanisa.auth.signInWithPassword({ email: 'a@b.c', password: 'right' });
    await kanisa.auth.signOut({ scope: 'others' });
    expect(await kanisa.auth.getSession()).not.toBeNull();
  });

  it('signed out already: no request', async () => {
    const { kanisa, sent } = setup();
    expect((await kanisa.auth.signOut()).error).toBeNull();
    expect(sent).toEqual([]);
  });
});

describe('getUser and updateUser', () => {
  it('getUser reads /auth/v1/user with the user token', async () => {
    const { kanisa, last } = setup();
    const { data: signIn } = await kanisa.auth.signInWithPassword({ email: 'a@b.c', password: 'right' });
    const { data } = await kanisa.auth.getUser();
    expect(last().method).toBe('GET');
    expect(last().url.pathname).toBe('/auth/v1/user');
    expect(last().headers.get('authorization')).toBe(`Bearer ${signIn!.session.access_token}`);
    expect(data).toEqual(user);
  });

  it('signed out: session_missing, no request', async () => {
    const { kanisa, sent } = setup();
    expect((await kanisa.auth.getUser()).error?.code).toBe('session_missing');
    expect((await kanisa.auth.updateUser({ data: { full_name: 'X' } })).error?.code).toBe('session_missing');
    expect(sent).toEqual([]);
  });

  it('updateUser PUTs the attributes, keeps the new user in the session and says USER_UPDATED', async () => {
    const { kanisa, storage, events, last } = setup();
    await kanisa.auth.signInWithPassword({ email: 'a@b.c', password: 'right' });
    const { data } = await kanisa.auth.updateUser({ password: 'new-secret', current_password: 'right', data: { full_name: 'New Name' } });
    expect(last().method).toBe('PUT');
    expect(last().body).toEqual({ password: 'new-secret', current_password: 'right', data: { full_name: 'New Name' } });
    expect(data?.user_metadata).toEqual({ full_name: 'New Name' });
    expect((JSON.parse(storage.getItem('kanisa-auth')!) as Session).user.user_metadata).toEqual({ full_name: 'New Name' });
    expect(events.map(([event]) => event)).toEqual(['SIGNED_IN', 'USER_UPDATED']);
  });
});

describe('refresh', () => {
  it('refreshes in the background refreshMargin seconds before expiry', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z') });
    const { kanisa, storage, events, sent } = setup({ autoRefresh: true, refreshMargin: 60 });
    await kanisa.auth.signInWithPassword({ email: 'a@b.c', password: 'right' });
    const first = await kanisa.auth.getSession();

    await vi.advanceTimersByTimeAsync((3600 - 61) * 1000);
    expect(refreshes(sent)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(2000);
    expect(refreshes(sent)).toHaveLength(1);
    const refresh = refreshes(sent)[0]!;
    expect(refresh.method).toBe('POST');
    expect(refresh.body).toEqual({ refresh_token: first!.refresh_token });
    expect(refresh.headers.get('authorization')).toBe('Bearer anon-key');

    const next = await kanisa.auth.getSession();
    expect(next?.access_token).not.toBe(first?.access_token);
    expect(JSON.parse(storage.getItem('kanisa-auth')!)).toEqual(next);
    expect(events.map(([event]) => event)).toEqual(['SIGNED_IN', 'TOKEN_REFRESHED']);
    // And again before the new token expires.
    await vi.advanceTimersByTimeAsync(3600 * 1000);
    expect(refreshes(sent)).toHaveLength(2);
    kanisa.auth.stopAutoRefresh();
  });

  it('without the background refresh, a request made when the token is expiring refreshes first', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z') });
    const { kanisa, sent } = setup({ autoRefresh: false });
    await kanisa.auth.signInWithPassword({ email: 'a@b.c', password: 'right' });
    vi.setSystemTime(new Date('2026-03-01T10:59:30Z'));
    await settle(kanisa.from('sermons').select());
    expect(sent.map((s) => `${s.method} ${s.url.pathname}${s.url.search}`)).toEqual([
      'POST /auth/v1/token?grant_type=password',
      'POST /auth/v1/token?grant_type=refresh_token',
      'GET /rest/v1/sermons?select=*',
    ]);
    const session = await kanisa.auth.getSession();
    expect(sent[2]?.headers.get('authorization')).toBe(`Bearer ${session!.access_token}`);
  });

  it('a refused refresh (4xx) ends the session; a server fault (5xx) keeps it and retries', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z') });
    let answer = () => json({ code: 503, error_code: 'unexpected_failure', msg: 'down' }, 503);
    const { kanisa, storage, events, sent } = setup({ autoRefresh: true, refreshAnswer: () => answer() });
    await kanisa.auth.signInWithPassword({ email: 'a@b.c', password: 'right' });
    await vi.advanceTimersByTimeAsync(3541 * 1000);
    expect(refreshes(sent)).toHaveLength(1);
    expect(storage.getItem('kanisa-auth')).not.toBeNull();

    answer = () => json({ code: 400, error_code: 'refresh_token_already_used', msg: 'Invalid Refresh Token' }, 400);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(refreshes(sent)).toHaveLength(2);
    expect(storage.getItem('kanisa-auth')).toBeNull();
    expect(events.map(([event]) => event)).toEqual(['SIGNED_IN', 'SIGNED_OUT']);
    kanisa.auth.stopAutoRefresh();
  });

  it('a request refused because the session ended (401 PT401) signs out once the refresh is refused too', async () => {
    const net = fakeFetch((sent: Sent) => {
      const path = `${sent.url.pathname}${sent.url.search}`;
      if (path === '/auth/v1/token?grant_type=password') return json(tokens());
      if (path === '/auth/v1/token?grant_type=refresh_token') {
        return json({ code: 403, error_code: 'session_not_found', msg: 'Session from session_id claim in JWT does not exist' }, 403);
      }
      if (sent.url.pathname === '/rest/v1/sermons') {
        return json({ code: 'PT401', message: 'JWT session has ended', details: null, hint: null }, 401);
      }
      // A 401 for another reason (a wrong key) is the caller's problem, not the end of the session.
      return json({ code: 'PGRST301', message: 'JWSError', details: null, hint: null }, 401);
    });
    const storage = memory();
    const kanisa = createClient('http://church.example', 'anon-key', { fetch: net.fetch, auth: { storage, autoRefresh: false } });
    const events: AuthEvent[] = [];
    kanisa.auth.onAuthStateChange((event) => events.push(event));
    await kanisa.auth.signInWithPassword({ email: 'a@b.c', password: 'right' });

    await kanisa.from('events').select('*');
    expect(refreshes(net.sent)).toHaveLength(0);
    expect(events).toEqual(['SIGNED_IN']);

    const { error } = await kanisa.from('sermons').select('*');
    expect(error?.code).toBe('PT401');
    await vi.waitFor(() => {
      expect(events).toEqual(['SIGNED_IN', 'SIGNED_OUT']);
    });
    expect(refreshes(net.sent)).toHaveLength(1);
    expect(storage.getItem('kanisa-auth')).toBeNull();
    // Signed out: the next request speaks as anon and triggers nothing more.
    await kanisa.from('sermons').select('*');
    expect(net.sent.at(-1)?.headers.get('authorization')).toBe('Bearer anon-key');
    expect(refreshes(net.sent)).toHaveLength(1);
  });

  it('a rate-limited refresh (429) keeps the session', async () => {
    const { kanisa, storage } = setup({
      refreshAnswer: () => json({ code: 429, error_code: 'over_request_rate_limit', msg: 'Too many requests' }, 429),
    });
    await kanisa.auth.signInWithPassword({ email: 'a@b.c', password: 'right' });
    const { error } = await kanisa.auth.refreshSession();
    expect(error?.code).toBe('over_request_rate_limit');
    expect(storage.getItem('kanisa-auth')).not.toBeNull();
  });

  it('refreshSession signed out is session_missing', async () => {
    const { kanisa, sent } = setup();
    expect((await kanisa.auth.refreshSession()).error?.code).toBe('session_missing');
    expect(sent).toEqual([]);
  });

  it('concurrent refreshes in one client make one request', async () => {
    const { kanisa, sent } = setup();
    await kanisa.auth.signInWithPassword({ email: 'a@b.c', password: 'right' });
    const [a, b] = await Promise.all([kanisa.auth.refreshSession(), kanisa.auth.refreshSession()]);
    expect(refreshes(sent)).toHaveLength(1);
    expect(a.data?.access_token).toBe(b.data?.access_token);
  });

  it('two clients sharing a storage (two tabs) refresh once: the second takes the first one’s session', async () => {
    const storage = memory();
    const net = server();
    const make = () => createClient('http://x', 'k', { fetch: net.fetch, auth: { storage, autoRefresh: false } });
    const one = make();
    await one.auth.signInWithPassword({ email: 'a@b.c', password: 'right' });
    const two = make();
    const twoEvents: AuthEvent[] = [];
    two.auth.onAuthStateChange((event) => twoEvents.push(event));

    const [a, b] = await Promise.all([one.auth.refreshSession(), two.auth.refreshSession()]);
    expect(refreshes(net.sent)).toHaveLength(1);
    expect(a.data?.access_token).toBe(b.data?.access_token);
    expect((await one.auth.getSession())?.refresh_token).toBe((await two.auth.getSession())?.refresh_token);
    expect(twoEvents).toEqual(['TOKEN_REFRESHED']);
    // The lease is given back.
    expect(storage.getItem('kanisa-auth-lock')).toBeNull();
  });

  it('uses the Web Locks API when the browser has it', async () => {
    const names: string[] = [];
    vi.stubGlobal('navigator', {
      locks: { request: (name: string, fn: () => Promise<unknown>) => (names.push(name), fn()) },
    });
    const { kanisa, storage } = setup();
    await kanisa.auth.signInWithPassword({ email: 'a@b.c', password: 'right' });
    await kanisa.auth.refreshSession();
    expect(names).toEqual(['kanisa-auth-lock']);
    expect(storage.getItem('kanisa-auth-lock')).toBeNull();
  });

  it('takes an injected lock', async () => {
    const names: string[] = [];
    const lock: Lock = (name, fn) => {
      names.push(name);
      return fn();
    };
    const net = server();
    const kanisa = createClient('http://x', 'k', { fetch: net.fetch, auth: { storage: null, autoRefresh: false, lock } });
    await kanisa.auth.signInWithPassword({ email: 'a@b.c', password: 'right' });
    await kanisa.auth.refreshSession();
    expect(names).toEqual(['kanisa-auth-lock']);
  });
});

describe('other tabs', () => {
  it('follows sign-in, refresh, update and sign-out written by another tab (storage event)', () => {
    type Listener = (event: { key: string | null; newValue: string | null }) => void;
    const listeners: Listener[] = [];
    vi.stubGlobal('addEventListener', (type: string, listener: Listener) => {
      if (type === 'storage') listeners.push(listener);
    });
    vi.stubGlobal('removeEventListener', (_type: string, listener: Listener) => {
      listeners.splice(listeners.indexOf(listener), 1);
    });
    const { kanisa, events } = setup({ autoRefresh: true });
    expect(listeners).toHaveLength(1);
    const fire = (newValue: unknown) => {
      for (const listener of [...listeners]) listener({ key: 'kanisa-auth', newValue: newValue === null ? null : JSON.stringify(newValue) });
    };
    const first = { ...tokens(), expires_at: Date.now() / 1000 + 3600 };
    fire(first);
    const second = { ...tokens(), expires_at: Date.now() / 1000 + 3600 };
    fire(second);
    fire({ ...second, user: { ...user, user_metadata: { full_name: 'X' } } });
    listeners[0]?.({ key: 'something-else', newValue: null });
    fire(null);
    expect(events).toEqual([
      ['SIGNED_IN', first.access_token],
      ['TOKEN_REFRESHED', second.access_token],
      ['USER_UPDATED', second.access_token],
      ['SIGNED_OUT', undefined],
    ]);
    kanisa.auth.stopAutoRefresh();
    expect(listeners).toHaveLength(0);
  });
});

describe('onAuthStateChange', () => {
  it('returns the function that stops the listener', async () => {
    const { kanisa } = setup();
    const seen: AuthEvent[] = [];
    const stop = kanisa.auth.onAuthStateChange((event) => seen.push(event));
    await kanisa.auth.signInWithPassword({ email: 'a@b.c', password: 'right' });
    stop();
    await kanisa.auth.signOut();
    expect(seen).toEqual(['SIGNED_IN']);
  });
});
