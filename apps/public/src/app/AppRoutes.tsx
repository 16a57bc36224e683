import { lazy, type ComponentType } from 'react';
import { Route, Routes } from '../lib/router';
import { Layout } from '../components/layout/Layout';
import { HomePage } from '../features/home/HomePage';
import { notFound, publicRoutes, type PageEntry, type PublicRoute } from './routes';

// Home ships in the first load; every other page is its own chunk, fetched when visited.
const firstLoadPages: Partial<Record<string, ComponentType>> = { 'features/home/HomePage.tsx': HomePage };
const lazyPages = import.meta.glob<{ default: ComponentType }>(['../features/*/*Page.tsx', '!../features/home/HomePage.tsx']);

/** The component of a page of the table (`routes.ts`). */
function component(entry: PageEntry & Pick<PublicRoute, 'firstLoad'>): ComponentType {
  const page = entry.firstLoad ? firstLoadPages[entry.page] : undefined;
  if (page) return page;
  const load = lazyPages[`../${entry.page}`];
  if (!load) throw new Error(`app/routes.ts names ${entry.page}, which is not a page module`);
  return lazy(load);
}

const pages = publicRoutes.map((route) => ({ path: route.path, Page: component(route) }));
const NotFoundPage = component(notFound);

/**
 * The public route table (`routes.ts`). Declarative routes, not the data router: the data
 * router costs ~16 KB gzip more and the pages load their data through React Query.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {pages.map(({ path, Page }) =>
          path === '/' ? <Route key={path} index element={<Page />} /> : <Route key={path} path={path.slice(1)} element={<Page />} />,
        )}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
