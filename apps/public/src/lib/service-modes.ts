import { queryOptions, useQuery } from '@tanstack/react-query';
import { kanisa } from './kanisa';
import { queryClient } from './query-client';

/**
 * Whether the server really sends e-mail (`GET /functions/v1/service-modes`): the request page's
 * demo banner and the contact form's demo notice show when it does not (spec §8). Lazy chunks
 * only (the client and React Query are not in the entry chunk).
 */
export const serviceModesQuery = queryOptions({
  queryKey: ['service-modes'] as const,
  queryFn: async ({ signal }) => {
    const { data, error } = await kanisa.functions.serviceModes(signal);
    if (error) throw error;
    return data;
  },
  staleTime: 10 * 60_000,
});

/** True once the server has said e-mail is only simulated; false before the answer or without one. */
export function useEmailSimulated(): boolean {
  const { data } = useQuery(serviceModesQuery, queryClient);
  return data ? !data.email.live : false;
}
