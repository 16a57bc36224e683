import { useSyncExternalStore } from 'react';

/**
 * Data-saver mode: the one place that decides whether the site should spend as few bytes as it
 * can (issue 22). Components ask `useDataSaver()`; the footer's switch calls `setDataSaver`.
 *
 * The visitor's own choice (the switch, remembered in localStorage) wins. Until they choose,
 * the browser's wish decides: the server marks the page `<html data-save-data="on">` when the
 * request carried `Save-Data: on`, and Chromium reports `navigator.connection.saveData`.
 *
 * In data-saver mode: the hero shows one image in its smallest size and does not rotate, Home's
 * decorative card images are left out, sermon video thumbnails and the Contact page's map load
 * only when asked, and players do not start on their own.
 *
 * Entry-chunk code (the hero reads it): no API client, no React Query.
 */

export const DATA_SAVER_KEY = 'kanisa-data-saver';

/** The visitor's remembered choice; null until they use the switch. */
export type DataSaverChoice = 'on' | 'off' | null;

export interface DataSaverSignals {
  choice: DataSaverChoice;
  /** `document.documentElement.dataset.saveData` (the server's mark for `Save-Data: on`). */
  pageMark: string | undefined;
  /** `navigator.connection.saveData`, where the browser has it. */
  connectionSaveData: boolean | undefined;
}

/** On when the visitor chose it; until they choose, when the page or the connection asks for it. */
export function decideDataSaver(signals: DataSaverSignals): boolean {
  if (signals.choice !== null) return signals.choice === 'on';
  return signals.pageMark === 'on' || signals.connectionSaveData === true;
}

function readChoice(): DataSaverChoice {
  try {
    const stored = window.localStorage.getItem(DATA_SAVER_KEY);
    return stored === 'on' || stored === 'off' ? stored : null;
  } catch {
    return null;
  }
}

/** The browser's signals now. */
export function currentSignals(): DataSaverSignals {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return {
    choice: readChoice(),
    pageMark: document.documentElement.dataset.saveData,
    connectionSaveData: connection?.saveData,
  };
}

let saving = decideDataSaver(currentSignals());
const listeners = new Set<() => void>();

function publish(next: boolean): void {
  saving = next;
  listeners.forEach((listener) => {
    listener();
  });
}

/** The visitor's choice from the switch: remembered, and applied at once. */
export function setDataSaver(on: boolean): void {
  try {
    window.localStorage.setItem(DATA_SAVER_KEY, on ? 'on' : 'off');
  } catch {
    // Private mode or full storage: the choice lasts for this visit only.
  }
  publish(on);
}

/** Whether data-saver mode is on now (outside React). */
export function isDataSaver(): boolean {
  return saving;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether data-saver mode is on; re-renders when the visitor flips the switch. */
export function useDataSaver(): boolean {
  return useSyncExternalStore(subscribe, () => saving, () => saving);
}

/** For tests: decide again from the browser's signals now (after changing localStorage or the page mark). */
export function resetDataSaver(): void {
  publish(decideDataSaver(currentSignals()));
}
