// Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) next to each text
// asset of the built apps, once at build time, so the server sends the smallest encoding the
// browser accepts without compressing on every request (tower-http's ServeFile picks them up).
// Files that would not shrink by at least 5 % are left alone. The public site's index.html is
// skipped: the server rewrites its head per route and compresses that answer itself.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const apps = fileURLToPath(new URL('..', import.meta.url));
const textual = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/** @param {string} dir @returns {AsyncGenerator<string>} */
async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

let written = 0;
let saved = 0;
for (const app of ['public', 'admin']) {
  const dist = join(apps, app, 'dist');
  try {
    await stat(dist);
  } catch {
    continue;
  }
  for await (const path of files(dist)) {
    if (!textual.test(path)) continue;
    if (app === 'public' && relative(dist, path) === 'index.html') continue;
    const body = await readFile(path);
    /** @type {{ suffix: string; packed: Buffer }[]} */
    const encodings = [
      {
        suffix: '.br',
        packed: brotliCompressSync(body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        }),
      },
      { suffix: '.gz', packed: gzipSync(body, { level: 9 }) },
    ];
    for (const { suffix, packed } of encodings) {
      if (packed.length > body.length * 0.95) continue;
      await writeFile(path + suffix, packed);
      written += 1;
      saved += body.length - packed.length;
    }
  }
}
console.log(`precompressed: ${String(written)} files (${(saved / 1000).toFixed(0)} kB smaller than raw)`);
