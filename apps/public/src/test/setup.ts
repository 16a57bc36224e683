import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { activate } from '../i18n';
import { setViewportWidth } from './viewport';

beforeEach(() => {
  setViewportWidth(375);
  // jsdom does not implement scrolling; tests that care spy on these.
  window.scrollTo = () => undefined;
  Element.prototype.scrollIntoView = () => undefined;
});

afterEach(() => {
  cleanup();
  // A test in Kiswahili (test/kiswahili.ts) leaves the next one in English.
  activate('en');
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
