/** The build's route table (`dist/routes.json`), as the server reads it. */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as sources from './src/app/route-sources';
import { loadSources, routeTable, routeTablePlugin, routesJson, tableModules, type RouteSources } from './routes-plugin.ts';

const root = `${dirname(fileURLToPath(import.meta.url))}/`;

/** A small app: Home (in the first load, with a lazy section) and one lazy page. */
const small: RouteSources = {
  publicRoutes: [
    { path: '/', page: 'features/home/HomePage.tsx', firstLoad: true, shows: ['features/home/More.tsx'], title: null, description: 'meta.homeDescription' },
    { path: '/events', page: 'features/events/EventsPage.tsx', title: 'events.title', description: 'meta.eventsDescription' },
  ],
  notFound: { page: 'features/not-found/NotFoundPage.tsx', title: 'layout.notFoundTitle', description: 'meta.notFoundDescription' },
  everyPage: ['components/Footer.tsx'],
  languageModules: { en: [], sw: ['i18n/sw/index.ts'] },
  catalogues: {
    en: {
      'meta.homeDescription': 'Welcome to {church}.',
      'events.title': 'Events',
      'meta.eventsDescription': 'The events of {church}.',
      'layout.notFoundTitle': 'Page not found',
      'meta.notFoundDescription': 'No such page at {church}.',
    },
    sw: {
      'meta.homeDescription': 'Karibu {church}.',
      'events.title': 'Matukio',
      'meta.eventsDescription': 'Matukio ya {church}.',
      'layout.notFoundTitle': 'Ukurasa haupatikani',
      'meta.notFoundDescription': 'Hakuna ukurasa huu {church}.',
    },
  },
};

describe('routes.json', () => {
  it('holds each page with its chunks and its texts per language', () => {
    expect(routeTable(small)).toEqual({
      routes: [
        {
          path: '/',
          // Home itself is in the first load: only what it loads lazily is named.
          modules: ['src/features/home/More.tsx', 'src/components/Footer.tsx'],
          en: { title: null, description: 'Welcome to {church}.' },
          sw: { title: null, description: 'Karibu {church}.' },
        },
        {
          path: '/events',
          modules: ['src/features/events/EventsPage.tsx', 'src/components/Footer.tsx'],
          en: { title: 'Events', description: 'The events of {church}.' },
          sw: { title: 'Matukio', description: 'Matukio ya {church}.' },
        },
      ],
      notFound: {
        modules: ['src/features/not-found/NotFoundPage.tsx', 'src/components/Footer.tsx'],
        en: { title: 'Page not found', description: 'No such page at {church}.' },
        sw: { title: 'Ukurasa haupatikani', description: 'Hakuna ukurasa huu {church}.' },
      },
      languages: { en: { modules: [] }, sw: { modules: ['src/i18n/sw/index.ts'] } },
    });
  });

  it('refuses a missing text, a path twice, and a module that is not a chunk of its own', () => {
    const noSwahili = { ...small, catalogues: { en: small.catalogues.en, sw: { ...small.catalogues.sw, 'events.title': ' ' } } };
    expect(() => routeTable(noSwahili)).toThrow('no sw text for events.title');
    const twice = { ...small, publicRoutes: [...small.publicRoutes, ...small.publicRoutes.slice(1)] };
    expect(() => routeTable(twice)).toThrow('/events more than once');
    const table = routeTable(small);
    const chunks = new Set(tableModules(table));
    expect(JSON.parse(routesJson(table, chunks))).toEqual(table);
    chunks.delete('src/features/home/More.tsx');
    expect(() => routesJson(table, chunks)).toThrow('no chunk of its own for src/features/home/More.tsx');
  });

  it("is the site's own table, the texts the server has always sent", () => {
    const table = routeTable(sources);
    expect(table.routes.map((route) => route.path)).toEqual([
      '/',
      '/about',
      '/sermons',
      '/events',
      '/ministries',
      '/departments',
      '/contact',
      '/giving',
      '/submissions',
      '/me',
      '/announcements',
    ]);
    const events = table.routes.find((route) => route.path === '/events');
    expect(events).toEqual({
      path: '/events',
      modules: ['src/features/events/EventsPage.tsx', 'src/components/layout/Footer.tsx'],
      en: { title: 'Events', description: 'Upcoming events, weekly activities and the church calendar of {church}.' },
      sw: { title: 'Matukio', description: 'Matukio yajayo, shughuli za kila wiki na kalenda ya kanisa la {church}.' },
    });
    const giving = table.routes.find((route) => route.path === '/giving');
    expect([giving?.en.title, giving?.sw.title]).toEqual(['Give Online', 'Toa Mtandaoni']);
    expect(table.routes[0]?.modules[0]).toBe('src/features/home/HomeSections.tsx');
    expect(table.notFound.sw).toEqual({ title: 'Ukurasa haupatikani', description: 'Ukurasa huu haupo kwenye tovuti ya {church}.' });
    expect(table.languages.sw.modules).toEqual(['src/i18n/sw/index.ts']);
  });

  it('is emitted by the plugin from the app sources, checked against the bundle', async () => {
    expect(routeTable(await loadSources(root))).toEqual(routeTable(sources));

    const plugin = routeTablePlugin();
    const configResolved = plugin.configResolved as (config: { root: string }) => void;
    const generateBundle = plugin.generateBundle as (this: unknown, options: unknown, bundle: unknown) => Promise<void>;
    configResolved({ root });
    const table = routeTable(sources);
    const chunk = (module: string) => ({ type: 'chunk', facadeModuleId: `${root}${module}` });
    const bundle = Object.fromEntries(tableModules(table).map((module) => [module, chunk(module)]));
    const emitted: { fileName: string; source: string }[] = [];
    const context = {
      emitFile: (file: { fileName: string; source: string }) => emitted.push(file),
      error: (message: string) => {
        throw new Error(message);
      },
    };
    await generateBundle.call(context, {}, bundle);
    expect(emitted).toHaveLength(1);
    expect(emitted[0]?.fileName).toBe('routes.json');
    expect(JSON.parse(emitted[0]?.source ?? '')).toEqual(table);

    const withoutFooter = Object.fromEntries(Object.entries(bundle).filter(([key]) => key !== 'src/components/layout/Footer.tsx'));
    await expect(generateBundle.call(context, {}, withoutFooter)).rejects.toThrow('src/components/layout/Footer.tsx');
  }, 30_000);
});
