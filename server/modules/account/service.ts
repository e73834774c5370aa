import type { Credits, StorageInfo } from '../../../contract/auth.ts';

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
 * What the profile shows besides the user: storage and credits.
 * Files and credits are later modules; until they exist a new account has used nothing and holds nothing.
 */
export function createAccountService(deps: { storageQuotaGb: number }) {
  return {
    async storage(_userId: string): Promise<StorageInfo> {
      return storageInfo(0, deps.storageQuotaGb);
    },
    async credits(_userId: string): Promise<Credits> {
      return { balance: '0.00', available_credits: '0.00', lifetime_used: '0.00', lifetime_purchased: '0.00' };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
