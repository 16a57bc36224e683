import type { DataTag, QueryKey } from '@tanstack/react-query';
import { createSiteClient } from '../lib/kanisa';
import { createQueryClient } from '../lib/query-client';
import type { SiteClient, SiteData } from '../lib/site-data';

let current: SiteData | null = null;

/**
 * The API client and query cache of the test that runs, given to every render (test/render.tsx
 * wraps it in `SiteDataProvider`): a client made as the site makes it (its answers noted for the
 * offline banner; over the global fetch, which test/api.ts stubs) and an empty cache, both new
 * for each test (test/setup.ts drops them after it). A test seeds the cache (`seed`) or spies on
 * the client before it renders; one that needs another client renders with its own
 * (`renderAt(path, ui, { client, queryClient })`).
 */
export function siteData(): SiteData {
  current ??= { client: createSiteClient(), queryClient: createQueryClient() };
  return current;
}

/** After each test: the next one starts with a new client and an empty cache. */
export function resetSiteData(): void {
  current?.queryClient.clear();
  current = null;
}

/**
 * Puts `data` in the test's cache as the answer of a domain factory's read, e.g.
 * `seed(sermonQueries.published, [sermon])` or `seed((client) => eventQueries.published(client, 2025), rows)`.
 */
export function seed<T>(entry: (client: SiteClient) => { queryKey: DataTag<QueryKey, T, unknown> }, data: NoInfer<T>): void {
  const { client, queryClient } = siteData();
  queryClient.setQueryData(entry(client).queryKey, data);
}
