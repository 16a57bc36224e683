import type { KanisaError, Session, User } from '@kanisa/client';
import { createContext, useContext } from 'react';
import type { AccessUser } from '../access';
import type { Profile } from './profile';

/** The signed-in session as the back office sees it (spec: back-office.md §4, auth session). */
export interface AuthState {
  /** True until the stored session has been read (at most 3 s, §4). */
  loading: boolean;
  /** The server ended the session (expired, signed out elsewhere, deactivated); cleared on sign-in. */
  sessionEnded: boolean;
  session: Session | null;
  user: User | null;
  /** Role, rank and effective permissions from the server's answer (`app_metadata`). */
  access: AccessUser | null;
  /** The user's row in `users`; null while loading, when missing or when it failed to load. */
  profile: Profile | null;
  profileStatus: 'none' | 'loading' | 'ready' | 'missing' | 'error';
  /** Signs in; resolves to the server's error, or null when signed in. */
  signIn: (credentials: { email: string; password: string }) => Promise<KanisaError | null>;
  /** Signs out on this device; the session is forgotten even when the server cannot be reached. */
  signOut: () => Promise<void>;
  reloadProfile: () => void;
}

export const AuthContext = createContext<AuthState | null>(null);

/** The session; only inside <AuthProvider> (spec §8: the text of the error). */
export function useAuth(): AuthState {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used within an AuthProvider');
  return auth;
}
