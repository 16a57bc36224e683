import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { restartDataSaver } from '../test/data-saver';
import { decideDataSaver, isDataSaver } from './data-saver';

const restart = restartDataSaver;

beforeEach(() => {
  restart({});
});

afterEach(() => {
  restart({});
});

describe('decideDataSaver', () => {
  it('follows the visitor’s choice first, then the page mark (Save-Data: on) or the connection', () => {
    const none = { choice: null, pageMark: undefined, connectionSaveData: undefined } as const;
    expect(decideDataSaver(none)).toBe(false);
    expect(decideDataSaver({ ...none, pageMark: 'on' })).toBe(true);
    expect(decideDataSaver({ ...none, connectionSaveData: true })).toBe(true);
    expect(decideDataSaver({ ...none, connectionSaveData: false })).toBe(false);
    expect(decideDataSaver({ ...none, choice: 'on' })).toBe(true);
    // The visitor turned it off: the browser's wish no longer decides.
    expect(decideDataSaver({ choice: 'off', pageMark: 'on', connectionSaveData: true })).toBe(false);
  });

  it('reads the signals of the page: localStorage, <html data-save-data>, navigator.connection', () => {
    restart({ mark: 'on' });
    expect(isDataSaver()).toBe(true);
    restart({ connection: true });
    expect(isDataSaver()).toBe(true);
    restart({ choice: 'off', mark: 'on', connection: true });
    expect(isDataSaver()).toBe(false);
    restart({ choice: 'on' });
    expect(isDataSaver()).toBe(true);
  });
});
