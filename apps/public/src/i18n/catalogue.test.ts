/**
 * The catalogues as a whole: what the compiler cannot see. Both languages have the same keys,
 * no empty text, and the same `{placeholders}` per key; every key is used by the code; and no key
 * is built at run time — the production build shortens key literals (vite.config.ts), which is
 * only sound while every key is written out whole.
 */
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { sw } from './sw';

/** The app's source files (not tests, not the catalogues themselves), path → text. */
function sources(): Map<string, string> {
  const files = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!./**'], {
    query: '?raw',
    import: 'default',
    eager: true,
  });
  return new Map(Object.entries(files));
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the catalogues', () => {
  const keys = Object.keys(en) as (keyof typeof en)[];

  it('have the same keys in both languages, and no empty text', () => {
    expect(Object.keys(sw).sort()).toEqual([...keys].sort());
    expect(keys.length).toBeGreaterThan(500);
    for (const key of keys) {
      expect(en[key].trim(), key).not.toBe('');
      expect(sw[key].trim(), key).not.toBe('');
    }
  });

  it('give each key the same placeholders in both languages', () => {
    const mismatched = keys.filter((key) => placeholders(en[key]).join() !== placeholders(sw[key]).join());
    expect(mismatched).toEqual([]);
  });

  it('translate: most Kiswahili texts differ from the English', () => {
    const same = keys.filter((key) => en[key] === sw[key]);
    // Names, codes and numbers read the same (M-Pesa, KES, 1000, Q&A); prose does not.
    expect(same.every((key) => en[key].split(' ').length <= 3), same.join(', ')).toBe(true);
    expect(same.length).toBeLessThan(keys.length / 20);
  });

  it('name keys as area.name, which the build shortens', () => {
    expect(keys.filter((key) => !/^[a-z]+\.[A-Za-z0-9]+$/.test(key))).toEqual([]);
  });

  it('are used whole: every key appears in the code, and none is built at run time', () => {
    expect(sources().size).toBeGreaterThan(80);
    const code = [...sources().values()].join('\n');
    expect(keys.filter((key) => !code.includes(`'${key}'`))).toEqual([]);
    const areas = [...new Set(keys.map((key) => key.split('.')[0]))].join('|');
    const built = new RegExp(`[\`'"](${areas})\\.(\\$\\{|['"]\\s*\\+)`);
    const offenders = [...sources()].filter(([, text]) => built.test(text)).map(([path]) => path);
    expect(offenders).toEqual([]);
  });
});
