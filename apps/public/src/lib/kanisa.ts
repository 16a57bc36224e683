import { createAnonClient, type AnonClient } from '@kanisa/client';
import { notingFetch } from './offline-status';

/** The public site's API client: without the sign-in part, as nobody signs in here. */
export type SiteClient = AnonClient;

/**
 * An API client as the public site makes it: same origin as the server unless VITE_KANISA_URL
 * says otherwise; anonymous (requests without a key are anonymous); every answer noted for the
 * offline banner (lib/offline-status.ts: a saved copy says so on the answer itself). Tests make
 * theirs with it too (test/site-data.ts), so a page under test notes its answers as it does live.
 */
export function createSiteClient(): SiteClient {
  return createAnonClient(import.meta.env.VITE_KANISA_URL ?? '', import.meta.env.VITE_KANISA_ANON_KEY, { fetch: notingFetch });
}

/**
 * The site's one client. Pages and sections reach it only through the context (lib/site-data.tsx:
 * `useKanisa`, `useSiteQuery`), whose default it is; outside React only the outbox's background
 * send (lib/deliver.ts) uses it. Features never import this module (an ESLint rule keeps it so).
 * Import it only from lazy chunks: the entry chunk's budget has no room for it (see apps/README.md).
 */
export const kanisa = createSiteClient();
