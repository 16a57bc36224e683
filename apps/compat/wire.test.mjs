// Table-API answers on the wire as postgrest-js (over Node's fetch) gets them: compressed in the
// coding Accept-Encoding asks for and decoded to the very rows of the plain answer; a strong
// ETag with `Cache-Control: no-cache`, and a 304 for a second GET with If-None-Match; signed-in
// answers `private` and never another caller's, whatever tag that caller presents.
//
// Node's fetch offers `gzip, deflate` of its own accord and decodes what it gets (the recorded
// headers still say what came over the wire). It hands a 304 to postgrest-js as it is, which
// reports it as status 304 with no data; a browser never shows the client a 304 for a request
// it did not make conditional itself: its HTTP cache sends If-None-Match and answers with the
// stored 200.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import zlib from 'node:zlib';

import { createAccount, createAuthClient, deleteAccounts } from './auth-helpers.mjs';
import { anonDb, anonKey, createClient, db, restUrl, rowsOf, run, unique } from './helpers.mjs';

const RUN = unique('compat-wire');
const SERMONS = 12;

/** @param {ReturnType<typeof createClient>} client the public sermon list, as the site reads it */
const sermonList = (client) =>
  client.from('sermons').select('*', { count: 'exact' }).eq('is_published', true).order('sermon_date', { ascending: false }).limit(20);

/**
 * The bytes of a GET as they come over the wire (Node's fetch would decode them).
 * @param {string} url
 * @param {Record<string, string>} headers
 * @returns {Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>}
 */
function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        /** @type {Buffer[]} */
        const chunks = [];
        res.on('data', (/** @type {Buffer} */ chunk) => {
          chunks.push(chunk);
        });
        res.on('end', () => {
          resolve({ headers: res.headers, body: Buffer.concat(chunks) });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

describe('compression', () => {
  test('postgrest-js gets br or gzip as offered, decoded to the rows of the plain answer', async () => {
    const plain = await run(sermonList(anonDb).setHeader('Accept-Encoding', 'identity'));
    const rows = rowsOf(plain);
    assert.equal(rows.length, SERMONS);
    assert.equal(plain.http.headers.get('content-encoding'), null);
    const plainLength = Number(plain.http.headers.get('content-length'));
    assert.ok(plainLength > 2000, `${String(plainLength)} bytes`);
    for (const [offered, coding] of /** @type {const} */ ([
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip, deflate, br', 'br'],
      ['br;q=0.5, gzip', 'gzip'],
    ])) {
      const outcome = await run(sermonList(anonDb).setHeader('Accept-Encoding', offered));
      assert.equal(outcome.http.requestHeaders.get('accept-encoding'), offered);
      assert.equal(outcome.http.headers.get('content-encoding'), coding, offered);
      assert.match(outcome.http.headers.get('vary') ?? '', /accept-encoding/i);
      const length = Number(outcome.http.headers.get('content-length'));
      assert.ok(length * 3 < plainLength, `${offered}: ${String(length)} of ${String(plainLength)} bytes`);
      assert.deepEqual(rowsOf(outcome), rows, offered);
      assert.equal(outcome.count, SERMONS);
      assert.equal(outcome.http.headers.get('content-range'), plain.http.headers.get('content-range'));
    }
    // As the client is, Node's own `gzip, deflate` gets gzip.
    const asIs = await run(sermonList(anonDb));
    assert.equal(asIs.http.headers.get('content-encoding'), 'gzip');
    assert.deepEqual(rowsOf(asIs), rows);
  });

  test('the compressed bytes themselves decode to the plain body', async () => {
    const url = `${restUrl}/sermons?select=*&is_published=eq.true&order=sermon_date.desc&limit=20`;
    const keys = { apikey: anonKey, authorization: `Bearer ${anonKey}` };
    const plain = await rawGet(url, { ...keys, 'accept-encoding': 'identity' });
    assert.equal(plain.headers['content-encoding'], undefined);
    for (const [coding, decode] of /** @type {const} */ ([
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ])) {
      const got = await rawGet(url, { ...keys, 'accept-encoding': coding });
      assert.equal(got.headers['content-encoding'], coding);
      assert.equal(Number(got.headers['content-length']), got.body.length);
      assert.ok(got.body.length * 3 < plain.body.length, `${coding}: ${String(got.body.length)} bytes`);
      assert.equal(decode(got.body).toString('utf8'), plain.body.toString('utf8'), coding);
    }
  });
});

describe('revalidation', () => {
  test('a second GET with If-None-Match gets a 304 with the headers the client reads', async () => {
    const first = await run(sermonList(anonDb));
    assert.equal(first.status, 200);
    const etag = first.http.headers.get('etag') ?? '';
    assert.match(etag, /^"[0-9a-f]{32}-gz"$/);
    assert.equal(first.http.headers.get('cache-control'), 'no-cache');

    const again = await run(sermonList(anonDb).setHeader('If-None-Match', etag));
    assert.equal(again.http.requestHeaders.get('if-none-match'), etag);
    assert.equal(again.status, 304);
    assert.equal(again.data, null);
    assert.equal(again.http.headers.get('etag'), etag);
    assert.equal(again.http.headers.get('cache-control'), 'no-cache');
    assert.match(again.http.headers.get('vary') ?? '', /accept-encoding/i);
    assert.equal(again.http.headers.get('content-range'), `0-${String(SERMONS - 1)}/${String(SERMONS)}`);

    // Another coding is other bytes: the gzip tag gets the brotli answer in full.
    const br = await run(sermonList(anonDb).setHeader('Accept-Encoding', 'br').setHeader('If-None-Match', etag));
    assert.equal(br.status, 200);
    assert.notEqual(br.http.headers.get('etag'), etag);
    assert.deepEqual(br.data, first.data);
  });
});

describe('signed-in answers', () => {
  /** @type {string} */
  let draftId;
  /** Staff who read drafts (manage_sermons) and staff who do not: two callers, other rights. */
  /** @type {ReturnType<typeof createClient>} */
  let contentAdmin;
  /** @type {ReturnType<typeof createClient>} */
  let financeAdmin;

  /** @param {string} role */
  async function signedIn(role) {
    const account = await createAccount({ role, prefix: 'compat-wire' });
    const { data, error } = await createAuthClient().signInWithPassword({ email: account.email, password: account.password });
    assert.equal(error, null, JSON.stringify(error));
    assert.ok(data.session);
    return createClient(anonKey, data.session.access_token);
  }

  before(async () => {
    const { data, error } = await db
      .from('sermons')
      .insert({ title: `${RUN} draft`, speaker: 'Compat', sermon_date: '1999-01-02', is_published: false })
      .select('id')
      .single();
    assert.equal(error, null, JSON.stringify(error));
    draftId = data.id;
    contentAdmin = await signedIn('CONTENT_ADMIN');
    financeAdmin = await signedIn('FINANCE_ADMIN');
  });

  after(async () => {
    await db.from('sermons').delete().eq('id', draftId);
    await deleteAccounts();
  });

  /** @param {ReturnType<typeof createClient>} client one URL, whoever asks */
  const sermons = (client) => client.from('sermons').select('id,title,is_published').order('sermon_date');

  test('each caller gets its own rows; signed-in answers are private', async () => {
    const byAnon = await run(sermons(anonDb));
    const byContent = await run(sermons(contentAdmin));
    const byFinance = await run(sermons(financeAdmin));
    assert.equal(byContent.http.url.href, byAnon.http.url.href, 'the same URL');
    const ids = (/** @type {import('./helpers.mjs').Outcome} */ outcome) => rowsOf(outcome).map((r) => r.id);
    assert.ok(ids(byContent).includes(draftId), 'manage_sermons reads the draft');
    assert.ok(!ids(byFinance).includes(draftId), 'without manage_sermons: published only');
    assert.ok(!ids(byAnon).includes(draftId));
    assert.equal(byAnon.http.headers.get('cache-control'), 'no-cache');
    assert.equal(byContent.http.headers.get('cache-control'), 'private, no-cache');
    assert.equal(byFinance.http.headers.get('cache-control'), 'private, no-cache');
    assert.equal(byContent.http.headers.get('x-kanisa-cache'), null, 'signed-in reads never touch the anonymous cache');
    assert.notEqual(byContent.http.headers.get('etag'), byAnon.http.headers.get('etag'));
    assert.notEqual(byContent.http.headers.get('etag'), byFinance.http.headers.get('etag'));
  });

  test("a tag from another caller's answer never gets a 304 of it", async () => {
    const byAnon = await run(sermons(anonDb));
    const byContent = await run(sermons(contentAdmin));
    const byFinance = await run(sermons(financeAdmin));
    for (const [who, client, held, own] of /** @type {const} */ ([
      ['anon with the content admin\'s tag', anonDb, byContent, byAnon],
      ['finance admin with the content admin\'s tag', financeAdmin, byContent, byFinance],
      ['content admin with anon\'s tag', contentAdmin, byAnon, byContent],
      ['content admin with the finance admin\'s tag', contentAdmin, byFinance, byContent],
    ])) {
      const outcome = await run(sermons(client).setHeader('If-None-Match', held.http.headers.get('etag') ?? ''));
      assert.equal(outcome.status, 200, who);
      assert.deepEqual(outcome.data, own.data, who);
      assert.equal(outcome.http.headers.get('etag'), own.http.headers.get('etag'), who);
    }
    // Its own tag: a 304.
    const own = await run(sermons(contentAdmin).setHeader('If-None-Match', byContent.http.headers.get('etag') ?? ''));
    assert.equal(own.status, 304);
    assert.equal(own.http.headers.get('cache-control'), 'private, no-cache');
  });
});
