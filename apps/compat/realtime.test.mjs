// The official supabase-js (its realtime-js, over `ws`: Node 20 has no WebSocket of its own)
// against Kanisa's /realtime/v1/websocket, at realtime-js' default serializer (vsn 2.0.0) and
// with vsn 1.0.0 forced: postgres_changes delivered as each subscriber's policies allow.
//
// Every wait is for the change a test expects; a change that must NOT arrive is checked after
// one committed later has arrived (changes reach one socket in commit order).
import { createClient as createSupabase } from '@supabase/supabase-js';
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import WebSocket from 'ws';

import { claimsOf, createAccount, deleteAccounts } from './auth-helpers.mjs';
import { anonKey, baseUrl, db, unique } from './helpers.mjs';

const PATIENCE_MS = 20_000;

/**
 * Waits until `found()` returns something, and returns it.
 * @template T
 * @param {() => T | undefined} found
 * @param {string} what
 * @returns {Promise<T>}
 */
async function waitFor(found, what) {
  const deadline = Date.now() + PATIENCE_MS;
  for (;;) {
    const value = found();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`waited ${PATIENCE_MS} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** @param {'2.0.0' | '1.0.0' | undefined} vsn */
function supabase(vsn) {
  return createSupabase(baseUrl, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: /** @type {any} */ (WebSocket), ...(vsn ? { vsn } : {}) },
  });
}

/**
 * Subscribes one channel to `filter` and resolves once realtime-js says SUBSCRIBED.
 * @param {ReturnType<typeof supabase>} client
 * @param {Record<string, string>} filter
 */
async function listen(client, filter) {
  /** @type {any[]} */
  const changes = [];
  const channel = client.channel(unique('rt'));
  await new Promise((resolve, reject) => {
    channel
      .on(/** @type {any} */ ('postgres_changes'), filter, (/** @type {any} */ change) => {
        changes.push(change);
      })
      .subscribe((state, err) => {
        const status = /** @type {string} */ (state);
        if (status === 'SUBSCRIBED') resolve(undefined);
        else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') {
          reject(new Error(`${status}: ${err?.message ?? ''}`));
        }
      });
  });
  return { channel, changes };
}

/** The sermons this file made, deleted after its tests (the other files count the demo's). */
/** @type {string[]} */
const made = [];

/** @param {boolean} published */
async function insertSermon(published) {
  const title = unique(published ? 'rt-published' : 'rt-draft');
  const { data, error } = await db
    .from('sermons')
    .insert({ title, speaker: 'Pastor', sermon_date: '2026-01-04', is_published: published })
    .select('id, title')
    .single();
  assert.equal(error, null, JSON.stringify(error));
  const row = /** @type {{ id: string; title: string }} */ (data);
  made.push(row.id);
  return row;
}

/** @param {any[]} changes @param {string} title */
const byTitle = (changes, title) => changes.find((c) => c.new?.title === title);

after(async () => {
  await deleteAccounts();
  if (made.length > 0) {
    const { error } = await db.from('sermons').delete().in('id', made);
    assert.equal(error, null, JSON.stringify(error));
  }
});

for (const vsn of [undefined, /** @type {const} */ ('1.0.0')]) {
  describe(`realtime postgres_changes (vsn ${vsn ?? 'default, 2.0.0'})`, () => {
    test('anon gets a published sermon as realtime-js decodes it, never a draft', async () => {
      const client = supabase(vsn);
      try {
        const { changes } = await listen(client, { event: 'INSERT', schema: 'public', table: 'sermons' });
        const draft = await insertSermon(false);
        const published = await insertSermon(true);
        const change = await waitFor(() => byTitle(changes, published.title), 'the published sermon');
        assert.equal(byTitle(changes, draft.title), undefined, 'anon never sees a draft');
        assert.equal(change.eventType, 'INSERT');
        assert.equal(change.schema, 'public');
        assert.equal(change.table, 'sermons');
        assert.equal(change.new.id, published.id);
        assert.equal(change.new.is_published, true);
        assert.deepEqual(change.new.tags, []);
        assert.deepEqual(change.old, {});
        assert.equal(change.errors, null);
        assert.match(change.commit_timestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      } finally {
        await client.removeAllChannels();
      }
    });

    test('a filter id=eq.X delivers only X', async () => {
      const client = supabase(vsn);
      try {
        const target = await insertSermon(true);
        const other = await insertSermon(true);
        const { changes } = await listen(client, {
          event: 'UPDATE',
          schema: 'public',
          table: 'sermons',
          filter: `id=eq.${target.id}`,
        });
        for (const row of [other, target]) {
          const { error } = await db.from('sermons').update({ series: 'Filtered' }).eq('id', row.id);
          assert.equal(error, null, JSON.stringify(error));
        }
        const change = await waitFor(() => changes.find((c) => c.new?.id === target.id), 'the update of X');
        assert.equal(change.eventType, 'UPDATE');
        assert.equal(change.new.series, 'Filtered');
        assert.deepEqual(change.old, { id: target.id }, 'the old row carries its key');
        assert.deepEqual(
          changes.map((c) => c.new.id),
          [target.id],
          'only X was delivered',
        );
      } finally {
        await client.removeAllChannels();
      }
    });

    test('a signed-in editor sees drafts, still after an access_token swap, and not after signing out', async () => {
      const account = await createAccount({
        prefix: 'realtime',
        role: 'CONTENT_ADMIN',
        permissions: ['manage_sermons'],
      });
      const client = supabase(vsn);
      try {
        const signIn = await client.auth.signInWithPassword({ email: account.email, password: account.password });
        assert.equal(signIn.error, null, JSON.stringify(signIn.error));
        const { changes } = await listen(client, { event: 'INSERT', schema: 'public', table: 'sermons' });
        const first = await insertSermon(false);
        await waitFor(() => byTitle(changes, first.title), 'a draft, as the editor');

        // A new access token: supabase-js hands it to realtime-js, which pushes access_token.
        // Tokens are stamped to the second: one made in the same second as the first is the
        // same token, so wait for the next second first.
        const issued = claimsOf(signIn.data.session.access_token).iat;
        await waitFor(() => (Math.floor(Date.now() / 1000) > issued ? true : undefined), 'the next second');
        const refreshed = await client.auth.refreshSession();
        assert.equal(refreshed.error, null, JSON.stringify(refreshed.error));
        assert.notEqual(refreshed.data.session?.access_token, signIn.data.session.access_token);
        await waitFor(() => (client.realtime.accessTokenValue === refreshed.data.session?.access_token ? true : undefined), 'realtime-js to take the new token');
        const second = await insertSermon(false);
        await waitFor(() => byTitle(changes, second.title), 'a draft after the token swap');

        // Signed out: the session ends on the server and realtime-js falls back to the anon key.
        const out = await client.auth.signOut();
        assert.equal(out.error, null, JSON.stringify(out.error));
        await waitFor(() => (client.realtime.accessTokenValue === anonKey ? true : undefined), 'realtime-js to fall back to the anon key');
        const hidden = await insertSermon(false);
        const shown = await insertSermon(true);
        await waitFor(() => byTitle(changes, shown.title), 'a published sermon after signing out');
        assert.equal(byTitle(changes, hidden.title), undefined, 'no draft after signing out');
      } finally {
        await client.removeAllChannels();
      }
    });

    test('a table anon may not read is refused at join with a reason', async () => {
      const client = supabase(vsn);
      try {
        await assert.rejects(
          listen(client, { event: '*', schema: 'public', table: 'giving_records' }),
          /CHANNEL_ERROR: .*giving_records is not published for realtime, or this caller may not read it/,
        );
      } finally {
        await client.removeAllChannels();
      }
    });
  });
}
