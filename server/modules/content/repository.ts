import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contentItems } from '../../db/schema/index.ts';

export type ContentRow = typeof contentItems.$inferSelect;

export async function insertContent(db: DbOrTx, values: typeof contentItems.$inferInsert): Promise<ContentRow> {
  const [row] = await db.insert(contentItems).values(values).returning();
  return row!;
}

export async function findContent(db: DbOrTx, id: number): Promise<ContentRow | undefined> {
  const [row] = await db.select().from(contentItems).where(eq(contentItems.id, id));
  return row;
}

export async function updateContent(db: DbOrTx, id: number, values: Partial<typeof contentItems.$inferInsert>): Promise<ContentRow | undefined> {
  const [row] = await db.update(contentItems).set(values).where(eq(contentItems.id, id)).returning();
  return row;
}

export async function incrementContentCounter(db: DbOrTx, id: number, counter: 'viewCount' | 'shareCount'): Promise<number> {
  const column = contentItems[counter];
  const [row] = await db
    .update(contentItems)
    .set({ [counter]: sql`${column} + 1` })
    .where(eq(contentItems.id, id))
    .returning({ value: column });
  return row?.value ?? 0;
}
