import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { SessionResponse, User } from '../../../contract/auth.ts';
import { applySignIn, replaceUser, signOut } from './session.ts';
import { authKeys, profileQueryOptions, type AuthSnapshot } from './profile.ts';

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

export function isAdmin(user: User | null | undefined): boolean {
  return !!user?.roles.includes('admin');
}

/**
 * The session, from GET /api/auth/profile (spec 1 §4).
 * - status 'loading' until the first answer, and again while `reload` re-checks.
 * - A check that fails or is not OK leaves the user signed out (user, session, storage and credits cleared), a
 *   background re-check included; `error` then says why, so a protected page can offer a Retry instead of
 *   sending the user to sign in again when the server was only unreachable. The next successful check signs
 *   them back in.
 */
export function useAuth() {
  const client = useQueryClient();
  const query = useQuery(profileQueryOptions());
  const failed = query.isError;
  const snapshot: AuthSnapshot | null = failed ? null : (query.data ?? null);
  const status: AuthStatus = query.isPending && !failed ? 'loading' : snapshot ? 'signed-in' : 'signed-out';

  const logout = useCallback(() => signOut(client), [client]);
  const signIn = useCallback((result: SessionResponse) => applySignIn(client, result), [client]);
  const setUser = useCallback((user: User) => replaceUser(client, user), [client]);
  const reload = useCallback(() => client.resetQueries({ queryKey: authKeys.profile }), [client]);

  return useMemo(
    () => ({
      status,
      isLoading: status === 'loading',
      isSignedIn: status === 'signed-in',
      isAdmin: isAdmin(snapshot?.user),
      user: snapshot?.user ?? null,
      session: snapshot?.session ?? null,
      storage: snapshot?.storage ?? null,
      credits: snapshot?.credits ?? null,
      /** Set only in the session whose sign-in created the account (GET /api/auth/profile `welcome`). */
      welcome: snapshot?.welcome ?? null,
      error: failed ? query.error : null,
      isRefreshing: query.isFetching,
      /** Re-checks the session now. */
      reload,
      logout,
      signIn,
      setUser,
    }),
    [status, snapshot, failed, query.error, query.isFetching, reload, logout, signIn, setUser],
  );
}

export type AuthState = ReturnType<typeof useAuth>;
