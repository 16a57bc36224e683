import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from '../lib/router';
import { SiteDataProvider, type SiteData } from '../lib/site-data';
import { AppRoutes } from '../app/AppRoutes';
import { siteData } from './site-data';

/**
 * Renders `ui` (by default the whole route table) as if the browser were at `path`, its reads and
 * writes through `data` (by default the test's own client and cache, test/site-data.ts): never
 * the site's own client.
 */
export function renderAt(path: string, ui: ReactElement = <AppRoutes />, data: SiteData = siteData()): RenderResult {
  return render(
    <SiteDataProvider value={data}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </SiteDataProvider>,
  );
}
