import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { SessionResponse, User } from '../../../contract/auth.ts';
import { applySignIn, replaceUser, signOut } from './session.ts';
import { profileQueryOptions, type AuthSnapshot } from './profile.ts';

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out' | 'error';

export function isAdmin(user: User | null | undefined): boolean {
  return !!user?.roles.includes('admin');
}

/**
 * The session, from GET /api/auth/profile (spec 1 §4).
 * - status 'loading' until the first answer; 'signed-out' on 401; 'error' when the first check failed otherwise.
 * - A failed background re-check keeps the current session (only a 401 signs the user out), so a network blip
 *   does not throw away work in progress.
 */
export function useAuth() {
  const client = useQueryClient();
  const query = useQuery(profileQueryOptions());
  const snapshot: AuthSnapshot | null = query.data ?? null;
  const status: AuthStatus = query.isPending
    ? 'loading'
    : snapshot
      ? 'signed-in'
      : query.data === undefined
        ? 'error'
        : 'signed-out';

  const logout = useCallback(() => signOut(client), [client]);
  const signIn = useCallback((result: SessionResponse) => applySignIn(client, result), [client]);
  const setUser = useCallback((user: User) => replaceUser(client, user), [client]);
  const { refetch } = query;
  const reload = useCallback(() => refetch(), [refetch]);

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
      error: snapshot ? null : query.error,
      isRefreshing: query.isFetching,
      /** Re-checks the session now. */
      reload,
      logout,
      signIn,
      setUser,
    }),
    [status, snapshot, query.error, query.isFetching, reload, logout, signIn, setUser],
  );
}

export type AuthState = ReturnType<typeof useAuth>;
