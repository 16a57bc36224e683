// The official supabase-js signs a member in by phone (issue 46, acceptance 1): against a
// server whose SMS provider is the fake Africa's Talking (kanisa-fakes' fake-sms, its API as the
// provider documents it), `auth.signInWithOtp({ phone })` asks for a code, the code arrives in
// the text the fake received, `auth.verifyOtp({ phone, token, type: 'sms' })` signs in, the
// member reads their own gifts and nobody else's, the session refreshes, and sign-out ends it.
// A second member's token reads none of the first's rows.
//
// Not part of the main compat pass (its server keeps SMS in demo mode): scripts/e2e.sh runs it
// on lane 1 restarted with the SMS provider set, as FAKE_SMS_URL names the fake.
import { createClient as createSupabase } from '@supabase/supabase-js';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import WebSocket from 'ws';

import { anonKey, baseUrl, db } from './helpers.mjs';

const fakeSms = (process.env.FAKE_SMS_URL ?? '').replace(/\/+$/, '');
const PATIENCE_MS = 30_000;

/** A random Kenyan mobile number no demo member has (0712 4xx xxx). */
function number() {
  return `+2547124${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`;
}

/**
 * The code in the newest text the fake received for `phone`, once it has more than `seen`.
 * @param {string} phone
 * @param {number} seen
 */
async function codeSentTo(phone, seen = 0) {
  const deadline = Date.now() + PATIENCE_MS;
  for (;;) {
    const texts = await (await fetch(`${fakeSms}/__fake/sms`)).json();
    const mine = texts.filter((/** @type {any} */ t) => t.form.to === phone);
    if (mine.length > seen) {
      const code = /\b(\d{6})\b/.exec(mine[mine.length - 1].form.message)?.[1];
      assert.ok(code, `a six-digit code in ${JSON.stringify(mine[mine.length - 1])}`);
      return { code, count: mine.length };
    }
    if (Date.now() > deadline) throw new Error(`no text to ${phone} within ${PATIENCE_MS} ms: ${JSON.stringify(texts)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function supabase() {
  return createSupabase(baseUrl, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node without a native WebSocket: realtime-js is given `ws` (no socket is opened here).
    realtime: { transport: /** @type {any} */ (WebSocket) },
  });
}

/** @type {string[]} */
const members = [];

/**
 * A member with a phone and one gift; returns the member's id.
 * @param {string} phone
 * @param {number} amount
 * @returns {Promise<string>}
 */
async function memberWithGift(phone, amount) {
  const { data, error } = await db
    .from('members')
    .insert({ first_name: 'Phone', last_name: `Member ${phone.slice(-5)}`, phone })
    .select('id')
    .single();
  assert.equal(error, null, JSON.stringify(error));
  members.push(data.id);
  const gift = await db
    .from('giving_records')
    .insert({ member_id: data.id, amount, giving_type: 'tithe', payment_method: 'mpesa', giving_date: '2026-02-07' });
  assert.equal(gift.error, null, JSON.stringify(gift.error));
  return data.id;
}

/**
 * Signs `phone` in through supabase-js; returns the client and its session.
 * @param {string} phone
 */
async function signIn(phone) {
  const client = supabase();
  const before = await fetch(`${fakeSms}/__fake/sms`).then((r) => r.json());
  const seen = before.filter((/** @type {any} */ t) => t.form.to === phone).length;
  const asked = await client.auth.signInWithOtp({ phone });
  assert.equal(asked.error, null, JSON.stringify(asked.error));
  const { code } = await codeSentTo(phone, seen);
  const { data, error } = await client.auth.verifyOtp({ phone, token: code, type: 'sms' });
  assert.equal(error, null, JSON.stringify(error));
  assert.ok(data.session, 'a session');
  return { client, session: data.session };
}

before(() => {
  assert.ok(fakeSms, 'FAKE_SMS_URL names the fake SMS provider (scripts/e2e.sh sets it)');
});

after(async () => {
  if (members.length === 0) return;
  await db.from('giving_records').delete().in('member_id', members);
  const linked = await db.from('members').select('user_id').in('id', members);
  await db.from('members').delete().in('id', members);
  for (const row of linked.data ?? []) {
    if (row.user_id) await fetch(`${baseUrl}/auth/v1/admin/users/${row.user_id}`, {
      method: 'DELETE',
      headers: { apikey: anonKey, authorization: `Bearer ${process.env.KANISA_SERVICE_KEY}` },
    });
  }
});

describe('phone sign-in with supabase-js', () => {
  test('a member signs in by SMS code, reads only their own gifts, refreshes and signs out', async () => {
    const anne = number();
    const ben = number();
    const anneId = await memberWithGift(anne, 2500);
    const benId = await memberWithGift(ben, 900);

    const { client, session } = await signIn(anne);
    assert.equal(session.user.phone, anne.slice(1));
    assert.ok(session.user.phone_confirmed_at, JSON.stringify(session.user));
    assert.equal(session.user.app_metadata.role, 'MEMBER');

    const gifts = await client.from('giving_records').select('member_id, amount');
    assert.equal(gifts.error, null, JSON.stringify(gifts.error));
    assert.deepEqual(gifts.data, [{ member_id: anneId, amount: 2500 }]);
    const own = await client.from('members').select('id');
    assert.deepEqual(own.data, [{ id: anneId }]);

    const refreshed = await client.auth.refreshSession();
    assert.equal(refreshed.error, null, JSON.stringify(refreshed.error));
    // The refresh token rotates (the access token may be the same within one second).
    assert.ok(refreshed.data.session, 'a refreshed session');
    assert.notEqual(refreshed.data.session.refresh_token, session.refresh_token);
    const again = await client.from('giving_records').select('amount');
    assert.deepEqual(again.data, [{ amount: 2500 }]);

    // A second member's token reads none of the first's rows.
    const second = await signIn(ben);
    const theirs = await second.client.from('giving_records').select('member_id');
    assert.deepEqual(theirs.data, [{ member_id: benId }]);
    const peek = await second.client.from('members').select('id').eq('id', anneId);
    assert.deepEqual(peek.data, []);

    const out = await client.auth.signOut();
    assert.equal(out.error, null, JSON.stringify(out.error));
    // The ended session's token is refused.
    const after = await fetch(`${baseUrl}/rest/v1/giving_records?select=id`, {
      headers: { apikey: anonKey, authorization: `Bearer ${refreshed.data.session.access_token}` },
    });
    assert.equal(after.status, 401);
  });

  test('a wrong code is the error supabase-js users know, and a number nobody has gets the same answer', async () => {
    const client = supabase();
    const stranger = number();
    const asked = await client.auth.signInWithOtp({ phone: stranger });
    assert.equal(asked.error, null, JSON.stringify(asked.error));
    const { error } = await client.auth.verifyOtp({ phone: stranger, token: '123456', type: 'sms' });
    assert.ok(error, 'refused');
    assert.equal(error.status, 403);
    assert.equal(error.code, 'otp_expired');
    assert.equal(error.message, 'Token has expired or is invalid');
    // Nothing was texted to a number that is not a member's.
    const texts = await fetch(`${fakeSms}/__fake/sms`).then((r) => r.json());
    assert.equal(texts.filter((/** @type {any} */ t) => t.form.to === stranger).length, 0);
  });
});
