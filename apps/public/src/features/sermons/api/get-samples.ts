import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryClient } from '../../../lib/query-client';
import { sermonKeys } from './keys';

/** The built-in sample sermons and series, downloaded only when they are needed. */
export const sermonSamplesQuery = queryOptions({
  queryKey: sermonKeys.samples(),
  queryFn: () => import('../sample-sermons'),
  staleTime: Infinity,
  gcTime: Infinity,
});

export function useSermonSamples(needed: boolean) {
  return useQuery({ ...sermonSamplesQuery, enabled: needed }, queryClient);
}
