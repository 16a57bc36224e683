// The official supabase-js (its realtime-js, over `ws`) against Kanisa's broadcast and
// presence, at realtime-js' default serializer (vsn 2.0.0: broadcasts go out as binary pushes)
// and with vsn 1.0.0 forced: private channels follow policies/realtime.messages.sql (staff on
// `staff:*`), presence syncs between clients, `send` is acknowledged, and anon may not
// broadcast on a public channel (KANISA_REALTIME_ANON_BROADCAST is off by default).
//
// Every wait is for what a test expects.
import { createClient as createSupabase } from '@supabase/supabase-js';
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import WebSocket from 'ws';

import { createAccount, deleteAccounts } from './auth-helpers.mjs';
import { anonKey, baseUrl, unique } from './helpers.mjs';

const PATIENCE_MS = 20_000;

/**
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

/** @param {'1.0.0' | undefined} vsn */
function supabase(vsn) {
  return createSupabase(baseUrl, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: /** @type {any} */ (WebSocket), ...(vsn ? { vsn } : {}) },
  });
}

/**
 * A client signed in as a new account of `role`.
 * @param {'1.0.0' | undefined} vsn
 * @param {string} role
 */
async function signedIn(vsn, role) {
  const account = await createAccount({ prefix: 'rt-channels', role });
  const client = supabase(vsn);
  const { data, error } = await client.auth.signInWithPassword({ email: account.email, password: account.password });
  assert.equal(error, null, JSON.stringify(error));
  // supabase-js hands the token to realtime-js on the auth event; wait for it.
  await waitFor(() => (client.realtime.accessTokenValue === data.session.access_token ? true : undefined), 'the token in realtime-js');
  return client;
}

/**
 * Subscribes `channel`; resolves once SUBSCRIBED, rejects on an error.
 * @param {any} channel
 */
function subscribed(channel) {
  return new Promise((resolve, reject) => {
    channel.subscribe((/** @type {string} */ status, /** @type {Error | undefined} */ err) => {
      if (status === 'SUBSCRIBED') resolve(undefined);
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(new Error(`${status}: ${err?.message ?? ''}`));
    });
  });
}

after(async () => {
  await deleteAccounts();
});

for (const vsn of [undefined, /** @type {const} */ ('1.0.0')]) {
  describe(`realtime broadcast and presence (vsn ${vsn ?? 'default, 2.0.0'})`, () => {
    test('staff share a private channel: presence syncs and an acknowledged broadcast arrives', async () => {
      const ann = await signedIn(vsn, 'ELDER');
      const ben = await signedIn(vsn, 'ELDER');
      const name = unique('staff:compat');
      try {
        const config = { private: true, broadcast: { self: false, ack: true } };
        const annChannel = ann.channel(name, { config: { ...config, presence: { key: 'ann', enabled: true } } });
        const benChannel = ben.channel(name, { config: { ...config, presence: { key: 'ben', enabled: true } } });
        /** @type {any[]} */
        const notes = [];
        benChannel.on('broadcast', { event: 'note' }, (/** @type {any} */ message) => notes.push(message));
        await subscribed(annChannel);
        await subscribed(benChannel);

        assert.equal(await annChannel.track({ name: 'Ann' }), 'ok');
        const metas = await waitFor(() => {
          const s = /** @type {Record<string, any[]>} */ (benChannel.presenceState());
          return s.ann;
        }, "Ann's presence at Ben's");
        assert.equal(metas[0].name, 'Ann');
        assert.ok(metas[0].presence_ref, 'realtime-js keeps the ref');

        assert.equal(await annChannel.send({ type: 'broadcast', event: 'note', payload: { text: 'habari' } }), 'ok');
        const note = await waitFor(() => notes[0], 'the broadcast at Ben');
        assert.equal(note.event, 'note');
        assert.deepEqual(note.payload, { text: 'habari' });

        // Ann leaves: her presence leaves Ben's state.
        await ann.removeChannel(annChannel);
        await waitFor(() => (benChannel.presenceState().ann ? undefined : true), "Ann's presence to leave");
      } finally {
        await ann.removeAllChannels();
        await ben.removeAllChannels();
      }
    });

    test('a member may not join a staff channel, and anon may not broadcast on a public one', async () => {
      const member = await signedIn(vsn, 'MEMBER');
      const visitor = supabase(vsn);
      try {
        const name = unique('staff:compat');
        await assert.rejects(
          subscribed(member.channel(name, { config: { private: true } })),
          /CHANNEL_ERROR: .*You do not have permissions to read from this Channel topic: staff:compat/,
        );
        const lobby = visitor.channel(unique('lobby'), { config: { broadcast: { ack: true } } });
        await subscribed(lobby);
        assert.equal(await lobby.send({ type: 'broadcast', event: 'hi', payload: {} }), 'error');
      } finally {
        await member.removeAllChannels();
        await visitor.removeAllChannels();
      }
    });
  });
}
