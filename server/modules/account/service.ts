import type { Credits, StorageInfo } from '../../../contract/auth.ts';
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

/** What the profile shows besides the user: storage and credits. */
export function createAccountService(deps: {
  storageQuotaGb: number;
  credits: Pick<CreditsService, 'account'>;
  files: Pick<FilesService, 'storageUsed'>;
}) {
  return {
    async storage(userId: string): Promise<StorageInfo> {
      return storageInfo(await deps.files.storageUsed(userId), deps.storageQuotaGb);
    },
    credits: (userId: string): Promise<Credits> => deps.credits.account(userId),
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
