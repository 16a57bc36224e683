// The table API as the browser tests reach it beside the page: reads and writes with the
// service key (what the server really holds), and a test account's bearer headers signed in
// through /auth/v1 (what the app itself sends), kept per account for the test file.
import assert from 'node:assert/strict';
import { baseUrl, serviceHeaders } from './browser.mjs';

const anonKey = process.env.KANISA_ANON_KEY ?? '';

/**
 * @param {Response} response
 * @returns {Promise<unknown>}
 */
export const bodyOf = (response) => response.json();

/**
 * A table API read with the service key.
 * @param {string} path e.g. `members?select=id&email=eq.x`
 * @returns {Promise<unknown[]>}
 */
export async function serviceGet(path) {
  const response = await fetch(`${baseUrl}/rest/v1/${path}`, { headers: serviceHeaders() });
  assert.equal(response.status, 200, `GET ${path}: ${await response.clone().text()}`);
  return /** @type {unknown[]} */ (await bodyOf(response));
}

/**
 * A table API write with the service key; the rows written (null for 204).
 * @param {'POST' | 'PATCH' | 'DELETE'} method
 * @param {string} path
 * @param {unknown} [body]
 * @returns {Promise<unknown>}
 */
export async function serviceWrite(method, path, body) {
  const response = await fetch(`${baseUrl}/rest/v1/${path}`, {
    method,
    headers: { ...serviceHeaders(), prefer: 'return=representation' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  assert.ok(response.ok, `${method} ${path}: HTTP ${String(response.status)} ${await response.clone().text()}`);
  return response.status === 204 ? null : bodyOf(response);
}

/** @type {Map<string, Record<string, string>>} */
const tokens = new Map();

/**
 * Bearer headers of a test account, signed in once per test file.
 * @param {{ email: string; password: string }} user
 * @returns {Promise<Record<string, string>>}
 */
export async function userHeaders(user) {
  const known = tokens.get(user.email);
  if (known) return known;
  const response = await fetch(`${baseUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  assert.equal(response.status, 200, `sign-in of ${user.email}: ${await response.clone().text()}`);
  /** @type {unknown} */
  const session = await response.json();
  assert.ok(session && typeof session === 'object' && 'access_token' in session && typeof session.access_token === 'string');
  const headers = { apikey: anonKey, authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' };
  tokens.set(user.email, headers);
  return headers;
}
