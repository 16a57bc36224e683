// Prints the first-load size of each built app: the entry script, its modulepreloaded chunks and
// the stylesheets that dist/index.html references, raw and compressed (kB = 1000 bytes; gzip at
// zlib's default level). Fails when an app's gzipped JavaScript is over its budget: visitors use
// low-end phones on paid data.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const apps = fileURLToPath(new URL('..', import.meta.url));
const budgets = [
  { app: 'public', base: '/', jsGzipKb: 90 },
  { app: 'admin', base: '/admin/', jsGzipKb: 110 },
];

/** @param {number} bytes */
const kb = (bytes) => (bytes / 1000).toFixed(1).padStart(6);

let failed = false;
for (const { app, base, jsGzipKb } of budgets) {
  const dist = join(apps, app, 'dist');
  const html = await readFile(join(dist, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => m[1] ?? '');
  const totals = { js: { raw: 0, gzip: 0, brotli: 0 }, css: { raw: 0, gzip: 0, brotli: 0 } };
  for (const ref of refs) {
    const body = await readFile(join(dist, ref.startsWith(base) ? ref.slice(base.length) : ref));
    const kind = ref.endsWith('.css') ? totals.css : totals.js;
    kind.raw += body.length;
    kind.gzip += gzipSync(body).length;
    kind.brotli += brotliCompressSync(body).length;
  }
  const over = totals.js.gzip > jsGzipKb * 1000;
  failed ||= over;
  console.log(
    `${app.padEnd(7)} first-load JS ${kb(totals.js.raw)} kB raw, ${kb(totals.js.gzip)} kB gzip, ${kb(totals.js.brotli)} kB brotli` +
      ` | CSS ${kb(totals.css.gzip)} kB gzip | budget ${String(jsGzipKb)} kB gzip${over ? '  OVER BUDGET' : ''}`,
  );
}
if (failed) {
  console.error('First-load JavaScript is over budget: lazy-load what the first screen does not need.');
  process.exit(1);
}
