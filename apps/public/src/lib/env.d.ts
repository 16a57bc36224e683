/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The Kanisa server's origin; empty or unset means the page's own origin. */
  readonly VITE_KANISA_URL?: string;
  /** The public API key, if the server requires one. */
  readonly VITE_KANISA_ANON_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
