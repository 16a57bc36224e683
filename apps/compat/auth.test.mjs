// The official @supabase/auth-js (GoTrueClient, GoTrueAdminApi) against Kanisa's /auth/v1:
// password sign-in, the user, refresh-token rotation and reuse, password change, sign-out,
// sign-up (refused), the admin users API, and the error codes auth-js hands to apps.
//
// Sign-ins are rate limited per client address (30 per 5 minutes, shared with the browser
// tests on the same server) and each e-mail locks after 5 failures: every scenario makes its
// own account, and the suite makes about a dozen password sign-ins in all.
import {
  isAuthApiError,
  isAuthSessionMissingError,
  isAuthWeakPasswordError,
} from '@supabase/auth-js';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';

import {
  admin,
  claimsOf,
  createAccount,
  createAdminApi,
  createAuthClient,
  crossOriginFetch,
  deleteAccounts,
  recorder,
} from './auth-helpers.mjs';
import { db } from './helpers.mjs';

after(deleteAccounts);

/**
 * Asserts that auth-js reported an API error with this status and GoTrue error code.
 * @param {unknown} error
 * @param {number} status
 * @param {string} code
 * @param {string | RegExp} [message]
 * @returns {asserts error is import('@supabase/auth-js').AuthApiError}
 */
function assertApiError(error, status, code, message) {
  assert.ok(isAuthApiError(error), `an AuthApiError, got ${String(error)} ${JSON.stringify(error)}`);
  assert.equal(error.status, status, JSON.stringify(error));
  assert.equal(error.code, code, JSON.stringify(error));
  if (typeof message === 'string') assert.equal(error.message, message);
  else if (message) assert.match(error.message, message);
}

/** expires_in the server should give: the Security setting session_timeout_minutes, in seconds. */
async function expectedExpiresIn() {
  const { data, error } = await db.from('system_settings').select('value').eq('key', 'session_timeout_minutes').maybeSingle();
  assert.equal(error, null, JSON.stringify(error));
  const minutes = data ? Number(data.value) : 60;
  return minutes * 60;
}

/** Seconds since the epoch. */
const now = () => Math.floor(Date.now() / 1000);

describe('a signed-in session (GoTrueClient)', () => {
  const rec = recorder();
  const client = createAuthClient({ fetch: rec.fetch });
  /** @type {{ event: string; session: import('@supabase/auth-js').Session | null }[]} */
  const events = [];
  /** @type {Awaited<ReturnType<typeof createAccount>>} */
  let account;
  /** @type {Awaited<ReturnType<typeof client.signInWithPassword>>} */
  let signIn;
  /** @type {import('./auth-helpers.mjs').Exchange} */
  let signInExchange;

  before(async () => {
    account = await createAccount({
      prefix: 'authjs-session',
      role: 'CONTENT_ADMIN',
      permissions: ['manage_sermons', 'manage_events'],
      fullName: 'Session Tester',
    });
    client.onAuthStateChange((event, session) => {
      events.push({ event, session });
    });
    signIn = await client.signInWithPassword({ email: account.email, password: account.password });
    signInExchange = rec.last();
  });

  test('signInWithPassword: a session with the user, its church role and permissions, expires_in', async () => {
    const { data, error } = signIn;
    assert.equal(error, null, JSON.stringify(error));
    assert.equal(signInExchange.method, 'POST');
    assert.equal(signInExchange.url.pathname, '/auth/v1/token');
    assert.equal(signInExchange.url.searchParams.get('grant_type'), 'password');
    assert.equal(signInExchange.requestHeaders.get('x-supabase-api-version'), '2024-01-01');
    assert.equal(signInExchange.requestBody.email, account.email);
    assert.equal(signInExchange.status, 200);

    const { session, user } = data;
    assert.equal(session.token_type, 'bearer');
    assert.equal(typeof session.access_token, 'string');
    assert.equal(typeof session.refresh_token, 'string');
    assert.ok(session.refresh_token.length >= 20, 'an opaque refresh token');
    assert.equal(session.expires_in, await expectedExpiresIn());
    assert.ok(session.expires_at !== undefined && Math.abs(session.expires_at - (now() + session.expires_in)) <= 10, `expires_at ${session.expires_at}`);
    assert.equal(session.user.id, user.id);

    assert.equal(user.id, account.id);
    assert.equal(user.email, account.email);
    assert.equal(user.aud, 'authenticated');
    assert.equal(user.role, 'authenticated');
    assert.equal(user.app_metadata.role, 'CONTENT_ADMIN');
    assert.deepEqual(user.app_metadata.permissions, ['manage_events', 'manage_sermons']);
    assert.equal(user.user_metadata.full_name, 'Session Tester');
    assert.equal(typeof user.last_sign_in_at, 'string');

    const stored = await client.getSession();
    assert.equal(stored.data.session?.access_token, session.access_token, 'the client keeps the session (in memory)');
  });

  test('the access token carries GoTrue claims: sub, role, aud, email, app_metadata, session_id', () => {
    const session = signIn.data.session;
    assert.ok(session);
    const claims = claimsOf(session.access_token);
    assert.equal(claims.sub, account.id);
    assert.equal(claims.role, 'authenticated');
    assert.equal(claims.aud, 'authenticated');
    assert.equal(claims.email, account.email);
    assert.equal(claims.app_metadata.role, 'CONTENT_ADMIN');
    assert.equal(claims.user_metadata.full_name, 'Session Tester');
    assert.equal(typeof claims.session_id, 'string');
    assert.equal(claims.aal, 'aal1');
    assert.equal(claims.is_anonymous, false);
    assert.equal(claims.exp - claims.iat, session.expires_in);
    assert.equal(claims.exp, session.expires_at);
  });

  test('onAuthStateChange fired SIGNED_IN with the session', () => {
    const signedIn = events.filter((e) => e.event === 'SIGNED_IN');
    assert.equal(signedIn.length, 1, JSON.stringify(events.map((e) => e.event)));
    assert.equal(signedIn[0]?.session?.access_token, signIn.data.session?.access_token);
  });

  test('getUser() returns the signed-in user (GET /user with the access token)', async () => {
    const { data, error } = await client.getUser();
    assert.equal(error, null, JSON.stringify(error));
    const exchange = rec.last();
    assert.equal(exchange.method, 'GET');
    assert.equal(exchange.url.pathname, '/auth/v1/user');
    assert.equal(exchange.requestHeaders.get('authorization'), `Bearer ${signIn.data.session?.access_token ?? ''}`);
    assert.equal(data.user.id, account.id);
    assert.equal(data.user.email, account.email);
    assert.equal(data.user.app_metadata.role, 'CONTENT_ADMIN');
    assert.deepEqual(data.user.identities, []);

    const byToken = await createAuthClient().getUser(signIn.data.session?.access_token);
    assert.equal(byToken.error, null, JSON.stringify(byToken.error));
    assert.equal(byToken.data.user.id, account.id);
  });

  test('the admin API refuses a user without manage_admins: 403 not_admin', async () => {
    const token = signIn.data.session?.access_token;
    assert.ok(token);
    const { data, error } = await createAdminApi({ token }).listUsers();
    assertApiError(error, 403, 'not_admin');
    assert.deepEqual(data.users, []);
  });

  test('signOut(): POST /logout?scope=global → 204, SIGNED_OUT fires, the client forgets the session', async () => {
    const { error } = await client.signOut();
    assert.equal(error, null, JSON.stringify(error));
    const exchange = rec.last();
    assert.equal(exchange.method, 'POST');
    assert.equal(exchange.url.pathname, '/auth/v1/logout');
    assert.equal(exchange.url.searchParams.get('scope'), 'global');
    assert.equal(exchange.status, 204);
    assert.deepEqual(
      events.filter((e) => e.event === 'SIGNED_IN' || e.event === 'SIGNED_OUT').map((e) => e.event),
      ['SIGNED_IN', 'SIGNED_OUT'],
    );
    assert.equal(events.at(-1)?.session, null);
    const stored = await client.getSession();
    assert.equal(stored.data.session, null);
  });

  test('after signOut the old tokens are refused: getUser(old access token) → session_not_found', async () => {
    const old = signIn.data.session;
    assert.ok(old);
    const { data, error } = await client.getUser(old.access_token);
    assert.equal(data.user, null);
    // auth-js turns GoTrue's 403 session_not_found into AuthSessionMissingError.
    assert.ok(isAuthSessionMissingError(error), `AuthSessionMissingError, got ${JSON.stringify(error)}`);
    const exchange = rec.last();
    assert.equal(exchange.status, 403);
    assert.equal(exchange.body.code, 'session_not_found');

    const refreshed = await createAuthClient().refreshSession({ refresh_token: old.refresh_token });
    assertApiError(refreshed.error, 400, 'refresh_token_not_found');
    assert.equal(refreshed.data.session, null);
  });
});

describe('wrong credentials', () => {
  test('a wrong password → AuthApiError 400 invalid_credentials "Invalid login credentials", no session', async () => {
    const account = await createAccount({ prefix: 'authjs-wrong' });
    const client = createAuthClient();
    /** @type {string[]} */
    const events = [];
    client.onAuthStateChange((event) => {
      events.push(event);
    });
    const { data, error } = await client.signInWithPassword({ email: account.email, password: `${account.password}-wrong` });
    assertApiError(error, 400, 'invalid_credentials', 'Invalid login credentials');
    assert.equal(error.name, 'AuthApiError');
    assert.equal(data.session, null);
    assert.equal(data.user, null);
    assert.ok(!events.includes('SIGNED_IN'));
    assert.equal((await client.getSession()).data.session, null);
  });

  test('an unknown e-mail gets the same answer', async () => {
    const { error } = await createAuthClient().signInWithPassword({ email: 'nobody-authjs@example.org', password: 'whatever-password' });
    assertApiError(error, 400, 'invalid_credentials', 'Invalid login credentials');
  });
});

describe('refresh tokens (GoTrueClient.refreshSession)', () => {
  const rec = recorder();
  const client = createAuthClient({ fetch: rec.fetch });
  /** @type {import('@supabase/auth-js').AuthChangeEvent[]} */
  const events = [];
  /** @type {import('@supabase/auth-js').Session} */
  let first;
  /** @type {import('@supabase/auth-js').Session} */
  let second;

  before(async () => {
    const account = await createAccount({ prefix: 'authjs-refresh' });
    const { data, error } = await client.signInWithPassword({ email: account.email, password: account.password });
    assert.equal(error, null, JSON.stringify(error));
    assert.ok(data.session);
    first = data.session;
    client.onAuthStateChange((event) => {
      events.push(event);
    });
  });

  test('refreshSession() rotates the refresh token: a new one, the same session, TOKEN_REFRESHED', async () => {
    const { data, error } = await client.refreshSession();
    assert.equal(error, null, JSON.stringify(error));
    const exchange = rec.last();
    assert.equal(exchange.url.pathname, '/auth/v1/token');
    assert.equal(exchange.url.searchParams.get('grant_type'), 'refresh_token');
    assert.deepEqual(exchange.requestBody, { refresh_token: first.refresh_token });
    assert.ok(data.session);
    second = data.session;
    assert.notEqual(second.refresh_token, first.refresh_token);
    assert.equal(claimsOf(second.access_token).session_id, claimsOf(first.access_token).session_id);
    assert.equal(second.user.id, first.user.id);
    assert.ok(events.includes('TOKEN_REFRESHED'), JSON.stringify(events));
    assert.equal((await client.getSession()).data.session?.refresh_token, second.refresh_token);
  });

  test('the previous token presented again at once (a lost answer) gets the active token back, not a new one', async () => {
    const { data, error } = await client.refreshSession({ refresh_token: first.refresh_token });
    assert.equal(error, null, JSON.stringify(error));
    assert.equal(data.session?.refresh_token, second.refresh_token);
  });

  test('a token two rotations old → 400 refresh_token_already_used, and its whole family is revoked', async () => {
    const third = await client.refreshSession();
    assert.equal(third.error, null, JSON.stringify(third.error));
    assert.ok(third.data.session);
    assert.notEqual(third.data.session.refresh_token, second.refresh_token);
    assert.notEqual(third.data.session.refresh_token, first.refresh_token);

    const reused = await createAuthClient().refreshSession({ refresh_token: first.refresh_token });
    assertApiError(reused.error, 400, 'refresh_token_already_used');
    assert.equal(reused.data.session, null);

    // The session is gone: its newest refresh token and its access token no longer work.
    const latest = await createAuthClient().refreshSession({ refresh_token: third.data.session.refresh_token });
    assertApiError(latest.error, 400, 'refresh_token_not_found');
    const user = await createAuthClient().getUser(third.data.session.access_token);
    assert.ok(isAuthSessionMissingError(user.error), JSON.stringify(user.error));
  });

  test('after the 10 s grace the previous token is refused as reused', async () => {
    const account = await createAccount({ prefix: 'authjs-grace' });
    const other = createAuthClient();
    const signedIn = await other.signInWithPassword({ email: account.email, password: account.password });
    assert.equal(signedIn.error, null, JSON.stringify(signedIn.error));
    assert.ok(signedIn.data.session);
    const old = signedIn.data.session.refresh_token;
    const rotated = await other.refreshSession();
    assert.equal(rotated.error, null, JSON.stringify(rotated.error));
    await sleep(11_500);
    const reused = await createAuthClient().refreshSession({ refresh_token: old });
    assertApiError(reused.error, 400, 'refresh_token_already_used');
  });
});

describe('updateUser (own account)', () => {
  const rec = recorder();
  const client = createAuthClient({ fetch: rec.fetch });
  /** @type {import('@supabase/auth-js').AuthChangeEvent[]} */
  const events = [];
  /** @type {Awaited<ReturnType<typeof createAccount>>} */
  let account;
  const newPassword = `new-${Date.now().toString(36)}-password`;

  before(async () => {
    account = await createAccount({ prefix: 'authjs-update', fullName: 'Before Rename' });
    const { error } = await client.signInWithPassword({ email: account.email, password: account.password });
    assert.equal(error, null, JSON.stringify(error));
    client.onAuthStateChange((event) => {
      events.push(event);
    });
  });

  test('a new password without current_password → 400 current_password_required', async () => {
    const { data, error } = await client.updateUser({ password: newPassword });
    assertApiError(error, 400, 'current_password_required');
    assert.equal(data.user, null);
    const exchange = rec.last();
    assert.equal(exchange.method, 'PUT');
    assert.equal(exchange.url.pathname, '/auth/v1/user');
  });

  test('a wrong current_password → 400 current_password_mismatch', async () => {
    const { error } = await client.updateUser({ password: newPassword, current_password: 'not-the-password' });
    assertApiError(error, 400, 'current_password_mismatch');
  });

  test('data.full_name renames the account (user_metadata.full_name); USER_UPDATED fires', async () => {
    const { data, error } = await client.updateUser({ data: { full_name: 'After Rename' } });
    assert.equal(error, null, JSON.stringify(error));
    assert.equal(data.user.user_metadata.full_name, 'After Rename');
    assert.ok(events.includes('USER_UPDATED'), JSON.stringify(events));
    const fetched = await admin.getUserById(account.id);
    assert.equal(fetched.data.user?.user_metadata.full_name, 'After Rename');
  });

  test('{password, current_password} changes the password: the session stays, the new one signs in, the old one fails', async () => {
    const { data, error } = await client.updateUser({ password: newPassword, current_password: account.password });
    assert.equal(error, null, JSON.stringify(error));
    assert.equal(data.user.id, account.id);
    assert.deepEqual(rec.last().requestBody.current_password, account.password);

    const stillSignedIn = await client.getUser();
    assert.equal(stillSignedIn.error, null, 'the session that changed the password stays valid');

    const withOld = await createAuthClient().signInWithPassword({ email: account.email, password: account.password });
    assertApiError(withOld.error, 400, 'invalid_credentials', 'Invalid login credentials');
    const withNew = await createAuthClient().signInWithPassword({ email: account.email, password: newPassword });
    assert.equal(withNew.error, null, JSON.stringify(withNew.error));
    assert.equal(withNew.data.user.id, account.id);
  });
});

describe('signUp', () => {
  test('signUp → AuthApiError 403 signup_disabled (accounts are made by a Super Admin)', async () => {
    const rec = recorder();
    const { data, error } = await createAuthClient({ fetch: rec.fetch }).signUp({
      email: 'signup-authjs@example.org',
      password: 'a-long-enough-password',
    });
    assertApiError(error, 403, 'signup_disabled');
    assert.equal(data.user, null);
    assert.equal(data.session, null);
    assert.equal(rec.last().url.pathname, '/auth/v1/signup');
  });
});

describe('admin users API (GoTrueAdminApi with the service key)', () => {
  /** @type {Awaited<ReturnType<typeof createAccount>>} */
  let account;

  test('createUser: app_metadata role and permissions, user_metadata full_name', async () => {
    account = await createAccount({
      prefix: 'authjs-admin',
      role: 'FINANCE_ADMIN',
      permissions: ['manage_finances', 'view_financial_reports'],
      fullName: 'Finance Person',
    });
    const { user } = account;
    assert.equal(user.email, account.email);
    assert.equal(user.aud, 'authenticated');
    assert.equal(user.app_metadata.role, 'FINANCE_ADMIN');
    assert.deepEqual(user.app_metadata.permissions, ['manage_finances', 'view_financial_reports']);
    assert.equal(user.user_metadata.full_name, 'Finance Person');
    assert.equal(user.banned_until ?? null, null);
  });

  test('createUser refuses a taken e-mail (422 email_exists) and a short password (weak_password)', async () => {
    const taken = await admin.createUser({ email: account.email, password: 'another-password', user_metadata: { full_name: 'Dup' } });
    assertApiError(taken.error, 422, 'email_exists');
    const weak = await admin.createUser({ email: `weak-${account.email}`, password: 'abc', user_metadata: { full_name: 'Weak' } });
    assert.ok(isAuthWeakPasswordError(weak.error), `AuthWeakPasswordError, got ${JSON.stringify(weak.error)}`);
    assert.equal(weak.error.status, 422);
    assert.equal(weak.error.code, 'weak_password');
  });

  test('listUsers: {users, aud} with the new account; the server sends X-Total-Count', async () => {
    const rec = recorder();
    const { data, error } = await createAdminApi({ fetch: rec.fetch }).listUsers({ page: 1, perPage: 1000 });
    assert.equal(error, null, JSON.stringify(error));
    assert.ok('aud' in data && data.aud === 'authenticated', JSON.stringify(Object.keys(data)));
    assert.ok(data.users.some((u) => u.id === account.id && u.app_metadata.role === 'FINANCE_ADMIN'));
    const exchange = rec.last();
    assert.equal(exchange.url.searchParams.get('page'), '1');
    assert.equal(exchange.url.searchParams.get('per_page'), '1000');
    assert.equal(Number(exchange.headers.get('x-total-count')), data.users.length);
  });

  test(
    'listUsers: total (auth-js reads it only when a Link header is present)',
    async () => {
      const rec = recorder();
      const { data, error } = await createAdminApi({ fetch: rec.fetch }).listUsers({ page: 1, perPage: 1000 });
      assert.equal(error, null, JSON.stringify(error));
      const total = Number(rec.last().headers.get('x-total-count'));
      assert.ok(total >= 2);
      assert.ok('total' in data);
      assert.equal(data.total, total);
      assert.equal(data.lastPage, 1);
      assert.equal(data.nextPage, null);
    },
  );

  test('getUserById returns the account; a well-formed unknown id → 404 user_not_found', async () => {
    const { data, error } = await admin.getUserById(account.id);
    assert.equal(error, null, JSON.stringify(error));
    assert.equal(data.user.id, account.id);
    assert.equal(data.user.email, account.email);
    assert.equal(data.user.app_metadata.role, 'FINANCE_ADMIN');
    const unknown = await admin.getUserById('00000000-0000-4000-8000-000000000000');
    assertApiError(unknown.error, 404, 'user_not_found');
    assert.equal(unknown.data.user, null);
  });

  test('updateUserById: user_metadata and app_metadata change the name, role and permissions', async () => {
    const { data, error } = await admin.updateUserById(account.id, {
      user_metadata: { full_name: 'Finance Person II' },
      app_metadata: { role: 'MEMBER_ADMIN', permissions: ['manage_members'] },
    });
    assert.equal(error, null, JSON.stringify(error));
    assert.equal(data.user.user_metadata.full_name, 'Finance Person II');
    assert.equal(data.user.app_metadata.role, 'MEMBER_ADMIN');
    assert.deepEqual(data.user.app_metadata.permissions, ['manage_members']);
  });

  test('updateUserById({ban_duration: "876000h"}) deactivates: banned_until is set, sign-in → 403 user_banned', async () => {
    const { data, error } = await admin.updateUserById(account.id, { ban_duration: '876000h' });
    assert.equal(error, null, JSON.stringify(error));
    assert.equal(typeof data.user.banned_until, 'string');
    assert.ok(Date.parse(data.user.banned_until ?? '') > Date.now());
    assert.equal(data.user.app_metadata.is_active, false);

    const signIn = await createAuthClient().signInWithPassword({ email: account.email, password: account.password });
    assertApiError(signIn.error, 403, 'user_banned');
    assert.equal(signIn.data.session, null);
  });

  test('updateUserById({ban_duration: "none"}) lifts the ban: sign-in works again', async () => {
    const { data, error } = await admin.updateUserById(account.id, { ban_duration: 'none' });
    assert.equal(error, null, JSON.stringify(error));
    assert.equal(data.user.banned_until ?? null, null);
    const signIn = await createAuthClient().signInWithPassword({ email: account.email, password: account.password });
    assert.equal(signIn.error, null, JSON.stringify(signIn.error));
    assert.equal(signIn.data.user.app_metadata.role, 'MEMBER_ADMIN');
  });

  test('deleteUser removes the account: getUserById → 404 user_not_found', async () => {
    const { data, error } = await admin.deleteUser(account.id);
    assert.equal(error, null, JSON.stringify(error));
    assert.equal(data.user.id, account.id);
    const after = await admin.getUserById(account.id);
    assertApiError(after.error, 404, 'user_not_found');
  });

  test('a Super Admin may use the admin API with their own access token', async () => {
    const manager = await createAccount({ prefix: 'authjs-manager', role: 'SUPER_ADMIN' });
    const signIn = await createAuthClient().signInWithPassword({ email: manager.email, password: manager.password });
    assert.equal(signIn.error, null, JSON.stringify(signIn.error));
    assert.ok(signIn.data.session);
    const api = createAdminApi({ token: signIn.data.session.access_token });
    const { data, error } = await api.getUserById(manager.id);
    assert.equal(error, null, JSON.stringify(error));
    assert.equal(data.user.id, manager.id);
    const list = await api.listUsers();
    assert.equal(list.error, null, JSON.stringify(list.error));
    assert.ok(list.data.users.some((u) => u.id === manager.id));
  });

  test('an ADMIN holding manage_admins may not: staff accounts are a Super Admin\'s (403 not_admin)', async () => {
    const manager = await createAccount({ prefix: 'authjs-partial', role: 'ADMIN', permissions: ['manage_admins'] });
    const signIn = await createAuthClient().signInWithPassword({ email: manager.email, password: manager.password });
    assert.equal(signIn.error, null, JSON.stringify(signIn.error));
    assert.ok(signIn.data.session);
    const api = createAdminApi({ token: signIn.data.session.access_token });
    const list = await api.listUsers();
    assertApiError(list.error, 403, 'not_admin');
    assert.equal(list.error.message, 'Staff accounts are managed by a Super Admin');
  });
});

describe('auth-js in a page on another origin (CORS-visible headers only)', () => {
  /** @type {Awaited<ReturnType<ReturnType<typeof createAuthClient>['signInWithPassword']>>} */
  let wrong;

  before(async () => {
    const account = await createAccount({ prefix: 'authjs-cors' });
    wrong = await createAuthClient({ fetch: crossOriginFetch }).signInWithPassword({
      email: account.email,
      password: `${account.password}-wrong`,
    });
  });

  test('a wrong password is still an AuthApiError 400 "Invalid login credentials"', () => {
    assert.ok(isAuthApiError(wrong.error), JSON.stringify(wrong.error));
    assert.equal(wrong.error.status, 400);
    assert.equal(wrong.error.message, 'Invalid login credentials');
  });

  test(
    'the error carries its code (invalid_credentials)',
    () => {
      assertApiError(wrong.error, 400, 'invalid_credentials');
    },
  );
});
