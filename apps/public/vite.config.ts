/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API lives on the Kanisa server; in production both share one origin.
const api = process.env.KANISA_URL ?? 'http://127.0.0.1:8080';
const proxy = Object.fromEntries(
  ['/rest/v1', '/auth/v1', '/storage/v1', '/functions/v1', '/health'].map((prefix) => [prefix, api]),
);

export default defineConfig({
  plugins: [react()],
  server: { proxy },
  preview: { proxy },
  // The manifest lets the server preload each route's lazy chunks with its HTML
  // (crates/kanisa-server/src/seo.rs).
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
  test: {
    name: 'public',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
