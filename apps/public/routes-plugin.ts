/**
 * Writes `dist/routes.json` at build: the public site's pages (`src/app/routes.ts`) with their
 * titles and descriptions in every language, from the catalogues (`src/i18n`), and the modules
 * whose chunks each page shows at once, named as Vite's manifest (`dist/.vite/manifest.json`)
 * names them. The server reads it to give each page its `<head>` and to preload its chunks with
 * the HTML (crates/kanisa-server/src/seo.rs), so neither the pages nor their texts are written
 * twice.
 *
 *   { "routes": [{ "path": "/events", "modules": ["src/features/events/EventsPage.tsx", …],
 *                  "en": { "title": "Events", "description": "Upcoming events … of {church}." },
 *                  "sw": { "title": "Matukio", "description": "…" } }, …],
 *     "notFound": { "modules": […], "en": {…}, "sw": {…} },
 *     "languages": { "en": { "modules": [] }, "sw": { "modules": ["src/i18n/sw/index.ts"] } } }
 *
 * A `null` title is the church's name alone (Home); `{church}` in a description is the church's
 * name. A language's modules come before the page's (the catalogue renders the first paint).
 */
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { normalizePath, runnerImport, type Plugin } from 'vite';
import type { PageEntry, PublicRoute } from './src/app/routes';

export type Lang = 'en' | 'sw';

export interface PageTexts {
  title: string | null;
  description: string;
}

export interface TablePage {
  modules: string[];
  en: PageTexts;
  sw: PageTexts;
}

export interface RouteTable {
  routes: (TablePage & { path: string })[];
  notFound: TablePage;
  languages: Record<Lang, { modules: string[] }>;
}

/** What the table is made of (`src/app/route-sources.ts`): the pages and the catalogues. */
export interface RouteSources {
  publicRoutes: readonly PublicRoute[];
  notFound: PageEntry;
  everyPage: readonly string[];
  languageModules: Readonly<Record<Lang, readonly string[]>>;
  catalogues: Record<Lang, Readonly<Record<string, string>>>;
}

const SOURCES = join(dirname(fileURLToPath(import.meta.url)), 'src/app/route-sources.ts');

/**
 * Loads the app's route table and catalogues through Vite's module runner: they are app source
 * files (TypeScript, imports without extensions), which the config does not import itself.
 */
export async function loadSources(root: string): Promise<RouteSources> {
  const { module } = await runnerImport<RouteSources>(SOURCES, { root, logLevel: 'error' });
  return module;
}

/** Vite's name for a module of `src/` (its path from the app's root). */
const manifestKey = (module: string) => `src/${module}`;

/** The route table of `routes.json`; throws when a text is missing or empty. */
export function routeTable(from: RouteSources): RouteTable {
  const text = (lang: Lang, key: string) => {
    const value = from.catalogues[lang][key];
    if (value === undefined || value.trim() === '') throw new Error(`routes.json: no ${lang} text for ${key}`);
    return value;
  };
  const texts = (lang: Lang, entry: PageEntry): PageTexts => ({
    title: entry.title === null ? null : text(lang, entry.title),
    description: text(lang, entry.description),
  });
  const page = (entry: PageEntry, modules: readonly string[]): TablePage => ({
    modules: [...modules, ...from.everyPage].map(manifestKey),
    en: texts('en', entry),
    sw: texts('sw', entry),
  });
  const paths = from.publicRoutes.map((route) => route.path);
  const twice = paths.filter((path, index) => paths.indexOf(path) !== index);
  if (twice.length > 0) throw new Error(`routes.json: ${twice.join(', ')} more than once`);
  return {
    routes: from.publicRoutes.map((route) => ({
      path: route.path,
      ...page(route, [...(route.firstLoad ? [] : [route.page]), ...(route.shows ?? [])]),
    })),
    notFound: page(from.notFound, [from.notFound.page]),
    languages: {
      en: { modules: from.languageModules.en.map(manifestKey) },
      sw: { modules: from.languageModules.sw.map(manifestKey) },
    },
  };
}

/** Every module the table names, once. */
export function tableModules(table: RouteTable): string[] {
  const all = [table.notFound, ...table.routes, table.languages.en, table.languages.sw].flatMap((entry) => entry.modules);
  return [...new Set(all)];
}

/**
 * `routes.json`'s text. `chunks` are the manifest keys of the build's chunks: a module the table
 * names must be one (a lazily loaded module), or the server could not preload it.
 */
export function routesJson(table: RouteTable, chunks: ReadonlySet<string>): string {
  const missing = tableModules(table).filter((module) => !chunks.has(module));
  if (missing.length > 0) {
    throw new Error(`routes.json: no chunk of its own for ${missing.join(', ')} (src/app/routes.ts names only lazily loaded modules)`);
  }
  return `${JSON.stringify(table, null, 2)}\n`;
}

export function routeTablePlugin(): Plugin {
  let root = '';
  return {
    name: 'kanisa-route-table',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle(_options, bundle) {
      const chunks = new Set<string>();
      for (const file of Object.values(bundle)) {
        // As Vite's manifest names a chunk made for a module (an entry or a lazy import).
        if (file.type === 'chunk' && file.facadeModuleId) chunks.add(normalizePath(relative(root, file.facadeModuleId)));
      }
      let source: string;
      try {
        source = routesJson(routeTable(await loadSources(root)), chunks);
      } catch (error) {
        this.error(error instanceof Error ? error.message : String(error));
      }
      this.emitFile({ type: 'asset', fileName: 'routes.json', source });
    },
  };
}
