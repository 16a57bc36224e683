import { useSyncExternalStore } from 'react';
import { church } from '../config/church';

/**
 * The few church settings the entry chunk (header brand, hero, page titles) shows before any
 * lazy chunk has loaded. No API client and no React Query here: the first-load budget has no
 * room for them. `lib/settings.ts` (lazy) publishes the full settings into this store when they
 * arrive; the last ones seen are kept in localStorage, so a returning visitor sees the right
 * name at once. A page may also carry them in the HTML as
 * `<script id="kanisa-settings" type="application/json">{"name": …}</script>`.
 */
export interface ShellSettings {
  name: string;
  branch: string;
  heroImages: { src: string; alt: string }[] | null;
}

export type ShellSnapshot = ShellSettings & {
  /** false until the settings came from the server (or a cached copy of them). */
  known: boolean;
};

const STORAGE_KEY = 'kanisa-church-settings';

export const fallbackShell: ShellSnapshot = { name: church.name, branch: church.branch, heroImages: null, known: false };

function readInitial(): ShellSnapshot {
  try {
    const inline = typeof document === 'undefined' ? null : document.getElementById('kanisa-settings');
    const text = inline?.textContent ?? window.localStorage.getItem(STORAGE_KEY);
    if (!text) return fallbackShell;
    const parsed = JSON.parse(text) as Partial<ShellSettings>;
    if (typeof parsed.name !== 'string' || !parsed.name) return fallbackShell;
    return {
      name: parsed.name,
      branch: typeof parsed.branch === 'string' ? parsed.branch : '',
      heroImages: Array.isArray(parsed.heroImages) ? parsed.heroImages : null,
      known: true,
    };
  } catch {
    return fallbackShell;
  }
}

let snapshot: ShellSnapshot = readInitial();
const listeners = new Set<() => void>();

/** Called by lib/settings.ts when the settings have loaded (or failed: `known` stays as it was). */
export function publishShellSettings(next: ShellSettings): void {
  if (
    snapshot.known &&
    snapshot.name === next.name &&
    snapshot.branch === next.branch &&
    JSON.stringify(snapshot.heroImages) === JSON.stringify(next.heroImages)
  ) {
    return;
  }
  snapshot = { ...next, known: true };
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Private mode or full storage: the settings simply are not remembered.
  }
  listeners.forEach((listener) => {
    listener();
  });
}

/** Marks the settings as settled on the fallback (the read failed), so placeholders show the fallback. */
export function settleShellSettings(): void {
  if (snapshot.known) return;
  snapshot = { ...snapshot, known: true };
  listeners.forEach((listener) => {
    listener();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Church name, branch and hero images for the entry chunk; re-renders when the real ones arrive. */
export function useShellSettings(): ShellSnapshot {
  return useSyncExternalStore(subscribe, () => snapshot, () => snapshot);
}

/** For tests: forget what was published. */
export function resetShellSettings(): void {
  snapshot = fallbackShell;
  try {
    window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // ignore
  }
}
