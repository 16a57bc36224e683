// The real @supabase/storage-js against /storage/v1: uploads by staff and by anyone (the request
// forms), public URLs, signed links, downloads, listing and removal, and every limit and
// refusal as the client reports it. scripts/e2e.sh runs this file twice: against the local
// folder backend and against an S3-compatible server (moto).
import { StorageClient } from '@supabase/storage-js';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { createAccount, createAuthClient, deleteAccounts } from './auth-helpers.mjs';
import { anonKey, baseUrl, serviceKey, unique } from './helpers.mjs';

const storageUrl = `${baseUrl}/storage/v1`;
const BUCKET = 'church-files';

/**
 * A storage client as an app holds it: the anon key, plus a user's token when signed in.
 * @param {string} token
 */
function storageAs(token) {
  return new StorageClient(storageUrl, { apikey: anonKey, Authorization: `Bearer ${token}` });
}

/**
 * A signed-in staff member's storage client.
 * @param {string} role
 * @param {string[]} [permissions]
 */
async function staff(role, permissions) {
  const account = await createAccount({ role, permissions, prefix: 'storage' });
  const auth = createAuthClient();
  const { data, error } = await auth.signInWithPassword({
    email: account.email,
    password: account.password,
  });
  assert.equal(error, null);
  assert.ok(data.session, 'signed in');
  return storageAs(data.session.access_token);
}

// A 1×1 PNG and a minimal PDF: real signatures, so the server's sniffing accepts them.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/**
 * `size` bytes starting with `head` (the rest zeros).
 * @param {Buffer} head
 * @param {number} size
 */
function padded(head, size) {
  const bytes = Buffer.alloc(size);
  head.copy(bytes);
  return bytes;
}

/**
 * @param {Buffer} bytes
 * @param {string} type
 */
function blob(bytes, type) {
  return new Blob([new Uint8Array(bytes)], { type });
}

/**
 * Asserts a storage-js error: HTTP status, and the message when given.
 * @param {any} error
 * @param {number} status
 * @param {string | RegExp} [message]
 */
function assertRefused(error, status, message) {
  assert.ok(error, `expected a ${status} refusal, got success`);
  assert.equal(error.status, status, `status of ${JSON.stringify(error)}`);
  if (message instanceof RegExp) {
    assert.match(error.message, message);
  } else if (message) {
    assert.equal(error.message, message);
  }
}

describe('storage-js against /storage/v1', () => {
  /** @type {StorageClient} */ let content;
  /** @type {StorageClient} */ let comms;
  const anon = storageAs(anonKey);
  const service = storageAs(serviceKey);
  /** @type {string[]} */
  const uploaded = [];

  before(async () => {
    content = await staff('CONTENT_ADMIN');
    comms = await staff('MEMBER_ADMIN');
  });

  after(async () => {
    if (uploaded.length > 0) {
      await service.from(BUCKET).remove(uploaded);
    }
    await deleteAccounts();
  });

  test('content staff upload into public/ and anyone reads it by its public URL', async () => {
    const path = `public/${unique('compat')}.png`;
    const { data, error } = await content
      .from(BUCKET)
      .upload(path, blob(PNG, 'image/png'), { cacheControl: '120' });
    assert.equal(error, null, JSON.stringify(error));
    uploaded.push(path);
    assert.equal(data.path, path);
    assert.equal(data.fullPath, `${BUCKET}/${path}`);
    assert.match(data.id, /^[0-9a-f-]{36}$/);

    const { publicUrl } = anon.from(BUCKET).getPublicUrl(path).data;
    assert.equal(publicUrl, `${storageUrl}/object/public/${BUCKET}/${path}`);
    const res = await fetch(publicUrl);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/png');
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.match(res.headers.get('cache-control') ?? '', /^(public, )?max-age=120$/);
    assert.ok(res.headers.get('etag'), 'an ETag');
    assert.ok(res.headers.get('last-modified'), 'a Last-Modified');
    assert.deepEqual(Buffer.from(await res.arrayBuffer()), PNG);

    const part = await fetch(publicUrl, { headers: { Range: 'bytes=0-3' } });
    assert.equal(part.status, 206);
    assert.equal(part.headers.get('content-range'), `bytes 0-3/${PNG.length}`);
    assert.deepEqual(Buffer.from(await part.arrayBuffer()), PNG.subarray(0, 4));

    const again = await fetch(publicUrl, {
      headers: { 'If-None-Match': res.headers.get('etag') ?? '' },
    });
    assert.ok([200, 304].includes(again.status), `conditional GET answers ${again.status}`);
  });

  test('download, list and remove as staff', async () => {
    const name = `${unique('compat')}.pdf`;
    const path = `public/${name}`;
    const up = await content.from(BUCKET).upload(path, blob(PDF, 'application/pdf'));
    assert.equal(up.error, null, JSON.stringify(up.error));
    uploaded.push(path);

    const { data: file, error } = await content.from(BUCKET).download(path);
    assert.equal(error, null, JSON.stringify(error));
    assert.deepEqual(Buffer.from(await file.arrayBuffer()), PDF);

    const listed = await content.from(BUCKET).list('public', { limit: 1000, search: name });
    assert.equal(listed.error, null, JSON.stringify(listed.error));
    const entry = listed.data.find((o) => o.name === name);
    assert.ok(entry, `${name} is listed`);
    const meta = entry.metadata;
    assert.ok(meta, 'listed with its metadata');
    assert.equal(meta.size, PDF.length);
    assert.equal(meta.mimetype, 'application/pdf');

    const removed = await content.from(BUCKET).remove([path]);
    assert.equal(removed.error, null, JSON.stringify(removed.error));
    assert.equal(removed.data.length, 1);
    const gone = await fetch(anon.from(BUCKET).getPublicUrl(path).data.publicUrl);
    assert.equal(gone.status, 404);
  });

  test('no overwrite without upsert; upsert replaces', async () => {
    const path = `public/${unique('compat')}.png`;
    assert.equal((await content.from(BUCKET).upload(path, blob(PNG, 'image/png'))).error, null);
    uploaded.push(path);
    const dup = await content.from(BUCKET).upload(path, blob(PNG, 'image/png'));
    assertRefused(dup.error, 409);
    const replaced = await content
      .from(BUCKET)
      .upload(path, blob(PDF, 'application/pdf'), { upsert: true });
    // The replacement must still match the name's extension: a PDF under .png is refused.
    assertRefused(replaced.error, 415);
    const ok = await content.from(BUCKET).upload(path, blob(PNG, 'image/png'), { upsert: true });
    assert.equal(ok.error, null, JSON.stringify(ok.error));
  });

  test('a signed upload URL: made for whoever may upload there, used without a session', async () => {
    const path = `public/${unique('compat')}.png`;
    const signed = await content.from(BUCKET).createSignedUploadUrl(path);
    assert.equal(signed.error, null, JSON.stringify(signed.error));
    assert.equal(signed.data.path, path);
    assert.ok(signed.data.token, 'a token');
    assert.ok(
      signed.data.signedUrl.startsWith(`${storageUrl}/object/upload/sign/${BUCKET}/${path}?token=`),
      signed.data.signedUrl,
    );
    // The upload goes through a client holding only the anon key: the token is the permission.
    const up = await anon
      .from(BUCKET)
      .uploadToSignedUrl(path, signed.data.token, blob(PNG, 'image/png'));
    assert.equal(up.error, null, JSON.stringify(up.error));
    uploaded.push(path);
    assert.equal(up.data.path, path);
    assert.equal(up.data.fullPath, `${BUCKET}/${path}`);
    const res = await fetch(anon.from(BUCKET).getPublicUrl(path).data.publicUrl);
    assert.deepEqual(Buffer.from(await res.arrayBuffer()), PNG);
    // Not twice without upsert; and nobody the policies refuse gets a URL.
    const again = await anon
      .from(BUCKET)
      .uploadToSignedUrl(path, signed.data.token, blob(PNG, 'image/png'));
    assertRefused(again.error, 409);
    const refused = await anon.from(BUCKET).createSignedUploadUrl(`public/${unique('compat')}.png`);
    assertRefused(refused.error, 403);
  });

  test('anon cannot write into public/', async () => {
    const { error } = await anon
      .from(BUCKET)
      .upload(`public/${unique('compat')}.png`, blob(PNG, 'image/png'));
    assertRefused(error, 403);
  });

  test('anyone uploads a report under a server-made name; only communication staff read it, by a signed link', async () => {
    const { data, error } = await anon
      .from(BUCKET)
      .upload('reports/monthly report.pdf', blob(PDF, 'application/pdf'));
    assert.equal(error, null, JSON.stringify(error));
    const match = /^church-files\/(reports\/\d{13}-[0-9a-z]{12}\.pdf)$/.exec(data.fullPath);
    assert.ok(match, `a generated name: ${data.fullPath}`);
    const path = String(match[1]);
    uploaded.push(path);

    // Anyone else: refused, even with the exact path.
    assertRefused((await anon.from(BUCKET).download(path)).error, 403);
    assert.ok((await fetch(anon.from(BUCKET).getPublicUrl(path).data.publicUrl)).status >= 400);
    assertRefused((await anon.from(BUCKET).createSignedUrl(path, 60)).error, 403);
    assertRefused((await content.from(BUCKET).createSignedUrl(path, 60)).error, 403);

    const signed = await comms.from(BUCKET).createSignedUrl(path, 60);
    assert.equal(signed.error, null, JSON.stringify(signed.error));
    const res = await fetch(signed.data.signedUrl);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/pdf');
    assert.deepEqual(Buffer.from(await res.arrayBuffer()), PDF);
  });

  test('a signed link stops working when it expires', async () => {
    const path = `public/${unique('compat')}.png`;
    assert.equal((await content.from(BUCKET).upload(path, blob(PNG, 'image/png'))).error, null);
    uploaded.push(path);
    // 3 s: long enough to be read at once however busy the machine (1 s could run out before
    // the first read), short enough to wait for.
    const signed = await content.from(BUCKET).createSignedUrl(path, 3);
    assert.equal(signed.error, null, JSON.stringify(signed.error));
    const made = Date.now();
    assert.equal((await fetch(signed.data.signedUrl)).status, 200);
    // Then it stops working: asked every 250 ms, refused within 3 s (plus the second it may be
    // rounded up, plus a margin) of being made.
    let late = await fetch(signed.data.signedUrl);
    while (late.status === 200 && Date.now() - made < 8000) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      late = await fetch(signed.data.signedUrl);
    }
    assert.ok([400, 403].includes(late.status), `expired link answers ${late.status}`);
    const tampered = await fetch(signed.data.signedUrl.replace(/token=[^&]+/, 'token=x.y.z'));
    assert.ok([400, 403].includes(tampered.status), `forged token answers ${tampered.status}`);
  });

  test('limits: size, type, name', async () => {
    const big = await content
      .from(BUCKET)
      .upload(`public/${unique('big')}.pdf`, blob(padded(PDF, 10 * 1024 * 1024 + 1), 'application/pdf'));
    assertRefused(big.error, 413, /^File '.+\.pdf' is too large\. Maximum size is 10MB\.$/);

    const photo = await anon
      .from(BUCKET)
      .upload('maintenance/leak.png', blob(padded(PNG, 5 * 1024 * 1024 + 1), 'image/png'));
    assertRefused(photo.error, 413, "File 'leak.png' is too large. Maximum size is 5MB.");

    const disguised = await content
      .from(BUCKET)
      .upload(`public/${unique('fake')}.pdf`, blob(Buffer.from('MZ\x90\x00 not a pdf'), 'application/pdf'));
    assertRefused(disguised.error, 415);

    const html = await anon
      .from(BUCKET)
      .upload('submissions/page.html', blob(Buffer.from('<script>alert(1)</script>'), 'text/html'));
    assertRefused(html.error, 415);

    const long = await content
      .from(BUCKET)
      .upload(`public/${'x'.repeat(1100)}.png`, blob(PNG, 'image/png'));
    assertRefused(long.error, 400);
  });
});
