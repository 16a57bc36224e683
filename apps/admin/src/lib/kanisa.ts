import { createClient } from '@kanisa/client';

/** The back office's one API client; same origin as the server unless VITE_KANISA_URL says otherwise. */
export const kanisa = createClient(import.meta.env.VITE_KANISA_URL ?? '', import.meta.env.VITE_KANISA_ANON_KEY);
