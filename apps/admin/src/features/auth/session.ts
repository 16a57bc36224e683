import type { Session } from './api/sign-in';

/**
 * The signed-in session, in memory only. A placeholder: the auth-session issue (back-office.md
 * §2.3 and §4: restore on load, refresh, sign out) replaces it with a persisted, refreshed store.
 */
let current: Session | null = null;

export function getSession(): Session | null {
  return current;
}

export function setSession(session: Session | null): void {
  current = session;
}
