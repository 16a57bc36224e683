// Set-up of the auth-js compatibility suite (auth.test.mjs): clients made as an app makes them,
// a fetch that records every exchange (auth-js returns data and error, never the HTTP answer),
// test accounts made through the admin API with the service key, and a browser-like fetch that
// hides the response headers CORS does not expose.
import { GoTrueAdminApi, GoTrueClient } from '@supabase/auth-js';
import assert from 'node:assert/strict';

import { anonKey, baseUrl, serviceKey, unique } from './helpers.mjs';

export const authUrl = `${baseUrl}/auth/v1`;

/**
 * One HTTP exchange as it went over the wire.
 * @typedef {{
 *   method: string;
 *   url: URL;
 *   requestHeaders: Headers;
 *   requestBody: any;
 *   status: number;
 *   headers: Headers;
 *   body: any;
 * }} Exchange
 */

/**
 * A fetch that records each exchange (with the JSON bodies parsed) in `exchanges`.
 * @param {typeof fetch} [inner]
 */
export function recorder(inner = fetch) {
  /** @type {Exchange[]} */
  const exchanges = [];
  /** @type {typeof fetch} */
  const recording = async (input, init) => {
    const request = new Request(input, init);
    const response = await inner(request.clone());
    const text = await response.clone().text();
    exchanges.push({
      method: request.method,
      url: new URL(request.url),
      requestHeaders: request.headers,
      requestBody: typeof init?.body === 'string' ? parseJson(init.body) : undefined,
      status: response.status,
      headers: response.headers,
      body: parseJson(text),
    });
    return response;
  };
  return {
    fetch: recording,
    exchanges,
    /** The last exchange; fails when there is none. */
    last() {
      const exchange = exchanges.at(-1);
      assert.ok(exchange, 'an HTTP request was made');
      return exchange;
    },
  };
}

/** @param {string} text */
function parseJson(text) {
  if (text === '') return undefined;
  try {
    return /** @type {unknown} */ (JSON.parse(text));
  } catch {
    return text;
  }
}

/**
 * The browser client as an app creates it (headers as supabase-js sets them: the anon key as
 * `apikey` and bearer), but with nothing stored beyond memory and no background refresh.
 * @param {{ fetch?: typeof fetch }} [options]
 */
export function createAuthClient(options = {}) {
  return new GoTrueClient({
    url: authUrl,
    headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
    storageKey: unique('sb-compat-auth'),
    persistSession: false,
    autoRefreshToken: false,
    detectSessionInUrl: false,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

/**
 * The admin API as a server-side app uses it: with the service_role key, or with a signed-in
 * user's access token (allowed to users holding manage_admins).
 * @param {{ token?: string; fetch?: typeof fetch }} [options]
 */
export function createAdminApi(options = {}) {
  const token = options.token ?? serviceKey;
  return new GoTrueAdminApi({
    url: authUrl,
    headers: { apikey: options.token ? anonKey : serviceKey, Authorization: `Bearer ${token}` },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

/** The service-key admin API the suite makes its accounts with. */
export const admin = createAdminApi();

/** Ids of the accounts this run created, deleted by {@link deleteAccounts}. */
const created = new Set();

/**
 * A staff account for one test: a per-run e-mail (so the lockout of one test never reaches
 * another), made through the admin API with the service key.
 * @param {{ role?: string; permissions?: string[]; fullName?: string; prefix?: string }} [options]
 */
export async function createAccount(options = {}) {
  const email = `${unique(options.prefix ?? 'authjs')}@example.org`.toLowerCase();
  const password = `pw-${unique('secret')}`;
  const fullName = options.fullName ?? 'Auth Compat';
  const { data, error } = await admin.createUser({
    email,
    password,
    email_confirm: true,
    app_metadata: {
      role: options.role ?? 'CONTENT_ADMIN',
      ...(options.permissions ? { permissions: options.permissions } : {}),
    },
    user_metadata: { full_name: fullName },
  });
  assert.equal(error, null, `createUser ${email}: ${JSON.stringify(error)}`);
  assert.ok(data.user, 'createUser returns the user');
  created.add(data.user.id);
  return { id: data.user.id, user: data.user, email, password, fullName };
}

/** Deletes every account this run created (those already deleted are skipped). */
export async function deleteAccounts() {
  for (const id of created) {
    await admin.deleteUser(id);
  }
  created.clear();
}

/**
 * The claims of a JWT (not verified: the server did that).
 * @param {string} token
 * @returns {Record<string, any>}
 */
export function claimsOf(token) {
  const payload = token.split('.')[1];
  assert.ok(payload, 'a JWT has three parts');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
}

/** The origin a cross-origin page would have. */
export const pageOrigin = 'https://app.example.org';

/** Response headers a page may always read (the CORS-safelisted response headers). */
const SAFELISTED = ['cache-control', 'content-language', 'content-length', 'content-type', 'expires', 'last-modified', 'pragma'];

/**
 * What `fetch` gives a page on another origin: the request carries `Origin`, the request fails
 * when the answer does not allow that origin, and the response shows only the safelisted
 * headers and those named in Access-Control-Expose-Headers. Node's fetch applies no CORS, so
 * this is how the suite sees what auth-js in such a page sees.
 * @type {typeof fetch}
 */
export const crossOriginFetch = async (input, init) => {
  const request = new Request(input, init);
  request.headers.set('origin', pageOrigin);
  const response = await fetch(request);
  const allowed = response.headers.get('access-control-allow-origin');
  if (allowed !== '*' && allowed !== pageOrigin) {
    throw new TypeError('Failed to fetch (CORS: origin not allowed)');
  }
  const exposed = (response.headers.get('access-control-expose-headers') ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const visible = new Headers();
  for (const [name, value] of response.headers) {
    if (SAFELISTED.includes(name) || exposed.includes(name) || exposed.includes('*')) {
      visible.append(name, value);
    }
  }
  const body = response.status === 204 ? null : await response.arrayBuffer();
  return new Response(body, { status: response.status, statusText: response.statusText, headers: visible });
};
