import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryClient } from '../../../lib/query-client';
import { eventKeys } from './keys';

/** The built-in sample events, downloaded only when they are needed. */
export const eventSamplesQuery = queryOptions({
  queryKey: eventKeys.samples(),
  queryFn: () => import('../sample-events'),
  staleTime: Infinity,
  gcTime: Infinity,
});

export function useEventSamples(needed: boolean) {
  return useQuery({ ...eventSamplesQuery, enabled: needed }, queryClient);
}
