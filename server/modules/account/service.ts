import type { Credits, StorageInfo, Welcome } from '../../../contract/auth.ts';
import type { CreditsService } from '../credits/service.ts';
import type { FilesService } from '../files/service.ts';

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

/** What the profile shows besides the user: storage, credits, and the welcome of a first session. */
export function createAccountService(deps: {
  storageQuotaGb: number;
  credits: Pick<CreditsService, 'account' | 'transactions'>;
  files: Pick<FilesService, 'storageUsed'>;
}) {
  return {
    async storage(userId: string): Promise<StorageInfo> {
      return storageInfo(await deps.files.storageUsed(userId), deps.storageQuotaGb);
    },
    credits: (userId: string): Promise<Credits> => deps.credits.account(userId),

    /**
     * The newcomer's welcome, only in the session whose sign-in created the account: what the account was given at
     * sign-up. The bonus is granted in the sign-up transaction, so it is the account's first ledger row when there is
     * one; a package's bonus always follows its purchase, so it is never first.
     */
    async welcome(userId: string, firstSignIn: boolean): Promise<Welcome | null> {
      if (!firstSignIn) return null;
      const recent = await deps.credits.transactions(userId, WELCOME_LEDGER_DEPTH);
      const first = recent.length < WELCOME_LEDGER_DEPTH ? recent.at(-1) : undefined;
      return { signup_bonus: first?.type === 'bonus' ? first.amount : '0' };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
