/** The magic-link calls of the sign-in pages (spec 1 §7); the session itself is web/lib/session. */
import { magicStatusResponse, messageResponse, verifyMagicResponse, type MagicStatus, type VerifyMagicResult } from '../../../contract/auth.ts';
import { CLIENT_MESSAGES } from '../../../contract/errors.ts';
import { api, parseAnswer, setCsrfToken } from '../../lib/api.ts';

export const requestMagicLink = async (email: string): Promise<{ message: string }> =>
  parseAnswer(messageResponse, await api.post<unknown>('/auth/magic-link', { email }), CLIENT_MESSAGES.magicLinkSendFailed);

export const fetchMagicStatus = async (token: string): Promise<MagicStatus> =>
  parseAnswer(magicStatusResponse, await api.get<unknown>('/auth/magic-status', { query: { token } }), CLIENT_MESSAGES.verificationFailed);

/** POST /api/auth/verify-magic. Consumes the token: call it once per link. */
export async function verifyMagicLink(token: string, name?: string): Promise<VerifyMagicResult> {
  const data = await api.post<unknown>('/auth/verify-magic', name === undefined ? { token } : { token, name });
  const result = parseAnswer(verifyMagicResponse, data, CLIENT_MESSAGES.verificationFailed);
  setCsrfToken(result.csrf_token);
  return result;
}
