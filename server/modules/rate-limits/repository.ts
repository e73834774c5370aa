import { lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rateLimits } from '../../db/schema/index.ts';

/**
 * One hit on a fixed-window counter, in one atomic statement: a new key (or one whose window has run out) starts at
 * 1 with a window ending `windowMs` from now; a live one counts up and keeps its end. Concurrent hits from any
 * number of processes serialise on the row, so each sees its own count.
 */
export async function hitCounter(db: DbOrTx, key: string, now: Date, windowMs: number): Promise<{ count: number; expiresAt: Date }> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const expired = sql`${rateLimits.expiresAt} <= ${at}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, expiresAt: new Date(now.getTime() + windowMs) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        expiresAt: sql`case when ${expired} then excluded.expires_at else ${rateLimits.expiresAt} end`,
      },
    })
    .returning({ count: rateLimits.count, expiresAt: rateLimits.expiresAt });
  return row!;
}

/** Housekeeping: counters whose window has ended (a later hit would start them again anyway). */
export async function deleteExpiredCounters(db: DbOrTx, now: Date): Promise<number> {
  const removed = await db.delete(rateLimits).where(lt(rateLimits.expiresAt, now)).returning({ key: rateLimits.key });
  return removed.length;
}
