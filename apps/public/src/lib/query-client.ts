import { QueryClient } from '@tanstack/react-query';
import { onBackOnline } from './offline-status';

/**
 * The public site's query cache. There is deliberately no QueryClientProvider at the root:
 * React already costs ~67 KB gzip, and React Query would add ~10 KB to the first load of every
 * page. The site's one QueryClient (`queryClient` below) is the default of the data context
 * (lib/site-data.tsx), through which every hook reads and writes (`useSiteQuery`,
 * `useSiteMutation`), so React Query is bundled only into the lazy chunks that fetch (pages, and
 * below-the-fold sections of Home). Tests make their own with `createQueryClient`.
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

// Back online while a page shows a saved copy: what it shows is read again (however fresh the
// cache thinks it is), and the live answers end the offline banner.
onBackOnline(() => {
  void queryClient.invalidateQueries();
});
