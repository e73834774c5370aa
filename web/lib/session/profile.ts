/** The session query (spec 1 §3, §7): who is signed in, their storage and credits. App-wide state every area reads. */
import { queryOptions } from '@tanstack/react-query';
import type { Credits, Profile, StorageInfo, User, Welcome } from '../../../contract/auth.ts';
import { PROFILE_RECHECK_MS, RESTORED_SESSION_DAYS } from '../../../contract/constants.ts';
import { api, ApiError, setCsrfToken } from '../api.ts';

export interface AuthSession {
  csrf_token: string;
  expires_at: string;
}

/** What the app knows about the signed-in user; null when signed out. */
export interface AuthSnapshot {
  user: User;
  session: AuthSession;
  /** null until the profile has been read (e.g. just after sign-in). */
  storage: StorageInfo | null;
  credits: Credits | null;
  /** Set in the session that created the account (the newcomer's greeting); null or absent otherwise. */
  welcome?: Welcome | null;
}

export const authKeys = {
  all: ['auth'] as const,
  profile: ['auth', 'profile'] as const,
};

/** A session restored from the profile call is given about a year locally (spec 1 §3). */
export function restoredSessionExpiry(now = Date.now()): string {
  return new Date(now + RESTORED_SESSION_DAYS * 24 * 60 * 60 * 1000).toISOString();
}

/**
 * GET /api/auth/profile. A 401 means signed out (null). Any other failure also drops the CSRF token and throws, so
 * the caller can leave the user signed out and still say why (spec 1 §4, §8).
 */
export async function fetchAuthSnapshot(): Promise<AuthSnapshot | null> {
  let profile: Profile;
  try {
    profile = await api.get<Profile>('/auth/profile');
  } catch (error) {
    setCsrfToken(null);
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
  setCsrfToken(profile.csrf_token);
  return {
    user: profile.user,
    storage: profile.storage,
    credits: profile.credits,
    welcome: profile.welcome ?? null,
    session: { csrf_token: profile.csrf_token, expires_at: restoredSessionExpiry() },
  };
}

/** The session query: re-checked every 300 s while signed in and whenever the window regains focus. */
export const profileQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.profile,
    queryFn: fetchAuthSnapshot,
    staleTime: 60_000,
    refetchOnWindowFocus: 'always',
    refetchInterval: (query) => (query.state.data ? PROFILE_RECHECK_MS : false),
  });

/** The session query's key, typed with its data (AuthSnapshot | null) for setQueryData/getQueryData. */
export const profileQueryKey = profileQueryOptions().queryKey;

export const logoutRequest = () => api.post<{ message: string }>('/auth/logout');

