/** Changes to the auth state in the query cache (spec 1 §4). */
import type { QueryClient } from '@tanstack/react-query';
import type { SessionResponse, User } from '../../../contract/auth.ts';
import { setCsrfToken } from '../api.ts';
import { logoutRequest, profileQueryKey, type AuthSnapshot } from './profile.ts';

/**
 * Query roots that hold nothing personal and survive a logout. Every other query is dropped at logout,
 * so per-user data (credits, gallery, transcriptions…) never leaks into the next session.
 */
export const PUBLIC_QUERY_ROOTS: ReadonlySet<unknown> = new Set(['auth', 'tools', 'app-config', 'pricing', 'faqs', 'site', 'notifications']);

/** Sign-in (magic link, login, register): set user and session, then re-check the profile. */
export function applySignIn(client: QueryClient, result: SessionResponse): void {
  setCsrfToken(result.csrf_token);
  const snapshot: AuthSnapshot = {
    user: result.user,
    session: { csrf_token: result.csrf_token, expires_at: result.expires_at },
    storage: null,
    credits: null,
  };
  client.setQueryData(profileQueryKey, snapshot);
  void client.invalidateQueries({ queryKey: profileQueryKey });
}

/** Ends the session on the server. Never throws: a failed request is only logged. */
export async function endServerSession(): Promise<void> {
  try {
    await logoutRequest();
  } catch (error) {
    console.warn('Logout request failed; signing out locally.', error);
  }
}

/** Forgets the session locally: auth state and every per-user query. */
export function clearLocalSession(client: QueryClient): void {
  setCsrfToken(null);
  client.setQueryData(profileQueryKey, null);
  client.removeQueries({ predicate: (query) => !PUBLIC_QUERY_ROOTS.has(query.queryKey[0]) });
}

// A logout that moves to another page clears the local session only once that page is on screen, so the
// protected page being left never sees "signed out" and bounces to /auth. See useLogout and SessionCleaner.
let clearPending = false;

export function requestClearAfterNavigation(): void {
  clearPending = true;
}

/** Clears the local session if a logout asked for it; returns whether it did. */
export function clearIfRequested(client: QueryClient): boolean {
  if (!clearPending) return false;
  clearPending = false;
  clearLocalSession(client);
  return true;
}

/** Logout clears everything even when the server call fails. */
export async function signOut(client: QueryClient): Promise<void> {
  await endServerSession();
  clearLocalSession(client);
}

/** After a profile save: the returned user replaces the current one. */
export function replaceUser(client: QueryClient, user: User): void {
  client.setQueryData(profileQueryKey, (previous) => (previous ? { ...previous, user } : previous));
}
