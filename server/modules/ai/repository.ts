import { and, eq, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { generations } from '../../db/schema/index.ts';

export type GenerationRow = typeof generations.$inferSelect;
export type NewGeneration = typeof generations.$inferInsert;

export async function insertGeneration(db: DbOrTx, values: NewGeneration): Promise<GenerationRow> {
  const [row] = await db.insert(generations).values(values).returning();
  return row!;
}

export async function updateGeneration(db: DbOrTx, id: string, values: Partial<NewGeneration>): Promise<GenerationRow | undefined> {
  const [row] = await db.update(generations).set(values).where(eq(generations.id, id)).returning();
  return row;
}

export async function findUserGeneration(db: DbOrTx, id: string, userId: string): Promise<GenerationRow | undefined> {
  const [row] = await db
    .select()
    .from(generations)
    .where(and(eq(generations.id, id), eq(generations.userId, userId)));
  return row;
}

/**
 * Claims attempt number `attempts` (from 1) of a queued generation: pending, or processing under an earlier attempt
 * whose worker died, becomes processing, in one conditional update. Answers the row only to the one caller that
 * claimed it: a settled generation, or one this attempt already claimed, answers undefined.
 */
export async function claimGeneration(db: DbOrTx, id: string, attempts: number): Promise<GenerationRow | undefined> {
  const [row] = await db
    .update(generations)
    .set({ status: 'processing', attempts })
    .where(and(eq(generations.id, id), inArray(generations.status, ['pending', 'processing']), lt(generations.attempts, attempts)))
    .returning();
  return row;
}

/** Fails the unfinished generations a hold covered (its process died); answers how many it closed. */
export async function failUnfinishedOfHold(
  db: DbOrTx,
  holdId: string,
  values: { errorClass: string; errorMessage: string; completedAt: Date },
): Promise<number> {
  const rows = await db
    .update(generations)
    .set({ status: 'failed', ...values })
    .where(and(eq(generations.holdId, holdId), inArray(generations.status, ['pending', 'processing'])))
    .returning({ id: generations.id });
  return rows.length;
}
