/// <reference types="vitest/config" />
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { patient } from '../test-patience.ts';
import { routeTablePlugin } from './routes-plugin.ts';

// In development the API lives on the Kanisa server; in production both share one origin.
const api = process.env.KANISA_URL ?? 'http://127.0.0.1:8080';
const proxy = Object.fromEntries(
  ['/rest/v1', '/auth/v1', '/storage/v1', '/functions/v1', '/health'].map((prefix) => [prefix, api]),
);

/**
 * Shorter catalogue keys in the production build (src/i18n): 'layout.navHome' is written twice
 * (in the catalogue and where it is used), so on a phone's first load the key names weighed more
 * than their texts. The build replaces every key literal by a short id, the same in every module
 * (the catalogue's keys in sorted order, base 36); development and tests keep the readable keys.
 * Only exact literals of known keys are replaced, and keys are never built at run time (a test
 * in src/i18n keeps it so).
 */
function shortCatalogueKeys(): Plugin {
  const dir = fileURLToPath(new URL('./src/i18n/en/', import.meta.url));
  const keys = readdirSync(dir)
    .filter((file) => file.endsWith('.ts') && file !== 'index.ts')
    .flatMap((file) => [...readFileSync(dir + file, 'utf8').matchAll(/^\s*'([a-z]+\.[A-Za-z0-9]+)':/gm)].map((m) => m[1] ?? ''))
    .sort();
  const ids = new Map(keys.map((key, index) => [key, index.toString(36)]));
  const literal = /'([a-z]+\.[A-Za-z0-9]+)'/g;
  return {
    name: 'kanisa-short-catalogue-keys',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/src\/.*\.tsx?$/.test(id)) return null;
      const out = code.replace(literal, (whole, key: string) => {
        const short = ids.get(key);
        return short === undefined ? whole : `'${short}'`;
      });
      return out === code ? null : { code: out, map: null };
    },
  };
}

export default defineConfig({
  plugins: [shortCatalogueKeys(), react(), routeTablePlugin()],
  server: { proxy },
  preview: { proxy },
  // The manifest lets the server preload each route's lazy chunks with its HTML; routes.json
  // (routes-plugin.ts) names them, with each page's title and description
  // (crates/kanisa-server/src/seo.rs).
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
  test: {
    name: 'public',
    environment: 'jsdom',
    // One jsdom per worker, not per file (src/test/setup.ts resets what a test changes).
    isolate: false,
    include: ['src/**/*.test.{ts,tsx}', '*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: patient(5_000),
  },
});
