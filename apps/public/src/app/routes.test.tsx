/**
 * The page table (`routes.ts`): the router serves exactly its pages, each with a title and a
 * description in both languages (what the server puts in the page's head, `dist/routes.json`),
 * and every module it names exists.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { footerBottomLinks, footerQuickLinks, giveLink, leadingLinks, ministriesMenu, trailingLinks } from '../components/layout/nav-links';
import { stubApi } from '../test/api';
import { renderAt } from '../test/render';
import { catalogues } from './route-sources';
import { everyPage, languageModules, notFound, publicRoutes } from './routes';

const LANGS = ['en', 'sw'] as const;
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const sourceFiles = Object.keys(import.meta.glob(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'])).map((path) => path.slice(3));

describe('the page table', () => {
  it('names each path once, as the router writes it', () => {
    const paths = publicRoutes.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path).toMatch(/^\/([a-z-]+)?$/);
    expect(paths).toContain('/');
  });

  it.each(publicRoutes.map((route) => [route.path, route] as const))(
    'serves %s with a title and a description in both languages',
    async (path, route) => {
      stubApi();
      renderAt(path);
      const heading = await screen.findByRole('heading', { level: 1 });
      expect(heading).not.toHaveTextContent('Page not found');
      for (const lang of LANGS) {
        const description = catalogues[lang][route.description] ?? '';
        expect(description.trim(), `${path} ${lang}`).not.toBe('');
        expect(description.length, `${path} ${lang}: a search result shows ~160 characters`).toBeLessThanOrEqual(160);
        expect(placeholders(description), `${path} ${lang}`).toEqual(['church']);
        if (route.title !== null) expect((catalogues[lang][route.title] ?? '').trim(), `${path} ${lang}`).not.toBe('');
      }
      expect(catalogues.sw[route.description]).not.toBe(catalogues.en[route.description]);
      // Only Home is titled by the church's name alone.
      expect(route.title === null).toBe(path === '/');
    },
  );

  it('sends any other path to Page not found, which has its texts too', async () => {
    renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    for (const lang of LANGS) {
      expect(catalogues[lang][notFound.title ?? '']?.trim()).toBeTruthy();
      expect(catalogues[lang][notFound.description]?.trim()).toBeTruthy();
    }
  });

  it('has every page the site links to', () => {
    const linked = [...leadingLinks, ...ministriesMenu, ...trailingLinks, giveLink, ...footerQuickLinks, ...footerBottomLinks].map(
      (link) => link.to,
    );
    const paths = publicRoutes.map((route) => route.path);
    expect(linked.filter((to) => !paths.includes(to))).toEqual([]);
  });

  it('names modules that exist', () => {
    const named = [
      notFound.page,
      ...publicRoutes.flatMap((route) => [route.page, ...(route.shows ?? [])]),
      ...everyPage,
      ...LANGS.flatMap((lang) => languageModules[lang]),
    ];
    expect(named.filter((module) => !sourceFiles.includes(module))).toEqual([]);
  });
});
