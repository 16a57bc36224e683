import { QueryClient } from '@tanstack/react-query';

/**
 * The public site's one QueryClient. There is deliberately no QueryClientProvider at the root:
 * React + React Router already cost ~81 KB gzip, and React Query would add ~10 KB to the first
 * load of every page. Data hooks pass this client explicitly (`useQuery(options, queryClient)`),
 * so React Query is bundled only into the lazy chunks that fetch (pages, and below-the-fold
 * sections of Home).
 *
 * Visitors pay for every byte: data stays fresh for 5 minutes and is not refetched merely
 * because the tab regained focus.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 5 * 60_000, gcTime: 30 * 60_000, refetchOnWindowFocus: false, retry: 1 },
    },
  });
}

export const queryClient = createQueryClient();
