/**
 * `/storage/v1` (Supabase Storage wire format): upload, links, remove and list in a bucket.
 * Uploads send the raw bytes; with `onProgress`, browsers upload through XMLHttpRequest to
 * report progress, and runtimes without it (Node) use fetch and report once, at completion.
 */
import { answer, failed, type Http, type KanisaResult } from './http';

export type UploadBody = Blob | ArrayBuffer | ArrayBufferView | string;

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions {
  /** Replace an existing object (default false: an existing path is a 409). */
  upsert?: boolean;
  /** Default: the Blob's type, else `application/octet-stream` (`text/plain;charset=UTF-8` for strings). */
  contentType?: string;
  /** Seconds the object may be cached (default 3600). */
  cacheControl?: number;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

export interface FileObject {
  name: string;
  id: string | null;
  updated_at?: string | null;
  created_at?: string | null;
  metadata: Record<string, unknown> | null;
  [key: string]: unknown;
}

export interface ListOptions {
  limit?: number;
  offset?: number;
  sortBy?: { column: string; order: 'asc' | 'desc' };
  search?: string;
}

export interface BucketApi {
  upload(path: string, body: UploadBody, options?: UploadOptions): Promise<KanisaResult<{ id: string; path: string; fullPath: string }>>;
  /** The address of an object in a public bucket (built here, no request). */
  getPublicUrl(path: string): { data: { publicUrl: string } };
  /** A link anyone may use for `expiresIn` seconds. */
  createSignedUrl(path: string, expiresIn: number): Promise<KanisaResult<{ signedUrl: string }>>;
  remove(paths: string[]): Promise<KanisaResult<FileObject[]>>;
  /** Objects and folders directly under `prefix`. */
  list(prefix?: string, options?: ListOptions): Promise<KanisaResult<FileObject[]>>;
}

export interface StorageClient {
  from(bucket: string): BucketApi;
}

/** Each segment of an object path URL-encoded, slashes kept. */
const encodePath = (path: string) => path.replace(/^\/+/, '').split('/').map(encodeURIComponent).join('/');

function sizeOf(body: UploadBody): number {
  return typeof body === 'string' ? new TextEncoder().encode(body).length : body instanceof Blob ? body.size : body.byteLength;
}

export function createStorage(http: Http): StorageClient {
  const root = '/storage/v1/object';
  return {
    from(name) {
      const bucket = encodeURIComponent(name);
      const object = (path: string) => `${bucket}/${encodePath(path)}`;
      return {
        async upload(path, body, options = {}) {
          const contentType =
            options.contentType ??
            (body instanceof Blob && body.type ? body.type : typeof body === 'string' ? 'text/plain;charset=UTF-8' : 'application/octet-stream');
          const headers = {
            'content-type': contentType,
            'cache-control': `max-age=${String(options.cacheControl ?? 3600)}`,
            'x-upsert': String(options.upsert ?? false),
          };
          const url = `${root}/${object(path)}`;
          const { onProgress, signal } = options;
          const total = sizeOf(body);
          let result: KanisaResult<{ Id: string; Key: string }>;
          if (onProgress && typeof XMLHttpRequest !== 'undefined') {
            result = await viaXhr(`${http.base}${url}`, await http.headers(headers), body, onProgress, signal);
          } else {
            [result] = await http.send(url, { method: 'POST', headers, body: body as BodyInit, signal: signal ?? null });
            if (!result.error) onProgress?.({ loaded: total, total });
          }
          if (result.error) return result;
          const data = { id: result.data.Id, path: path.replace(/^\/+/, ''), fullPath: result.data.Key };
          return { data, error: null, status: result.status };
        },

        getPublicUrl: (path) => ({ data: { publicUrl: `${http.base}${root}/public/${object(path)}` } }),

        async createSignedUrl(path, expiresIn) {
          const [result] = await http.send<{ signedURL: string }>(`${root}/sign/${object(path)}`, {
            method: 'POST',
            json: { expiresIn },
          });
          if (result.error) return result;
          // The server names the link relative to /storage/v1 with the object's name as it is
          // (as Supabase does: storage-js encodes it the same way), or absolutely.
          const link = result.data.signedURL;
          const signedUrl = /^https?:/.test(link)
            ? link
            : encodeURI(`${http.base}${link.startsWith('/storage/v1/') ? '' : '/storage/v1'}${link}`);
          return { data: { signedUrl }, error: null, status: result.status };
        },

        async remove(paths) {
          const [result] = await http.send<FileObject[]>(`${root}/${bucket}`, { method: 'DELETE', json: { prefixes: paths } });
          return result;
        },

        async list(prefix = '', options = {}) {
          const [result] = await http.send<FileObject[]>(`${root}/list/${bucket}`, {
            method: 'POST',
            json: { limit: 100, offset: 0, sortBy: { column: 'name', order: 'asc' }, ...options, prefix },
          });
          return result;
        },
      };
    },
  };
}

function viaXhr<T>(
  url: string,
  headers: Headers,
  body: UploadBody,
  onProgress: (progress: UploadProgress) => void,
  signal: AbortSignal | undefined,
): Promise<KanisaResult<T>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    headers.forEach((value, name) => {
      xhr.setRequestHeader(name, value);
    });
    xhr.upload.onprogress = (event) => {
      onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : sizeOf(body) });
    };
    xhr.onload = () => {
      resolve(answer(xhr.status, xhr.getResponseHeader('content-type'), xhr.responseText));
    };
    xhr.onerror = () => {
      resolve(failed(new TypeError('Network request failed')));
    };
    xhr.onabort = () => {
      resolve(failed(new DOMException('The upload was cancelled.', 'AbortError')));
    };
    signal?.addEventListener('abort', () => {
      xhr.abort();
    });
    xhr.send(body as XMLHttpRequestBodyInit);
  });
}
