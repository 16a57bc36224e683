import type { KanisaError, Session } from '@kanisa/client';
import { useKanisa } from '@kanisa/client/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { accessFromMetadata } from '../access';
import { profileQuery } from './profile';
import { AuthContext, type AuthState } from './auth-context';

/** §4 and §9: loading ends after this long even if reading the session hangs. */
export const AUTH_INIT_TIMEOUT_MS = 3000;

/**
 * The auth session over the client's auth (which keeps the session in localStorage, refreshes
 * it before expiry and follows other tabs). The profile (`users` row) is loaded once signed in;
 * when it fails, the profile stays empty and the user stays signed in (§4).
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const client = useKanisa();
  const queryClient = useQueryClient();
  const [session, setSession] = useState<Session | null>(null);
  const [loading, setLoading] = useState(true);
  // Signed out by the server (expired, ended elsewhere, deactivated), not by the user here.
  const [sessionEnded, setSessionEnded] = useState(false);
  const signingOut = useRef(false);

  useEffect(() => {
    let active = true;
    const stop = () => {
      if (active) setLoading(false);
    };
    const timer = setTimeout(stop, AUTH_INIT_TIMEOUT_MS);
    client.auth
      .getSession()
      .then((current) => {
        if (active) setSession(current);
      })
      .catch((error: unknown) => {
        console.error('Reading the session failed', error);
      })
      .finally(() => {
        clearTimeout(timer);
        stop();
      });
    const unsubscribe = client.auth.onAuthStateChange((event, next) => {
      setSession(next);
      setLoading(false);
      // Signed out here, in another tab, or by a refused refresh: forget what was read.
      if (event === 'SIGNED_OUT') {
        queryClient.clear();
        if (!signingOut.current) setSessionEnded(true);
      }
      if (event === 'SIGNED_IN') setSessionEnded(false);
    });
    return () => {
      active = false;
      clearTimeout(timer);
      unsubscribe();
    };
  }, [client, queryClient]);

  const userId = session?.user.id;
  const profile = useQuery({
    ...profileQuery(client, userId ?? ''),
    enabled: userId !== undefined,
  });

  const signIn = useCallback(
    async (credentials: { email: string; password: string }): Promise<KanisaError | null> => {
      const { data, error } = await client.auth.signInWithPassword(credentials);
      if (error) return error;
      setSession(data.session);
      setSessionEnded(false);
      return null;
    },
    [client],
  );

  const signOut = useCallback(async () => {
    signingOut.current = true;
    const { error } = await client.auth.signOut({ scope: 'local' });
    signingOut.current = false;
    if (error) console.error('Sign out failed', error);
    setSession(null);
    // Nothing read for this user may show to the next one on this device.
    queryClient.clear();
  }, [client, queryClient]);

  const { refetch } = profile;
  const reloadProfile = useCallback(() => {
    void refetch();
  }, [refetch]);

  const value = useMemo<AuthState>(() => {
    const user = session?.user ?? null;
    let profileStatus: AuthState['profileStatus'] = 'none';
    if (user) {
      if (profile.isPending) profileStatus = 'loading';
      else if (profile.isError) profileStatus = 'error';
      else profileStatus = profile.data ? 'ready' : 'missing';
    }
    return {
      loading,
      sessionEnded,
      session,
      user,
      access: user ? accessFromMetadata(user.app_metadata) : null,
      profile: user ? (profile.data ?? null) : null,
      profileStatus,
      signIn,
      signOut,
      reloadProfile,
    };
  }, [loading, sessionEnded, session, profile.isPending, profile.isError, profile.data, signIn, signOut, reloadProfile]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
