import { DATA_SAVER_KEY, resetDataSaver } from '../lib/data-saver';

/**
 * Starts data-saver mode over from these signals: the visitor's stored choice, the server's
 * `<html data-save-data>` mark and `navigator.connection.saveData`. `{}` clears them all.
 */
export function restartDataSaver({ choice, mark, connection }: { choice?: 'on' | 'off'; mark?: 'on'; connection?: boolean }) {
  localStorage.removeItem(DATA_SAVER_KEY);
  if (choice) localStorage.setItem(DATA_SAVER_KEY, choice);
  if (mark) document.documentElement.dataset.saveData = mark;
  else delete document.documentElement.dataset.saveData;
  Object.defineProperty(navigator, 'connection', { value: connection === undefined ? undefined : { saveData: connection }, configurable: true });
  resetDataSaver();
}
