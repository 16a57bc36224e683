/**
 * The public site's languages (issue 22): English and Kiswahili, one catalogue per language
 * (`en/`, `sw/`: the same keys, split by area only so the files stay readable). English is in
 * the first load; Kiswahili is its own chunk, fetched before the first render of a `/sw/` page
 * (the server preloads it) or when the visitor switches.
 *
 * The language lives in the URL: `/sw/events` is Events in Kiswahili, `/events` in English, so
 * a shared link keeps its language. The router splits the prefix off (`lib/router.tsx`); the
 * visitor's last choice is remembered (`LANG_KEY`) and applied to an unprefixed first visit.
 *
 * English is split like the code: the shell's areas (layout, home, announcements, forms) are in
 * the first load, and each page's area arrives with the page's chunk, whose modules `provide()`
 * it when they load (before anything renders) — so a visitor to Home does not download the
 * Giving page's texts. Kiswahili is one chunk.
 *
 * `t()` is a plain function over the active language, so labels built outside components
 * (nav links, relative dates) translate too; `LanguageProvider` re-renders the page when the
 * language changes. Content stays as staff entered it; `localized()` picks an item's optional
 * Kiswahili field and falls back to English per item.
 *
 * Check mode (`localStorage['kanisa-i18n-check'] = '1'`, used by the browser test): every
 * catalogue text and every formatted date or number starts with U+2063 (invisible), so a test
 * can find text on a page that did not come from the catalogue or the data.
 *
 * Entry-chunk code: no API client, no React Query.
 */
import type { Catalog, MessageKey } from './en';
import { announcements } from './en/announcements';
import { forms } from './en/forms';
import { home } from './en/home';
import { layout } from './en/layout';

export type { Catalog, MessageKey };
export type Lang = 'en' | 'sw';
export const LANGS: readonly Lang[] = ['en', 'sw'];
export const LANG_KEY = 'kanisa-lang';
export const CHECK_KEY = 'kanisa-i18n-check';
/** Marks catalogue text in check mode. */
export const CHECK_MARK = '\u2063';

const LOCALES: Record<Lang, string> = { en: 'en-KE', sw: 'sw-KE' };
/** English as far as the loaded modules have provided it. */
const english: Partial<Catalog> = { ...layout, ...home, ...announcements, ...forms };
let swahili: Catalog | undefined;
let active: Lang = 'en';

/** Adds a page area's English texts (called at the top of the modules that use them). */
export function provide(part: Partial<Catalog>): void {
  Object.assign(english, part);
}

function readCheck(): boolean {
  try {
    return typeof window !== 'undefined' && window.localStorage.getItem(CHECK_KEY) === '1';
  } catch {
    return false;
  }
}
const check = readCheck();
const mark = (text: string): string => (check ? CHECK_MARK + text : text);

/**
 * The active language's text for `key`, with `{name}` placeholders filled from `vars`.
 * Falls back to English while a catalogue is missing (never shows a key).
 */
export function t(key: MessageKey, vars?: Record<string, string | number>): string {
  const text = (active === 'sw' ? swahili?.[key] : undefined) ?? english[key] ?? key;
  return mark(vars ? fill(text, vars) : text);
}

/** `{name}` → vars.name; an unknown placeholder stays as written. */
export function fill(text: string, vars: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = vars[name];
    return value === undefined ? whole : String(value);
  });
}

/** The active language. */
export function lang(): Lang {
  return active;
}

/** 'en-KE' or 'sw-KE': for Intl and for `lang` attributes that need a region. */
export function locale(l: Lang = active): string {
  return LOCALES[l];
}

export function isLoaded(l: Lang): boolean {
  return l === 'en' || swahili !== undefined;
}

/** Fetches a language's catalogue (once). */
export async function loadLanguage(l: Lang): Promise<void> {
  if (l === 'sw' && !swahili) swahili = (await import('./sw')).sw;
}

/** Makes `l` the active language (its catalogue must be loaded); sets `<html lang>`. */
export function activate(l: Lang): void {
  active = isLoaded(l) ? l : 'en';
  if (typeof document !== 'undefined') document.documentElement.lang = active;
}

/** The visitor's remembered choice, or null. */
export function rememberedLanguage(): Lang | null {
  try {
    const stored = window.localStorage.getItem(LANG_KEY);
    return stored === 'en' || stored === 'sw' ? stored : null;
  } catch {
    return null;
  }
}

export function rememberLanguage(l: Lang): void {
  try {
    window.localStorage.setItem(LANG_KEY, l);
  } catch {
    // Private mode: the URL still carries the language.
  }
}

/** Splits the language prefix off a path: '/sw/events' → ['sw', '/events'], '/sw' → ['sw', '/']. */
export function splitLanguage(pathname: string): [Lang, string] {
  if (pathname === '/sw' || pathname.startsWith('/sw/')) return ['sw', pathname.slice(3) || '/'];
  return ['en', pathname];
}

/** An app path ('/events?x#y') as a URL in `l`: '/sw/events?x#y' for Kiswahili. */
export function localePath(to: string, l: Lang = active): string {
  return l === 'en' || !to.startsWith('/') ? to : `/sw${to}`;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** A date in the active language's locale ('Saturday, 6 December 2026' / 'Jumamosi, 6 Desemba 2026'). */
export function formatDate(date: Date, options: Intl.DateTimeFormatOptions): string {
  const cacheKey = `${active}|${JSON.stringify(options)}`;
  let format = formats.get(cacheKey);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALES[active], options);
    formats.set(cacheKey, format);
  }
  return mark(format.format(date));
}

/** A number in the active language's locale (1,000). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return mark(value.toLocaleString(LOCALES[active], options));
}

/**
 * An item's text in the active language: `item[field + '_sw']` in Kiswahili when staff filled
 * it in, otherwise the English field (per item, per field).
 */
export function localized<T extends object>(item: T, field: keyof T & string): string {
  const english = item[field];
  const base = typeof english === 'string' ? english : '';
  if (active !== 'sw') return base;
  const swahili = (item as Record<string, unknown>)[`${field}_sw`];
  return typeof swahili === 'string' && swahili.trim() !== '' ? swahili : base;
}

/**
 * An item's list in the active language: `item[field + '_sw']` in Kiswahili when staff filled it
 * in (a non-empty list), otherwise the English list (per item, per field).
 */
export function localizedList<T extends object>(item: T, field: keyof T & string): string[] {
  const english = item[field];
  const base = Array.isArray(english) ? english.filter((entry): entry is string => typeof entry === 'string') : [];
  if (active !== 'sw') return base;
  const swahili = (item as Record<string, unknown>)[`${field}_sw`];
  if (!Array.isArray(swahili)) return base;
  const entries = swahili.filter((entry): entry is string => typeof entry === 'string' && entry.trim() !== '');
  return entries.length ? entries : base;
}
