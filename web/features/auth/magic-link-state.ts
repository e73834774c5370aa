import type { MagicStatus, VerifyMagicResult } from '../../../contract/auth.ts';
import { DEFAULT_USER_NAME } from '../../../contract/constants.ts';
import { ApiError } from '../../lib/api.ts';
import { safeReturnPath } from '../../lib/session/redirect-state.ts';

export type LinkProblem = 'used' | 'expired' | 'invalid';

/** Spec 1 §2: used first, then expired, then not valid. null when the link can be used. */
export function linkProblem(status: MagicStatus): LinkProblem | null {
  if (status.is_used) return 'used';
  if (status.is_expired) return 'expired';
  if (!status.is_valid) return 'invalid';
  return null;
}

/** A valid link whose address has no account name yet: ask for a name before verifying. */
export function needsName(status: MagicStatus): boolean {
  return !status.user_name || status.user_name.trim() === '';
}

/**
 * The name to send: trimmed, or 'New User' when empty (spec 1 §5), which the server reads as "none given" and names
 * the account from the address.
 */
export function nameToSend(input: string): string {
  return input.trim() || DEFAULT_USER_NAME;
}

/** A verification error that means the link itself is spent or bad. */
export function problemFromError(error: unknown): LinkProblem | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'MAGIC_LINK_USED') return 'used';
  if (error.code === 'MAGIC_LINK_EXPIRED') return 'expired';
  if (error.code === 'MAGIC_LINK_INVALID') return 'invalid';
  return null;
}

/** Where a used link leads: the page it was requested for (checked again here: a same-site path only), else /tools. */
export function pageAfterSignIn(result: Pick<VerifyMagicResult, 'next'>): string {
  return safeReturnPath(result.next) ?? '/tools';
}
