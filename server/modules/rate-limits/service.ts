import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { sha256 } from '../../lib/crypto.ts';
import * as repo from './repository.ts';

/** How often a process clears ended windows out of the table, on the hit that comes due. */
export const RATE_LIMIT_SWEEP_EVERY_MS = 60_000;

/**
 * The rate-limit counters every web process shares, in the database. A hit answers the caller's count in the
 * current window and the time left in it; once a minute the hit also removes ended windows, so the table holds
 * only callers seen within their window without a job of its own. Keys are stored as their SHA-256: a counter names
 * an address, a user or an email, and the table need not (an erased account leaves nothing behind in it).
 */
export function createSharedRateLimitCounters(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  let lastSweep = Number.NEGATIVE_INFINITY;
  return {
    async hit(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }> {
      const now = clock.now();
      const { count, expiresAt } = await repo.hitCounter(db, sha256(key), now, windowMs);
      if (Math.abs(now.getTime() - lastSweep) >= RATE_LIMIT_SWEEP_EVERY_MS) {
        lastSweep = now.getTime();
        await repo.deleteExpiredCounters(db, now);
      }
      return { count, ttlMs: expiresAt.getTime() - now.getTime() };
    },
  };
}
