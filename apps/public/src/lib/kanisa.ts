import { createAnonClient } from '@kanisa/client';

/**
 * The public site's one API client: same origin as the server unless VITE_KANISA_URL says
 * otherwise. Visitors are never signed in here, so requests without a key are anonymous.
 * Import it only from lazy chunks (pages, below-the-fold sections): the entry chunk's budget
 * has no room for it (see apps/README.md). Without the sign-in part: nobody signs in here.
 */
export const kanisa = createAnonClient(import.meta.env.VITE_KANISA_URL ?? '', import.meta.env.VITE_KANISA_ANON_KEY);
