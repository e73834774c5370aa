import type { Profile, StorageInfo, Welcome } from '../../../contract/auth.ts';
import type { RequestAuth } from '../../http/session.ts';
import { toPublicUser } from '../auth/service.ts';
import { toCredits, type CreditsService } from '../credits/service.ts';

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

/** How far back the welcome looks for the sign-up bonus: the most transactions one page lists. */
const WELCOME_LEDGER_DEPTH = 200;

/**
 * The profile: the user, storage, credits, and the welcome of a first session. Everything but the welcome comes with the
 * session (the guard's one lookup reads the user's storage counter and the credit account), so the call every page
 * load makes costs no query of its own.
 */
export function createAccountService(deps: { storageQuotaGb: number; credits: Pick<CreditsService, 'transactions'> }) {
  /**
   * The newcomer's welcome, only in the session whose sign-in created the account: what the account was given at
   * sign-up. The bonus is granted in the sign-up transaction, so it is the account's first ledger row when there is
   * one; a package's bonus always follows its purchase, so it is never first.
   */
  async function welcome(userId: string, firstSignIn: boolean): Promise<Welcome | null> {
    if (!firstSignIn) return null;
    const recent = await deps.credits.transactions(userId, WELCOME_LEDGER_DEPTH);
    const first = recent.length < WELCOME_LEDGER_DEPTH ? recent.at(-1) : undefined;
    return { signup_bonus: first?.type === 'bonus' ? first.amount : '0' };
  }

  return {
    async profile({ user, session, account }: RequestAuth): Promise<Profile> {
      return {
        user: toPublicUser(user),
        storage: storageInfo(user.storageUsedBytes, deps.storageQuotaGb),
        credits: toCredits(account),
        csrf_token: session.csrfToken,
        welcome: await welcome(user.id, session.firstSignIn),
      };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
