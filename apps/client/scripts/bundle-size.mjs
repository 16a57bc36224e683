// Builds @kanisa/client the way an app's production build does (Vite, minified, ES module) and
// prints its size raw and gzip (zlib level 9; 1 KB = 1024 bytes): the core (`@kanisa/client`:
// tables, auth, storage) and the React helpers (`@kanisa/client/react`, React and React Query
// left out as the app bundles them anyway). Fails when the core is over its budget.
import { Buffer } from 'node:buffer';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const BUDGET = 8 * 1024;
/** @param {string} file */
const src = (file) => fileURLToPath(new URL(`../src/${file}`, import.meta.url));

/**
 * @param {string} entry
 * @returns {Promise<{ raw: number; gzip: number }>}
 */
async function measure(entry) {
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: true,
      lib: { entry: src(entry), formats: ['es'], fileName: 'client' },
      rollupOptions: { external: ['react', 'react/jsx-runtime', '@tanstack/react-query'] },
    },
  });
  const results = Array.isArray(output) ? output : [output];
  const code = results
    .flatMap((result) => ('output' in result ? result.output : []))
    .map((chunk) => (chunk.type === 'chunk' ? chunk.code : ''))
    .join('');
  return { raw: Buffer.byteLength(code), gzip: gzipSync(code, { level: 9 }).length };
}

/** @param {number} bytes */
const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;
const core = await measure('index.ts');
const react = await measure('react.ts');
const over = core.gzip > BUDGET;
process.stdout.write(
  `client bundle (minified): core ${kb(core.raw)} raw, ${kb(core.gzip)} gzip (${String(core.gzip)} bytes; budget ${kb(BUDGET)})` +
    `${over ? '  OVER BUDGET' : ''}\n` +
    `client bundle (minified): react helpers ${kb(react.raw)} raw, ${kb(react.gzip)} gzip (React and React Query not counted)\n`,
);
if (over) process.exitCode = 1;
