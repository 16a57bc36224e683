import {
  useMutation,
  useQuery,
  type DefaultError,
  type QueryClient,
  type QueryKey,
  type UseMutationOptions,
  type UseMutationResult,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { createContext, use, type ReactNode } from 'react';
import { kanisa, type SiteClient } from './kanisa';
import { queryClient } from './query-client';

export type { SiteClient };

/**
 * The one data path of the public site: every read and write goes through the API client and
 * the query cache of this context.
 *
 * - Reads: each domain has one factory of keys and `queryOptions` (`sermonQueries` in
 *   features/sermons/api/queries.ts, `settingsQueries` in lib/settings.ts, …), its entries
 *   `(client, …args) => queryOptions(…)`; a hook reads one with `useSiteQuery(entry)`.
 * - Writes: `useSiteMutation((client, variables) => …)`.
 * - Invalidation: every key starts with its domain's `all` key (`['sermons', …]`); a write that
 *   changes what a domain reads invalidates that key (`queryClient.invalidateQueries({ queryKey:
 *   sermonKeys.all })`). Today no public write changes what the site reads (forms and payments
 *   go to the back office), so nothing is invalidated.
 *
 * There is no provider in the app: React Query and the client are not in the entry chunk (its
 * budget has no room for them; apps/README.md), and this module is imported only by lazy chunks,
 * so the context's default — the site's one client (lib/kanisa.ts) and its one QueryClient
 * (lib/query-client.ts) — is what a page gets. A test gives its own with `<SiteDataProvider>`
 * (test/render.tsx does for every render).
 */
export interface SiteData {
  client: SiteClient;
  queryClient: QueryClient;
}

const SiteDataContext = createContext<SiteData>({ client: kanisa, queryClient });

/** Gives the pages below another client and query cache (tests). */
export function SiteDataProvider({ value, children }: { value: SiteData; children?: ReactNode }) {
  return <SiteDataContext value={value}>{children}</SiteDataContext>;
}

/** The client and query cache of the context. */
export function useSiteData(): SiteData {
  return use(SiteDataContext);
}

/** The API client of the context. */
export function useKanisa(): SiteClient {
  return use(SiteDataContext).client;
}

/** A read: a domain factory's entry, given the context's client, run in the context's cache. */
export function useSiteQuery<TQueryFnData, TError = DefaultError, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  entry: (client: SiteClient) => UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): UseQueryResult<TData, TError> {
  const { client, queryClient: cache } = useSiteData();
  return useQuery(entry(client), cache);
}

/** A write with the context's client, in the context's cache. */
export function useSiteMutation<TData, TVariables, TError = DefaultError>(
  mutationFn: (client: SiteClient, variables: TVariables) => Promise<TData>,
  options: Omit<UseMutationOptions<TData, TError, TVariables>, 'mutationFn'> = {},
): UseMutationResult<TData, TError, TVariables> {
  const { client, queryClient: cache } = useSiteData();
  return useMutation({ ...options, mutationFn: (variables: TVariables) => mutationFn(client, variables) }, cache);
}
