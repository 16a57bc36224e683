import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, inject, vi } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    asyncUtilTimeout: number;
  }
}

// Lazy page chunks load slowly on a busy machine (two cores shared by several test runs): wait
// for what should appear up to 5 s times the machine's patience (vite.config.ts,
// ../test-patience.ts), as a test's own limit is.
configure({ asyncUtilTimeout: inject('asyncUtilTimeout') });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
});
