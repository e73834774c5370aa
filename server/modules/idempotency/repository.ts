import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema/index.ts';
import type { IdempotencyStore, StoredAnswer } from '../../http/idempotency.ts';

type Claim = Parameters<IdempotencyStore['claim']>[0];

const sameKey = (c: Claim) => and(eq(idempotencyKeys.userId, c.userId), eq(idempotencyKeys.key, c.key));
/** Only the claim's own running row: a finished row, or one another claim took over, is left alone. */
const ownRunning = (c: Claim) => and(sameKey(c), eq(idempotencyKeys.requestHash, c.requestHash), isNull(idempotencyKeys.statusCode));

/**
 * Claims a key atomically: a new row, or a stale row taken over in one conditional update (of two takers,
 * PostgreSQL re-checks the condition for the second after the first commits, so one wins). Otherwise answers
 * the row that holds the key. A row deleted between the steps (its call failed) is claimed on the next round.
 */
export async function claim(db: DbOrTx, c: Claim, now: Date, stale: { expiredBefore: Date; abandonedBefore: Date }): Promise<StoredAnswer | null> {
  for (let round = 0; round < 3; round++) {
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ ...c, statusCode: null, response: null, createdAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length === 1) return null;
    const taken = await db
      .update(idempotencyKeys)
      .set({ requestHash: c.requestHash, statusCode: null, response: null, createdAt: now })
      .where(
        and(
          sameKey(c),
          or(lt(idempotencyKeys.createdAt, stale.expiredBefore), and(isNull(idempotencyKeys.statusCode), lt(idempotencyKeys.createdAt, stale.abandonedBefore))),
        ),
      )
      .returning({ key: idempotencyKeys.key });
    if (taken.length === 1) return null;
    const [row] = await db
      .select({ requestHash: idempotencyKeys.requestHash, statusCode: idempotencyKeys.statusCode, response: idempotencyKeys.response })
      .from(idempotencyKeys)
      .where(sameKey(c));
    if (row) return row;
  }
  throw new Error('idempotency key could not be claimed');
}

export async function finish(db: DbOrTx, c: Claim, statusCode: number, response: unknown): Promise<void> {
  await db.update(idempotencyKeys).set({ statusCode, response }).where(ownRunning(c));
}

export async function release(db: DbOrTx, c: Claim): Promise<void> {
  await db.delete(idempotencyKeys).where(ownRunning(c));
}

/** Deletes keys made before `before`; answers how many. */
export async function deleteOlderThan(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before)).returning({ key: idempotencyKeys.key });
  return rows.length;
}
