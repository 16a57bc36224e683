import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { activate } from '../i18n';
import { resetOfflineStatus } from '../lib/offline-status';
import { resetOutbox } from '../lib/outbox';
import { resetShellSettings } from '../lib/settings-store';
import { resetSiteData } from './site-data';
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
  // The files of a worker share one jsdom and their modules (vite.config.ts, isolate: false):
  // what one test leaves in storage, the address bar or a module's store, the next never sees.
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  resetShellSettings();
  resetOutbox();
  resetOfflineStatus();
  resetSiteData();
});
