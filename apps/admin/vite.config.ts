/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { patient } from '../test-patience';

// In development the API lives on the Kanisa server; in production both share one origin.
const api = process.env.KANISA_URL ?? 'http://127.0.0.1:8080';
const proxy = Object.fromEntries(
  ['/rest/v1', '/auth/v1', '/storage/v1', '/functions/v1', '/health'].map((prefix) => [prefix, api]),
);

export default defineConfig({
  // The server serves this build under /admin/ (router basename /admin).
  base: '/admin/',
  plugins: [react()],
  server: { proxy },
  preview: { proxy },
  build: { outDir: 'dist', emptyOutDir: true },
  test: {
    name: 'admin',
    environment: 'jsdom',
    // One jsdom per worker, not per file: four times faster on two cores. Each file's tests
    // clean up after themselves (src/test/setup.ts: cleanup, fake timers and mocks restored).
    isolate: false,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // A page's test clicks through lazy chunks and many waits: 20 s on a quiet machine.
    testTimeout: patient(20_000),
    // What a test waits for to appear (src/test/setup.ts).
    provide: { asyncUtilTimeout: patient(5_000) },
  },
});
