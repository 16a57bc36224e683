// A stand-in for the Kanisa server, for trying the builds without it: serves public/dist at /
// and admin/dist at /admin/ with history fallback, immutable caching of hashed assets, and the
// server's current answers for /health and the API prefixes (JSON 404). Not for production.
//
//   node e2e/serve.mjs            (PORT=8080 HOST=127.0.0.1 by default)
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const apps = fileURLToPath(new URL('..', import.meta.url));
const sites = [
  { prefix: '/admin/', root: join(apps, 'admin', 'dist') },
  { prefix: '/', root: join(apps, 'public', 'dist') },
];
const apiPrefixes = ['/rest/v1', '/auth/v1', '/storage/v1', '/functions/v1'];
const types = new Map([
  ['.html', 'text/html; charset=utf-8'],
  ['.js', 'text/javascript; charset=utf-8'],
  ['.css', 'text/css; charset=utf-8'],
  ['.svg', 'image/svg+xml'],
  ['.png', 'image/png'],
  ['.webp', 'image/webp'],
  ['.ico', 'image/x-icon'],
  ['.json', 'application/json'],
  ['.txt', 'text/plain; charset=utf-8'],
  ['.woff2', 'font/woff2'],
]);

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {unknown} body
 */
function sendJson(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * @param {string} root
 * @param {string} relative
 * @returns {Promise<string | null>} the file's path, if it is a file inside root
 */
async function findFile(root, relative) {
  const path = normalize(join(root, relative));
  if (path !== root && !path.startsWith(root + sep)) return null;
  try {
    return (await stat(path)).isFile() ? path : null;
  } catch {
    return null;
  }
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {string} path
 * @param {string} cacheControl
 * @param {boolean} head
 */
function sendFile(res, path, cacheControl, head) {
  res.writeHead(200, {
    'content-type': types.get(extname(path)) ?? 'application/octet-stream',
    'cache-control': cacheControl,
  });
  if (head) res.end();
  else createReadStream(path).pipe(res);
}

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
async function respond(req, res) {
  const path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
  const method = req.method ?? 'GET';
  if (path === '/health') {
    sendJson(res, 200, { status: 'ok', database: 'ok' });
  } else if (apiPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) {
    sendJson(res, 404, { code: 'not_found', message: `No route for ${method} ${path}` });
  } else if (method !== 'GET' && method !== 'HEAD') {
    sendJson(res, 405, { code: 'method_not_allowed', message: 'Method not allowed' });
  } else if (path === '/admin') {
    res.writeHead(308, { location: '/admin/' }).end();
  } else {
    await serveSite(path, method === 'HEAD', res);
  }
}

/**
 * @param {string} path
 * @param {boolean} head
 * @param {import('node:http').ServerResponse} res
 */
async function serveSite(path, head, res) {
  const site = sites.find((candidate) => path.startsWith(candidate.prefix));
  if (!site) {
    sendJson(res, 404, { code: 'not_found', message: 'Not found' });
    return;
  }
  const relative = path.slice(site.prefix.length);
  const file = relative === '' ? null : await findFile(site.root, relative);
  if (file) {
    const hashed = relative.startsWith('assets/');
    sendFile(res, file, hashed ? 'public, max-age=31536000, immutable' : 'no-cache', head);
    return;
  }
  // A missing asset is a real 404; any other path is a client-side route.
  if (relative.startsWith('assets/') || extname(relative) !== '') {
    sendJson(res, 404, { code: 'not_found', message: 'Not found' });
    return;
  }
  const index = await findFile(site.root, 'index.html');
  if (index) sendFile(res, index, 'no-cache', head);
  else sendJson(res, 503, { code: 'not_built', message: `Build the app first: ${site.root}` });
}

const server = createServer((req, res) => {
  respond(req, res).catch((/** @type {unknown} */ error) => {
    console.error(error);
    if (res.headersSent) res.destroy();
    else sendJson(res, 500, { code: 'internal', message: 'Internal error' });
  });
});

const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '127.0.0.1';
server.listen(port, host, () => {
  console.log(`serving apps/public/dist at / and apps/admin/dist at /admin/ on http://${host}:${String(port)}`);
});
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
  });
}
