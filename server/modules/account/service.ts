import type { Profile, StorageInfo, Welcome } from '../../../contract/auth.ts';
import { cmp, normalize } from '../../../contract/decimal.ts';
import type { RequestAuth } from '../../http/session.ts';
import { toPublicUser } from '../auth/service.ts';
import { toCredits } from '../credits/service.ts';

const GB = 1024 ** 3;

/** Storage figures from bytes used and the quota (spec 1 §3 Storage info). */
export function storageInfo(usedBytes: number, quotaGb: number): StorageInfo {
  const quotaBytes = quotaGb * GB;
  return {
    used_bytes: usedBytes,
    used_gb: round(usedBytes / GB, 3),
    quota_gb: quotaGb,
    percentage_used: quotaBytes > 0 ? round((usedBytes / quotaBytes) * 100, 2) : 0,
    available_bytes: Math.max(0, quotaBytes - usedBytes),
  };
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * The newcomer's welcome, only in the session whose sign-in created the account: what the account was given at
 * sign-up, decided in the sign-up transaction and kept on the session (`welcome_bonus`, null on every other session).
 */
export function welcomeOf(welcomeBonus: string | null): Welcome | null {
  if (welcomeBonus === null) return null;
  return { signup_bonus: cmp(welcomeBonus, '0') > 0 ? normalize(welcomeBonus) : '0' };
}

/**
 * The profile: the user, storage, credits, and the welcome of a first session. All of it comes with the session (the
 * guard's one lookup reads the user's storage counter, the credit account and the session's welcome), so the call
 * every page load makes costs no query of its own, in a newcomer's first session as in any other.
 */
export function createAccountService(deps: { storageQuotaGb: number }) {
  return {
    /** An API key's call (no session) gets no CSRF token, which it never needs, and no welcome. */
    profile({ user, session, account }: RequestAuth): Profile {
      return {
        user: toPublicUser(user),
        storage: storageInfo(user.storageUsedBytes, deps.storageQuotaGb),
        credits: toCredits(account),
        csrf_token: session?.csrfToken ?? '',
        welcome: session ? welcomeOf(session.welcomeBonus) : null,
      };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
