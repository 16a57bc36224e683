import { KanisaError, type KanisaClient } from '@kanisa/client';
import { KanisaProvider } from '@kanisa/client/react';
import { QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AuthProvider } from '../lib/auth/AuthProvider';
import { kanisa } from '../lib/kanisa';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // Only what may pass on a second try (no answer, 5xx); a refusal (4xx) shows at once.
        retry: (failures, error) => failures < 2 && !(error instanceof KanisaError && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}

/**
 * The API client and React Query (`useKanisa`, `useTable`, `useQuery` all work below), then the
 * auth session. `client` is for tests (a client with its own in-memory session).
 */
export function AppProviders({ children, client = kanisa }: { children: ReactNode; client?: KanisaClient }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <KanisaProvider client={client} queryClient={queryClient}>
      <AuthProvider>{children}</AuthProvider>
    </KanisaProvider>
  );
}
