import { createClient, type AuthOptions, type KanisaClient, type Session } from '@kanisa/client';
import {
  useMutation,
  useQuery,
  type DefaultError,
  type QueryKey,
  type UseMutationOptions,
  type UseMutationResult,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { createContext, use, useEffect, useState, type ReactNode } from 'react';
import { notingFetch } from './offline-status';
import { SiteDataProvider, useSiteData } from './site-data';

/**
 * The member portal's data path (`/me`, issue 46): the one part of the public site where
 * somebody signs in — a member, by a code sent to their phone. Its client has the sign-in part
 * the site's anonymous client leaves out, keeps its session under its own storage key, and is
 * made the first time the portal asks for it, so no other page downloads or runs it (this
 * module is imported only by the portal's lazy chunk).
 *
 * Reads and writes run in the site's query cache under keys that start with `['member', user
 * id]`, so one member's answers are never another's; signing out removes them.
 */
export type MemberClient = KanisaClient;

/** The storage key of a member's session (staff sign in elsewhere, under their own key). */
export const MEMBER_SESSION_KEY = 'kanisa-member';

/**
 * A member client as the portal makes it: same origin as the server unless VITE_KANISA_URL says
 * otherwise, every answer noted for the offline banner, the session under its own key. Tests
 * make theirs with it too (with `auth` options of their own: in memory, no background refresh).
 */
export function createMemberClient(auth: AuthOptions = {}): MemberClient {
  return createClient(import.meta.env.VITE_KANISA_URL ?? '', import.meta.env.VITE_KANISA_ANON_KEY, {
    fetch: notingFetch,
    auth: { storageKey: MEMBER_SESSION_KEY, ...auth },
  });
}

let shared: MemberClient | undefined;

/** The portal's one client, made on first use. */
function memberClient(): MemberClient {
  shared ??= createMemberClient();
  return shared;
}

const MemberContext = createContext<MemberClient | null>(null);

/** Gives the portal below another client (tests). */
export function MemberProvider({ client, children }: { client: MemberClient; children?: ReactNode }) {
  return <MemberContext value={client}>{children}</MemberContext>;
}

/** The member client of the context, else the portal's own. */
export function useMember(): MemberClient {
  return use(MemberContext) ?? memberClient();
}

/** The signed-in member's session: `ready` once the stored one has been read. */
export function useMemberSession(): { ready: boolean; session: Session | null } {
  const client = useMember();
  const [state, setState] = useState<{ ready: boolean; session: Session | null }>({ ready: false, session: null });
  useEffect(() => {
    let live = true;
    void client.auth.getSession().then((session) => {
      if (live) setState({ ready: true, session });
    });
    const stop = client.auth.onAuthStateChange((_event, session) => {
      setState({ ready: true, session });
    });
    return () => {
      live = false;
      stop();
    };
  }, [client]);
  return state;
}

/** The keys of `userId`'s answers: `['member', userId, …parts]`. */
export function memberKey(userId: string, ...parts: unknown[]): QueryKey {
  return ['member', userId, ...parts];
}

/** A read with the member client, in the site's cache. */
export function useMemberQuery<TQueryFnData, TError = DefaultError, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  entry: (client: MemberClient) => UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): UseQueryResult<TData, TError> {
  const client = useMember();
  const { queryClient } = useSiteData();
  return useQuery(entry(client), queryClient);
}

/** A write (or a sign-in step) with the member client, in the site's cache. */
export function useMemberMutation<TData, TVariables, TError = DefaultError>(
  mutationFn: (client: MemberClient, variables: TVariables) => Promise<TData>,
  options: Omit<UseMutationOptions<TData, TError, TVariables>, 'mutationFn'> = {},
): UseMutationResult<TData, TError, TVariables> {
  const client = useMember();
  const { queryClient } = useSiteData();
  return useMutation({ ...options, mutationFn: (variables: TVariables) => mutationFn(client, variables) }, queryClient);
}

/** Forgets every member answer in the site's cache (after a sign-out). */
export function useForgetMemberAnswers(): () => void {
  const { queryClient } = useSiteData();
  return () => {
    queryClient.removeQueries({ queryKey: ['member'] });
  };
}

/** Marks the member answers under `key` stale and reads the shown ones anew (after a write). */
export function useRefreshMemberAnswers(): (key: QueryKey) => Promise<void> {
  const { queryClient } = useSiteData();
  return (key) => queryClient.invalidateQueries({ queryKey: key });
}

/**
 * The site's data path with the member's client below it, in the same cache: what a shared
 * part of the site sends from here (the giving dialog's payment) carries the member's token,
 * so the server links the gift to their register row.
 */
export function AsMember({ children }: { children?: ReactNode }) {
  const client = useMember();
  const { queryClient } = useSiteData();
  return <SiteDataProvider value={{ client, queryClient }}>{children}</SiteDataProvider>;
}
