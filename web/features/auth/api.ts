/** The magic-link calls of the sign-in pages (spec 1 §7); the session itself is web/lib/session. */
import {
  confirmEmailChangeResponse,
  emailChangeStatusResponse,
  magicStatusResponse,
  messageResponse,
  sessionResponse,
  verifyMagicResponse,
  type EmailChangeConfirmed,
  type EmailChangeStatus,
  type MagicStatus,
  type SessionResponse,
  type VerifyMagicResult,
} from '../../../contract/auth.ts';
import { CLIENT_MESSAGES } from '../../../contract/errors.ts';
import { api, parseAnswer, setCsrfToken } from '../../lib/api.ts';

/** POST /api/auth/magic-link; `next`, the page the visitor wanted, is kept with the link and given back when it is used. */
export const requestMagicLink = async ({ email, next }: { email: string; next?: string | null }): Promise<{ message: string }> =>
  parseAnswer(
    messageResponse,
    await api.post<unknown>('/auth/magic-link', next ? { email, next } : { email }),
    CLIENT_MESSAGES.magicLinkSendFailed,
  );

export const fetchMagicStatus = async (token: string): Promise<MagicStatus> =>
  parseAnswer(magicStatusResponse, await api.get<unknown>('/auth/magic-status', { query: { token } }), CLIENT_MESSAGES.verificationFailed);

/** POST /api/auth/verify-magic. Consumes the token: call it once per link. */
export async function verifyMagicLink(token: string, name?: string): Promise<VerifyMagicResult> {
  const data = await api.post<unknown>('/auth/verify-magic', name === undefined ? { token } : { token, name });
  const result = parseAnswer(verifyMagicResponse, data, CLIENT_MESSAGES.verificationFailed);
  setCsrfToken(result.csrf_token);
  return result;
}

/** POST /api/auth/login: a password works only on an address proven by a link (the server says so otherwise). */
export async function loginWithPassword({ email, password }: { email: string; password: string }): Promise<SessionResponse> {
  const result = parseAnswer(sessionResponse, await api.post<unknown>('/auth/login', { email, password }), CLIENT_MESSAGES.requestFailed);
  setCsrfToken(result.csrf_token);
  return result;
}

/** GET /api/auth/email-change: what a change-of-email link would do, and whether this browser is signed in to its account. */
export const fetchEmailChangeStatus = async (token: string): Promise<EmailChangeStatus> =>
  parseAnswer(emailChangeStatusResponse, await api.get<unknown>('/auth/email-change', { query: { token } }), CLIENT_MESSAGES.verificationFailed);

/** POST /api/auth/confirm-email: signed in to the account that asked; the session stays, every other one ends. */
export const confirmEmailChange = async (token: string): Promise<EmailChangeConfirmed> =>
  parseAnswer(confirmEmailChangeResponse, await api.post<unknown>('/auth/confirm-email', { token }), CLIENT_MESSAGES.verificationFailed);
