// Shared set-up of the postgrest-js compatibility suite: the clients, a fetch that records every
// exchange (postgrest-js returns data, error, count and status, but not the response headers),
// and a few helpers. See README.md.
import { PostgrestClient } from '@supabase/postgrest-js';
import assert from 'node:assert/strict';

export const baseUrl = (process.env.KANISA_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
export const restUrl = `${baseUrl}/rest/v1`;

/** @param {string} name */
function requiredEnv(name) {
  const value = process.env[name];
  if (!value) {
    throw new Error(`${name} is not set. Run scripts/e2e.sh, or export it from \`kanisa keys\` (see compat/README.md).`);
  }
  return value;
}

export const serviceKey = requiredEnv('KANISA_SERVICE_KEY');
export const anonKey = requiredEnv('KANISA_ANON_KEY');

/**
 * One HTTP exchange as it went over the wire.
 * @typedef {{
 *   method: string;
 *   url: URL;
 *   requestHeaders: Headers;
 *   requestBody: string | undefined;
 *   status: number;
 *   headers: Headers;
 * }} Exchange
 */

/** @type {Exchange[]} */
const exchanges = [];

/** @type {typeof fetch} */
const recordingFetch = async (input, init) => {
  const request = new Request(input, init);
  const response = await fetch(request.clone());
  exchanges.push({
    method: request.method,
    url: new URL(request.url),
    requestHeaders: request.headers,
    requestBody: typeof init?.body === 'string' ? init.body : undefined,
    status: response.status,
    headers: response.headers,
  });
  return response;
};

/**
 * The client exactly as an app would create it, with its retries off so that a failing call is
 * reported once. Typed loosely: the suite has no generated Database types, and `PostgrestVersion`
 * 13 enables `maxAffected()` in the typings.
 * @param {string} key the API key (`apikey`)
 * @param {string} [token] the bearer: the key itself, or a signed-in user's access token
 * @returns {PostgrestClient<any, { PostgrestVersion: '13' }, 'public', any>}
 */
export function createClient(key, token = key) {
  return new PostgrestClient(restUrl, {
    headers: { apikey: key, Authorization: `Bearer ${token}` },
    fetch: recordingFetch,
    retry: false,
  });
}

/** service_role: the suite's client (anon has no grants yet). */
export const db = createClient(serviceKey);
export const anonDb = createClient(anonKey);

/**
 * The error envelope {code, message, details, hint} as postgrest-js passes it on.
 * @typedef {{ code: string; message: string; details: unknown; hint: string | null }} ApiError
 */

/**
 * What a test sees of one call: the client's own result plus the HTTP exchange behind it.
 * @typedef {{
 *   data: any;
 *   error: ApiError | null;
 *   count: number | null;
 *   status: number;
 *   statusText: string;
 *   http: Exchange;
 * }} Outcome
 */

/**
 * Awaits a postgrest-js builder and returns its result with the exchange it made.
 * @param {PromiseLike<unknown>} query
 * @returns {Promise<Outcome>}
 */
export async function run(query) {
  const before = exchanges.length;
  const result = /** @type {Omit<Outcome, 'http'>} */ (await query);
  const made = exchanges.slice(before);
  assert.equal(made.length, 1, `expected one HTTP request, saw ${made.length}`);
  return { ...result, http: /** @type {Exchange} */ (made[0]) };
}

/** A value no other run (or test) uses, for rows a test writes. */
export function unique(prefix = 'compat') {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * A calendar date no demo row uses, for attendance rows (unique attendance_date): a random day
 * between the years 2200 and 2999.
 */
export function uniqueDate() {
  const day = new Date(Date.UTC(2200, 0, 1) + Math.floor(Math.random() * 800 * 365) * 86_400_000);
  return day.toISOString().slice(0, 10);
}

/**
 * The Prefer header the client sent, as a sorted list of its comma-separated parts.
 * @param {Exchange} http
 */
export function sentPrefer(http) {
  return (http.requestHeaders.get('prefer') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .sort();
}

/**
 * Preference-Applied as a sorted list (PostgREST's order is fixed, but clients never rely on it).
 * @param {Exchange} http
 */
export function appliedPrefer(http) {
  return (http.headers.get('preference-applied') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .sort();
}

/**
 * Asserts the envelope of an error answer (postgrest-js passes the body through as `error`)
 * and returns it.
 * @param {Outcome} outcome
 * @param {number} status
 * @param {string} code
 * @returns {ApiError}
 */
export function assertError(outcome, status, code) {
  const { error } = outcome;
  assert.equal(outcome.status, status, JSON.stringify(error));
  assert.ok(error, 'an error is reported');
  assert.equal(error.code, code, JSON.stringify(error));
  assert.equal(outcome.data, null);
  assert.equal(typeof error.message, 'string');
  for (const key of ['code', 'message', 'details', 'hint']) {
    assert.ok(key in error, `the error body has "${key}": ${JSON.stringify(error)}`);
  }
  return error;
}

/**
 * Rows of an answer; fails when it is not an array.
 * @param {Outcome} outcome
 * @returns {any[]}
 */
export function rowsOf(outcome) {
  assert.equal(outcome.error, null, JSON.stringify(outcome.error));
  assert.ok(Array.isArray(outcome.data), `an array, got ${JSON.stringify(outcome.data)}`);
  return outcome.data;
}
