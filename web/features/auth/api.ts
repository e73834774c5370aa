/** Calls and cache keys of the auth area (spec 1 §7). */
import { queryOptions } from '@tanstack/react-query';
import {
  updateProfileResponse,
  type Credits,
  type MagicStatus,
  type Profile,
  type SessionResponse,
  type StorageInfo,
  type UpdateProfileResult,
  type User,
  type VerifyMagicResult,
} from '../../../contract/auth.ts';
import { CLIENT_MESSAGES } from '../../../contract/errors.ts';
import { PROFILE_RECHECK_MS, RESTORED_SESSION_DAYS } from '../../../contract/constants.ts';
import { api, ApiError, parseAnswer, setCsrfToken } from '../../lib/api.ts';

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
}

export const authKeys = {
  all: ['auth'] as const,
  profile: ['auth', 'profile'] as const,
};

/** A session restored from the profile call is given about a year locally (spec 1 §3). */
export function restoredSessionExpiry(now = Date.now()): string {
  return new Date(now + RESTORED_SESSION_DAYS * 24 * 60 * 60 * 1000).toISOString();
}

/** GET /api/auth/profile. A 401 means signed out (null); other failures throw. */
export async function fetchAuthSnapshot(): Promise<AuthSnapshot | null> {
  let profile: Profile;
  try {
    profile = await api.get<Profile>('/auth/profile');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      setCsrfToken(null);
      return null;
    }
    throw error;
  }
  setCsrfToken(profile.csrf_token);
  return {
    user: profile.user,
    storage: profile.storage,
    credits: profile.credits,
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

export const requestMagicLink = (email: string) => api.post<{ message: string }>('/auth/magic-link', { email });

export const fetchMagicStatus = (token: string) => api.get<MagicStatus>('/auth/magic-status', { query: { token } });

/** POST /api/auth/verify-magic. Consumes the token: call it once per link. */
export async function verifyMagicLink(token: string, name?: string): Promise<VerifyMagicResult> {
  const result = await api.post<VerifyMagicResult>('/auth/verify-magic', name === undefined ? { token } : { token, name });
  setCsrfToken(result.csrf_token);
  return result;
}

export const logoutRequest = () => api.post<{ message: string }>('/auth/logout');

export interface ProfileChanges {
  name?: string;
  email?: string;
}

/** PUT /api/auth/profile: a new email waits for the link sent to it (`pending_email`, `message`). */
export const updateProfileRequest = async (changes: ProfileChanges): Promise<UpdateProfileResult> =>
  parseAnswer(updateProfileResponse, await api.put<unknown>('/auth/profile', changes), CLIENT_MESSAGES.profileSaveFailed);

export type { SessionResponse };
