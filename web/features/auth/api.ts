/** The magic-link calls of the sign-in pages (spec 1 §7); the session itself is web/lib/session. */
import type { MagicStatus, VerifyMagicResult } from '../../../contract/auth.ts';
import { api, setCsrfToken } from '../../lib/api.ts';

export const requestMagicLink = (email: string) => api.post<{ message: string }>('/auth/magic-link', { email });

export const fetchMagicStatus = (token: string) => api.get<MagicStatus>('/auth/magic-status', { query: { token } });

/** POST /api/auth/verify-magic. Consumes the token: call it once per link. */
export async function verifyMagicLink(token: string, name?: string): Promise<VerifyMagicResult> {
  const result = await api.post<VerifyMagicResult>('/auth/verify-magic', name === undefined ? { token } : { token, name });
  setCsrfToken(result.csrf_token);
  return result;
}
