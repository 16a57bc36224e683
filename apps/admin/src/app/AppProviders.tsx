import type { KanisaClient } from '@kanisa/client';
import { createQueryClient, KanisaProvider } from '@kanisa/client/react';
import type { DefaultOptions } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AuthProvider } from '../lib/auth/AuthProvider';

/**
 * The back office's defaults over the client's (`createQueryClient`: a refused request is not
 * retried). Staff move between screens that share reads (the dashboard's figures, the lists
 * behind them), and every write marks what it changed stale at once, so a read stays fresh for
 * a minute and is not read again merely because the tab regained focus; a failed write is shown,
 * never sent twice.
 */
export const queryDefaults = {
  queries: { staleTime: 60_000, refetchOnWindowFocus: false },
  mutations: { retry: false },
} as const satisfies DefaultOptions;

/**
 * The API client and the one QueryClient (every `api/` hook reads the client with `useKanisa()`),
 * then the auth session. `client` is made where the app is assembled (`main.tsx`); a test hands in
 * its own (a session in memory, its own fetch).
 */
export function AppProviders({ children, client }: { children: ReactNode; client: KanisaClient }) {
  const [queryClient] = useState(() => createQueryClient(queryDefaults));
  return (
    <KanisaProvider client={client} queryClient={queryClient}>
      <AuthProvider>{children}</AuthProvider>
    </KanisaProvider>
  );
}
