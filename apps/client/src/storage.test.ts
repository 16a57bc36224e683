import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from './client';
import type { UploadProgress } from './storage';
import { fakeFetch, json } from './test/fake-fetch';

function setup(answer?: Parameters<typeof fakeFetch>[0]) {
  const net = fakeFetch(answer ?? (() => json({ Id: 'obj-1', Key: 'sermons/2026/notes.pdf' })));
  const kanisa = createClient('http://church.example', 'anon-key', { fetch: net.fetch, auth: { storage: null } });
  return { kanisa, ...net };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('upload', () => {
  it('POSTs the raw bytes to /storage/v1/object/{bucket}/{path} with type, cache and upsert headers', async () => {
    const { kanisa, last } = setup();
    const file = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    const result = await kanisa.storage.from('sermons').upload('2026/notes.pdf', file);

    expect(result).toEqual({ data: { id: 'obj-1', path: '2026/notes.pdf', fullPath: 'sermons/2026/notes.pdf' }, error: null, status: 200 });
    const sent = last();
    expect(sent.method).toBe('POST');
    expect(sent.url.href).toBe('http://church.example/storage/v1/object/sermons/2026/notes.pdf');
    expect(sent.headers.get('content-type')).toBe('application/pdf');
    expect(sent.headers.get('cache-control')).toBe('max-age=3600');
    expect(sent.headers.get('x-upsert')).toBe('false');
    expect(sent.headers.get('apikey')).toBe('anon-key');
    expect(sent.headers.get('authorization')).toBe('Bearer anon-key');
    expect(sent.body).toBe(file);
  });

  it('takes upsert, contentType and cacheControl; encodes each path segment', async () => {
    const { kanisa, last } = setup();
    await kanisa.storage.from('sermons').upload('/a b/ü#1.txt', 'hello', { upsert: true, contentType: 'text/markdown', cacheControl: 60 });
    expect(last().url.pathname).toBe('/storage/v1/object/sermons/a%20b/%C3%BC%231.txt');
    expect(last().headers.get('x-upsert')).toBe('true');
    expect(last().headers.get('content-type')).toBe('text/markdown');
    expect(last().headers.get('cache-control')).toBe('max-age=60');
  });

  it('defaults the type of strings to text and of bytes to octet-stream', async () => {
    const { kanisa, sent } = setup();
    await kanisa.storage.from('b').upload('a.txt', 'hello');
    await kanisa.storage.from('b').upload('a.bin', new Uint8Array([1, 2]));
    expect(sent[0]?.headers.get('content-type')).toBe('text/plain;charset=UTF-8');
    expect(sent[1]?.headers.get('content-type')).toBe('application/octet-stream');
  });

  it('without XMLHttpRequest (Node) reports progress once, at completion', async () => {
    const { kanisa } = setup();
    const progress: UploadProgress[] = [];
    await kanisa.storage.from('b').upload('a.bin', new Uint8Array(1000), { onProgress: (p) => progress.push(p) });
    expect(progress).toEqual([{ loaded: 1000, total: 1000 }]);
  });

  it('reports the storage error envelope and no progress on failure', async () => {
    const { kanisa } = setup(() =>
      json({ statusCode: '409', code: 'KeyAlreadyExists', error: 'Duplicate', message: 'The resource already exists' }, 409),
    );
    const progress: UploadProgress[] = [];
    const { data, error, status } = await kanisa.storage.from('b').upload('a.txt', 'x', { onProgress: (p) => progress.push(p) });
    expect(data).toBeNull();
    expect(status).toBe(409);
    expect(error?.code).toBe('KeyAlreadyExists');
    expect(error?.message).toBe('The resource already exists');
    expect(progress).toEqual([]);
  });

  describe('in a browser (XMLHttpRequest)', () => {
    class FakeXhr {
      static last: FakeXhr | undefined;
      method = '';
      url = '';
      headers: Record<string, string> = {};
      body: unknown;
      status = 0;
      responseText = '';
      aborted = false;
      upload: { onprogress?: (event: { loaded: number; total: number; lengthComputable: boolean }) => void } = {};
      onload?: () => void;
      onerror?: () => void;
      onabort?: () => void;
      constructor() {
        FakeXhr.last = this;
      }
      open(method: string, url: string) {
        this.method = method;
        this.url = url;
      }
      setRequestHeader(name: string, value: string) {
        this.headers[name] = value;
      }
      getResponseHeader(name: string) {
        return name.toLowerCase() === 'content-type' ? 'application/json' : null;
      }
      send(body: unknown) {
        this.body = body;
      }
      abort() {
        this.aborted = true;
        this.onabort?.();
      }
    }

    it('uploads through XMLHttpRequest and passes on each progress event', async () => {
      vi.stubGlobal('XMLHttpRequest', FakeXhr);
      const { kanisa, sent } = setup();
      const progress: UploadProgress[] = [];
      const file = new Blob([new Uint8Array(2048)], { type: 'audio/mpeg' });
      const pending = kanisa.storage.from('sermons').upload('a.mp3', file, { upsert: true, onProgress: (p) => progress.push(p) });
      await vi.waitFor(() => {
        expect(FakeXhr.last?.body).toBe(file);
      });
      const xhr = FakeXhr.last!;
      expect(xhr.method).toBe('POST');
      expect(xhr.url).toBe('http://church.example/storage/v1/object/sermons/a.mp3');
      expect(xhr.headers).toMatchObject({
        'content-type': 'audio/mpeg',
        'x-upsert': 'true',
        'cache-control': 'max-age=3600',
        apikey: 'anon-key',
        authorization: 'Bearer anon-key',
      });
      xhr.upload.onprogress?.({ loaded: 1024, total: 2048, lengthComputable: true });
      xhr.upload.onprogress?.({ loaded: 2048, total: 0, lengthComputable: false });
      xhr.status = 200;
      xhr.responseText = JSON.stringify({ Id: 'i', Key: 'sermons/a.mp3' });
      xhr.onload?.();
      expect((await pending).data).toEqual({ id: 'i', path: 'a.mp3', fullPath: 'sermons/a.mp3' });
      expect(progress).toEqual([
        { loaded: 1024, total: 2048 },
        { loaded: 2048, total: 2048 },
      ]);
      expect(sent).toEqual([]);
    });

    it('reads XMLHttpRequest errors and aborts like fetch ones', async () => {
      vi.stubGlobal('XMLHttpRequest', FakeXhr);
      const { kanisa } = setup();
      const noop = () => undefined;
      const failing = kanisa.storage.from('b').upload('a', 'x', { onProgress: noop });
      await vi.waitFor(() => {
        expect(FakeXhr.last?.body).toBe('x');
      });
      FakeXhr.last!.onerror?.();
      expect((await failing).error?.code).toBe('network_error');

      const controller = new AbortController();
      const aborted = kanisa.storage.from('b').upload('a', 'y', { onProgress: noop, signal: controller.signal });
      await vi.waitFor(() => {
        expect(FakeXhr.last?.body).toBe('y');
      });
      controller.abort();
      expect(FakeXhr.last!.aborted).toBe(true);
      expect((await aborted).error?.code).toBe('aborted');

      const refused = kanisa.storage.from('b').upload('a', 'z', { onProgress: noop });
      await vi.waitFor(() => {
        expect(FakeXhr.last?.body).toBe('z');
      });
      Object.assign(FakeXhr.last!, { status: 403, responseText: JSON.stringify({ statusCode: '403', code: 'AccessDenied', error: 'Forbidden', message: 'new row violates row-level security policy' }) });
      FakeXhr.last!.onload?.();
      const { error, status } = await refused;
      expect(status).toBe(403);
      expect(error?.code).toBe('AccessDenied');
    });
  });
});

describe('links', () => {
  it('getPublicUrl builds /storage/v1/object/public/{bucket}/{path} without a request', () => {
    const { kanisa, sent } = setup();
    expect(kanisa.storage.from('media').getPublicUrl('events/camp 2026.jpg')).toEqual({
      data: { publicUrl: 'http://church.example/storage/v1/object/public/media/events/camp%202026.jpg' },
    });
    expect(sent).toEqual([]);
  });

  it('createSignedUrl POSTs expiresIn and makes the relative link absolute', async () => {
    const { kanisa, last } = setup(() => json({ signedURL: '/object/sign/attachments/m/report 1.pdf?token=abc' }));
    const { data } = await kanisa.storage.from('attachments').createSignedUrl('m/report 1.pdf', 600);
    expect(last().method).toBe('POST');
    expect(last().url.pathname).toBe('/storage/v1/object/sign/attachments/m/report%201.pdf');
    expect(last().body).toEqual({ expiresIn: 600 });
    expect(data).toEqual({ signedUrl: 'http://church.example/storage/v1/object/sign/attachments/m/report%201.pdf?token=abc' });
  });

  it('createSignedUrl keeps a link that already names /storage/v1 or an origin', async () => {
    let link = '/storage/v1/object/sign/a/b?token=t';
    const { kanisa } = setup(() => json({ signedURL: link }));
    expect((await kanisa.storage.from('a').createSignedUrl('b', 60)).data?.signedUrl).toBe('http://church.example/storage/v1/object/sign/a/b?token=t');
    link = 'https://cdn.example/a/b?token=t';
    expect((await kanisa.storage.from('a').createSignedUrl('b', 60)).data?.signedUrl).toBe(link);
  });

  it('createSignedUrl hands on an error', async () => {
    const { kanisa } = setup(() => json({ statusCode: '404', code: 'NoSuchKey', error: 'not_found', message: 'Object not found' }, 404));
    const { data, error } = await kanisa.storage.from('a').createSignedUrl('missing', 60);
    expect(data).toBeNull();
    expect(error?.code).toBe('NoSuchKey');
  });
});

describe('remove and list', () => {
  it('remove DELETEs /storage/v1/object/{bucket} with the prefixes', async () => {
    const { kanisa, last } = setup(() => json([{ name: 'a.txt', id: '1', metadata: null }]));
    const { data } = await kanisa.storage.from('media').remove(['a.txt', 'b/c.txt']);
    expect(last().method).toBe('DELETE');
    expect(last().url.pathname).toBe('/storage/v1/object/media');
    expect(last().body).toEqual({ prefixes: ['a.txt', 'b/c.txt'] });
    expect(data).toEqual([{ name: 'a.txt', id: '1', metadata: null }]);
  });

  it('list POSTs the prefix with the defaults, which options override', async () => {
    const { kanisa, sent } = setup(() => json([]));
    await kanisa.storage.from('media').list();
    await kanisa.storage.from('media').list('events', { limit: 10, offset: 20, sortBy: { column: 'created_at', order: 'desc' }, search: 'camp' });
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.url.pathname).toBe('/storage/v1/object/list/media');
    expect(sent[0]?.body).toEqual({ prefix: '', limit: 100, offset: 0, sortBy: { column: 'name', order: 'asc' } });
    expect(sent[1]?.body).toEqual({ prefix: 'events', limit: 10, offset: 20, sortBy: { column: 'created_at', order: 'desc' }, search: 'camp' });
  });

  it('storage requests carry the signed-in user token', async () => {
    const net = fakeFetch((sent) =>
      sent.url.pathname.startsWith('/auth/')
        ? json({ access_token: 'user-jwt', token_type: 'bearer', expires_in: 3600, expires_at: 0, refresh_token: 'r', user: { id: 'u' } })
        : json([]),
    );
    const kanisa = createClient('http://x', 'anon-key', { fetch: net.fetch, auth: { storage: null, autoRefresh: false } });
    await kanisa.auth.signInWithPassword({ email: 'a@b.c', password: 'p' });
    await kanisa.storage.from('media').list();
    expect(net.last().headers.get('authorization')).toBe('Bearer user-jwt');
  });
});
