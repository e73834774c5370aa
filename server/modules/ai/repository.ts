import { and, eq, inArray } from 'drizzle-orm';
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

export async function findGeneration(db: DbOrTx, id: string): Promise<GenerationRow | undefined> {
  const [row] = await db.select().from(generations).where(eq(generations.id, id));
  return row;
}

export async function findUserGeneration(db: DbOrTx, id: string, userId: string): Promise<GenerationRow | undefined> {
  const [row] = await db
    .select()
    .from(generations)
    .where(and(eq(generations.id, id), eq(generations.userId, userId)));
  return row;
}

/** Moves a job's generation from pending to processing once; answers it only to the worker that claimed it. */
export async function claimGeneration(db: DbOrTx, id: string, attempt: number): Promise<GenerationRow | undefined> {
  const [row] = await db
    .update(generations)
    .set({ status: 'processing', attempts: attempt })
    .where(and(eq(generations.id, id), eq(generations.status, 'pending')))
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
