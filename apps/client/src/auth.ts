/**
 * `/auth/v1` (GoTrue wire format): sign-in with a password (staff) or with a code by SMS
 * (members), the session kept in storage and refreshed before it expires, sign-out, the own
 * account.
 *
 * Refresh across tabs: tabs share one stored session. A refresh runs under a lock (the Web
 * Locks API, else a lease in the same storage); whoever holds it first re-reads the stored
 * session, and if another tab already replaced it with a fresh one, takes that instead of
 * refreshing again. Tabs learn of each other's sign-in, refresh and sign-out from the
 * `storage` event. So one refresh request is made per expiry, however many tabs are open
 * (and the server's reuse grace covers a lost race).
 */
import { KanisaError } from './error';
import type { Http, KanisaResult } from './http';

export interface User {
  id: string;
  email?: string;
  aud?: string;
  role?: string;
  /** Church role, rank and effective permissions as the server computes them. */
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  [key: string]: unknown;
}

export interface Session {
  access_token: string;
  token_type: string;
  /** Lifetime of the access token in seconds. */
  expires_in: number;
  /** When the access token expires (seconds since 1970), by this device's clock. */
  expires_at: number;
  refresh_token: string;
  user: User;
}

export type AuthEvent = 'SIGNED_IN' | 'SIGNED_OUT' | 'TOKEN_REFRESHED' | 'USER_UPDATED';
export type AuthListener = (event: AuthEvent, session: Session | null) => void;

/** The part of `localStorage` the client uses; inject another for tests or other runtimes. */
export interface SessionStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Runs `fn` while holding the lock `name`, across every tab sharing the session. */
export type Lock = <R>(name: string, fn: () => Promise<R>) => Promise<R>;

export interface AuthOptions {
  /** Where the session is kept: `localStorage` by default (in memory when there is none); `null` keeps it in memory only. */
  storage?: SessionStorage | null;
  /** The storage key (default `kanisa-auth`); the refresh lease uses `<key>-lock`. */
  storageKey?: string;
  /** Refresh in the background before the access token expires (default true). */
  autoRefresh?: boolean;
  /**
   * Seconds before expiry from which the session counts as expiring (default 60): the
   * background refresh happens then, and a request made later refreshes first.
   */
  refreshMargin?: number;
  /** The cross-tab lock; default Web Locks, else a lease in `storage`. */
  lock?: Lock;
}

export interface UserAttributes {
  /** A new password; `current_password` is then required. */
  password?: string;
  current_password?: string;
  /** Profile data: `full_name`. */
  data?: Record<string, unknown>;
}

/** What `POST /auth/v1/otp` answers: `{}`; in demo mode (no SMS provider) the code itself. */
export interface OtpSent {
  demo?: boolean;
  demo_code?: string;
}

export interface AuthClient {
  signInWithPassword(credentials: { email: string; password: string }): Promise<KanisaResult<{ session: Session; user: User }>>;
  /**
   * Asks for a six-digit sign-in code by SMS to `phone` (a member's number gets one; any
   * other number the same answer), texted in `locale` (default English).
   */
  signInWithOtp(credentials: { phone: string; locale?: 'en' | 'sw' }): Promise<KanisaResult<OtpSent>>;
  /** Signs in with the code sent to `phone`; a wrong, used or expired code is `otp_expired`. */
  verifyOtp(credentials: { phone: string; token: string }): Promise<KanisaResult<{ session: Session; user: User }>>;
  /** Ends the session on the server (`global`: every device, the default; `local`: this one; `others`) and forgets it here. */
  signOut(options?: { scope?: 'global' | 'local' | 'others' }): Promise<KanisaResult<null>>;
  /** The stored session, refreshed first when it is expiring; null when signed out. */
  getSession(): Promise<Session | null>;
  /** Refreshes now (under the cross-tab lock). */
  refreshSession(): Promise<KanisaResult<Session>>;
  /** The account as the server sees it now. */
  getUser(): Promise<KanisaResult<User>>;
  updateUser(attributes: UserAttributes): Promise<KanisaResult<User>>;
  /** Calls `listener` on every change of session; returns the function that stops it. */
  onAuthStateChange(listener: AuthListener): () => void;
  /** The access token for a request: refreshed first when expiring; undefined when signed out. */
  accessToken(): Promise<string | undefined>;
  /** Stops the background refresh and the cross-tab listener (tests, server-side scripts). */
  stopAutoRefresh(): void;
}

const notSignedIn = (): KanisaResult<never> => ({
  data: null,
  error: new KanisaError({ code: 'session_missing', message: 'You are not signed in.', status: 401 }),
  status: 401,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function memoryStorage(): SessionStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => items.set(key, value),
    removeItem: (key) => items.delete(key),
  };
}

function parse(raw: string | null): Session | null {
  try {
    const value = raw ? (JSON.parse(raw) as Session) : null;
    return value?.access_token && value.refresh_token ? value : null;
  } catch {
    return null;
  }
}

/** A lease in `storage`: take it when free or expired, confirm after a moment, wait otherwise. */
function leaseLock(storage: SessionStorage): Lock {
  return async (name, fn) => {
    const me = Math.random().toString(36).slice(2);
    const holder = () => {
      const [id, until] = (storage.getItem(name) ?? '').split(' ');
      return id && Number(until) > Date.now() ? id : undefined;
    };
    const deadline = Date.now() + 15_000;
    for (;;) {
      if (holder() === undefined) {
        storage.setItem(name, `${me} ${String(Date.now() + 10_000)}`);
        await sleep(20);
        if (holder() === me) break;
      } else {
        await sleep(50);
      }
      if (Date.now() > deadline) break; // a stuck holder: go ahead
    }
    try {
      return await fn();
    } finally {
      if (holder() === me) storage.removeItem(name);
    }
  };
}

export function createAuth(http: Http, options: AuthOptions = {}): AuthClient {
  const key = options.storageKey ?? 'kanisa-auth';
  const globals = globalThis as {
    localStorage?: SessionStorage;
    navigator?: { locks?: { request<R>(name: string, fn: () => Promise<R>): Promise<R> } };
    addEventListener?: (type: 'storage', listener: (event: { key: string | null; newValue: string | null }) => void) => void;
    removeEventListener?: (type: 'storage', listener: (event: { key: string | null; newValue: string | null }) => void) => void;
  };
  const storage = (options.storage === undefined ? globals.localStorage : options.storage) ?? memoryStorage();
  const margin = (options.refreshMargin ?? 60) * 1000;
  let autoRefresh = options.autoRefresh ?? true;
  const locks = globals.navigator?.locks;
  const lock: Lock = options.lock ?? (locks ? (name, fn) => locks.request(name, fn) : leaseLock(storage));
  const listeners = new Set<AuthListener>();
  let session = parse(storage.getItem(key));
  let timer: ReturnType<typeof setTimeout> | undefined;
  let refreshing: Promise<KanisaResult<Session>> | undefined;

  const expiring = (s: Session) => s.expires_at * 1000 - margin <= Date.now();

  function schedule(delay?: number) {
    clearTimeout(timer);
    timer = undefined;
    if (!session || !autoRefresh) return;
    // At least a second apart, should the margin be longer than the token's lifetime.
    timer = setTimeout(() => void refresh(), delay ?? Math.max(1000, session.expires_at * 1000 - margin - Date.now()));
    // Node: a pending refresh must not keep a script alive.
    (timer as { unref?: () => void }).unref?.();
  }

  /** Takes a session (null = signed out), stores it unless it came from storage, tells listeners. */
  function set(next: Session | null, event: AuthEvent, store = true) {
    session = next;
    if (store) {
      if (next) storage.setItem(key, JSON.stringify(next));
      else storage.removeItem(key);
    }
    schedule();
    for (const listener of listeners) listener(event, next);
  }

  /** The server's token answer, with `expires_at` by this device's clock. */
  function received(data: Session): Session {
    return { ...data, expires_at: Math.floor(Date.now() / 1000) + data.expires_in };
  }

  function onStorage(event: { key: string | null; newValue: string | null }) {
    if (event.key !== key) return;
    const next = parse(event.newValue);
    if (JSON.stringify(next) === JSON.stringify(session)) return;
    const kind: AuthEvent = !next
      ? 'SIGNED_OUT'
      : !session
        ? 'SIGNED_IN'
        : next.access_token === session.access_token
          ? 'USER_UPDATED'
          : 'TOKEN_REFRESHED';
    set(next, kind, false);
  }
  if (autoRefresh) globals.addEventListener?.('storage', onStorage);
  schedule();

  function refresh(): Promise<KanisaResult<Session>> {
    refreshing ??= lock(`${key}-lock`, async (): Promise<KanisaResult<Session>> => {
      const stored = parse(storage.getItem(key));
      if (!stored) {
        if (session) set(null, 'SIGNED_OUT', false);
        return notSignedIn();
      }
      // Another tab (or client) refreshed while this one waited: use its session.
      if (stored.refresh_token !== session?.refresh_token && !expiring(stored)) {
        set(stored, session ? 'TOKEN_REFRESHED' : 'SIGNED_IN', false);
        return { data: stored, error: null, status: 200 };
      }
      const [result] = await http.send<Session>(
        '/auth/v1/token?grant_type=refresh_token',
        { method: 'POST', json: { refresh_token: stored.refresh_token } },
        null,
      );
      if (result.error) {
        // 4xx: the session is over (revoked, reused, idle, deactivated). Otherwise (no answer,
        // 5xx, 429) keep it and try again.
        if (result.status >= 400 && result.status < 500 && result.status !== 429) set(null, 'SIGNED_OUT');
        else schedule(10_000);
        return result;
      }
      const next = received(result.data);
      set(next, 'TOKEN_REFRESHED');
      return { data: next, error: null, status: result.status };
    }).finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  }

  async function fresh(): Promise<Session | null> {
    if (session && expiring(session)) await refresh();
    return session;
  }

  return {
    async signInWithPassword(credentials) {
      const [result] = await http.send<Session>(
        '/auth/v1/token?grant_type=password',
        { method: 'POST', json: credentials },
        null,
      );
      if (result.error) return result;
      const next = received(result.data);
      set(next, 'SIGNED_IN');
      return { data: { session: next, user: next.user }, error: null, status: result.status };
    },

    async signInWithOtp({ phone, locale }) {
      const [result] = await http.send<OtpSent>(
        '/auth/v1/otp',
        { method: 'POST', json: { phone, channel: 'sms', data: locale ? { locale } : undefined } },
        null,
      );
      return result;
    },

    async verifyOtp({ phone, token }) {
      const [result] = await http.send<Session>('/auth/v1/verify', { method: 'POST', json: { type: 'sms', phone, token } }, null);
      if (result.error) return result;
      const next = received(result.data);
      set(next, 'SIGNED_IN');
      return { data: { session: next, user: next.user }, error: null, status: result.status };
    },

    async signOut({ scope = 'global' } = {}) {
      const current = await fresh();
      if (!current) return { data: null, error: null, status: 204 };
      const [result] = await http.send<null>(`/auth/v1/logout?scope=${scope}`, { method: 'POST' }, current.access_token);
      if (scope !== 'others') set(null, 'SIGNED_OUT');
      // An expired or already ended session is signed out all the same.
      return [401, 403, 404].includes(result.status) ? { data: null, error: null, status: 204 } : result;
    },

    getSession: fresh,

    refreshSession: refresh,

    async getUser() {
      const current = await fresh();
      if (!current) return notSignedIn();
      const [result] = await http.send<User>('/auth/v1/user', {}, current.access_token);
      return result;
    },

    async updateUser(attributes) {
      const current = await fresh();
      if (!current) return notSignedIn();
      const [result] = await http.send<User>('/auth/v1/user', { method: 'PUT', json: attributes }, current.access_token);
      if (result.data && session) set({ ...session, user: result.data }, 'USER_UPDATED');
      return result;
    },

    onAuthStateChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    accessToken: async () => (await fresh())?.access_token,

    stopAutoRefresh() {
      autoRefresh = false;
      clearTimeout(timer);
      timer = undefined;
      globals.removeEventListener?.('storage', onStorage);
    },
  };
}
