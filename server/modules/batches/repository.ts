import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { batches, batchItems, files, generations } from '../../db/schema/index.ts';

export type BatchRow = typeof batches.$inferSelect;
export type BatchItemRow = typeof batchItems.$inferSelect;
export type GenerationRow = typeof generations.$inferSelect;
/** An item with its current generation (none when it was refused before any hold, or is being held). */
export type ItemWithGeneration = BatchItemRow & { generation: GenerationRow | null };

export async function insertBatch(
  tx: DbOrTx,
  batch: typeof batches.$inferInsert,
  items: Array<Omit<typeof batchItems.$inferInsert, 'batchId'>>,
): Promise<{ batch: BatchRow; items: BatchItemRow[] }> {
  const [row] = await tx.insert(batches).values(batch).returning();
  const rows = await tx
    .insert(batchItems)
    .values(items.map((item) => ({ ...item, batchId: row!.id })))
    .returning();
  return { batch: row!, items: rows.sort((a, b) => a.position - b.position) };
}

export async function findUserBatch(db: DbOrTx, id: string, userId: string): Promise<BatchRow | undefined> {
  const [row] = await db
    .select()
    .from(batches)
    .where(and(eq(batches.id, id), eq(batches.userId, userId)));
  return row;
}

export async function findBatch(db: DbOrTx, id: string): Promise<BatchRow | undefined> {
  const [row] = await db.select().from(batches).where(eq(batches.id, id));
  return row;
}

export async function deleteBatch(db: DbOrTx, id: string): Promise<void> {
  await db.delete(batches).where(eq(batches.id, id));
}

/** The items of these batches with their current generations, in order. */
export async function itemsOf(db: DbOrTx, batchIds: string[]): Promise<ItemWithGeneration[]> {
  if (batchIds.length === 0) return [];
  const rows = await db
    .select({ item: batchItems, generation: generations })
    .from(batchItems)
    .leftJoin(generations, eq(generations.id, batchItems.generationId))
    .where(inArray(batchItems.batchId, batchIds))
    .orderBy(asc(batchItems.batchId), asc(batchItems.position));
  return rows.map((r) => ({ ...r.item, generation: r.generation }));
}

export async function setItemGeneration(db: DbOrTx, itemId: string, generationId: string | null): Promise<void> {
  await db.update(batchItems).set({ generationId, dispatchedAt: null, error: null }).where(eq(batchItems.id, itemId));
}

export async function markDispatched(db: DbOrTx, itemId: string, at: Date): Promise<void> {
  await db.update(batchItems).set({ dispatchedAt: at }).where(eq(batchItems.id, itemId));
}

/** The item a generation runs, with that generation, if it is a batch's. */
export async function itemOfGeneration(db: DbOrTx, generationId: string): Promise<ItemWithGeneration | undefined> {
  const [row] = await db
    .select({ item: batchItems, generation: generations })
    .from(batchItems)
    .innerJoin(generations, eq(generations.id, batchItems.generationId))
    .where(eq(batchItems.generationId, generationId));
  return row && { ...row.item, generation: row.generation };
}

/** A user's batches, newest first; `active` only those not finished. */
export async function listBatches(db: DbOrTx, userId: string, options: { active?: boolean; limit: number }): Promise<BatchRow[]> {
  return db
    .select()
    .from(batches)
    .where(and(eq(batches.userId, userId), options.active ? isNull(batches.finishedAt) : undefined))
    .orderBy(desc(batches.createdAt))
    .limit(options.limit);
}

export async function markCancelled(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db
    .update(batches)
    .set({ cancelledAt: at })
    .where(and(eq(batches.id, id), isNull(batches.cancelledAt)));
}

/**
 * Marks the batch finished when none of its items is waiting or running; answers the row to the one caller that
 * finished it (so it is told once), undefined otherwise.
 */
export async function finishIfSettled(db: DbOrTx, id: string, at: Date): Promise<BatchRow | undefined> {
  const [row] = await db
    .update(batches)
    .set({ finishedAt: at })
    .where(
      and(
        eq(batches.id, id),
        isNull(batches.finishedAt),
        sql`not exists (
          select 1 from ${batchItems} i left join ${generations} g on g.id = i.generation_id
          where i.batch_id = ${batches.id}
            and ((i.generation_id is null and i.error is null) or g.status in ('pending', 'processing'))
        )`,
      ),
    )
    .returning();
  return row;
}

/** A finished batch runs again (a retry queued its failed items). */
export async function reopen(db: DbOrTx, id: string): Promise<void> {
  await db.update(batches).set({ finishedAt: null }).where(eq(batches.id, id));
}

/** Unfinished batches created before `before` (the sweep finishes those whose items all settled). */
export async function unfinishedBefore(db: DbOrTx, before: Date, limit: number): Promise<BatchRow[]> {
  return db
    .select()
    .from(batches)
    .where(and(isNull(batches.finishedAt), lt(batches.createdAt, before)))
    .orderBy(asc(batches.createdAt))
    .limit(limit);
}

/** Held items no worker was ever handed (a process died between the hold and the send): the sweep sends them. */
export async function undispatched(db: DbOrTx, before: Date, limit: number): Promise<ItemWithGeneration[]> {
  const rows = await db
    .select({ item: batchItems, generation: generations })
    .from(batchItems)
    .innerJoin(generations, eq(generations.id, batchItems.generationId))
    .where(and(isNull(batchItems.dispatchedAt), isNotNull(batchItems.generationId), eq(generations.status, 'pending'), lt(generations.createdAt, before)))
    .limit(limit);
  return rows.map((r) => ({ ...r.item, generation: r.generation }));
}

/** The stored objects of these gallery files (a batch's results, for its ZIP). */
export async function storedFiles(db: DbOrTx, ids: string[]): Promise<Array<{ id: string; storageKey: string; fileType: string }>> {
  if (ids.length === 0) return [];
  return db.select({ id: files.id, storageKey: files.storageKey, fileType: files.fileType }).from(files).where(inArray(files.id, ids));
}
