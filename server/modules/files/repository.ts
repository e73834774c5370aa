import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { files, users } from '../../db/schema/index.ts';

export type FileRow = typeof files.$inferSelect;
export type NewFile = typeof files.$inferInsert;

/**
 * Records a file row and adds its bytes to its owner's storage counter (`users.storage_used_bytes`), in the caller's
 * transaction so the two never disagree. With `quotaBytes`, the counter moves only if the file fits (one conditional
 * update, which also makes parallel uploads wait for each other's commit): null when it does not, and nothing changed.
 */
export async function insertFile(tx: Tx, values: NewFile, options: { quotaBytes?: number } = {}): Promise<FileRow | null> {
  const bytes = values.sizeBytes + (values.thumbnailSizeBytes ?? 0);
  const fits = options.quotaBytes === undefined ? undefined : sql`${users.storageUsedBytes} + ${bytes} <= ${options.quotaBytes}`;
  const counted = await tx
    .update(users)
    .set({ storageUsedBytes: sql`${users.storageUsedBytes} + ${bytes}` })
    .where(and(eq(users.id, values.userId), fits))
    .returning({ id: users.id });
  if (fits && counted.length === 0) return null;
  const [row] = await tx.insert(files).values(values).returning();
  return row!;
}

export async function findFile(db: DbOrTx, id: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.id, id));
  return row;
}

/**
 * A user's files, newest first. The order is spelled exactly as the (user, category | tool, created_at DESC NULLS LAST,
 * id DESC NULLS LAST) indexes store it: a plain DESC means NULLS FIRST, which those indexes cannot give, and PostgreSQL
 * then reads and sorts every one of the user's files for each page. Keyset paging (after a cursor) is one row
 * comparison the index seeks to, so a page by cursor costs the same at any depth; plain offsets are kept for the spec's
 * `offset` parameter.
 */
export async function listFiles(db: DbOrTx, q: FileListQuery): Promise<FileRow[]> {
  return listFilesQuery(db, q);
}

export type FileListQuery = {
  userId: string;
  category: string;
  tool?: string;
  limit: number;
  offset: number;
  after?: { createdAt: Date; id: string };
};

/** The query of listFiles, unexecuted (its plan is checked by a test). */
export function listFilesQuery(db: DbOrTx, q: FileListQuery) {
  const conditions = [eq(files.userId, q.userId), eq(files.category, q.category)];
  if (q.tool) conditions.push(eq(files.toolName, q.tool));
  if (q.after) {
    conditions.push(sql`(${files.createdAt}, ${files.id}) < (${q.after.createdAt.toISOString()}::timestamptz, ${q.after.id}::uuid)`);
  }
  return db
    .select()
    .from(files)
    .where(and(...conditions))
    .orderBy(sql`${files.createdAt} desc nulls last`, sql`${files.id} desc nulls last`)
    .limit(q.limit)
    .offset(q.after ? 0 : q.offset);
}

export async function listForClear(db: DbOrTx, userId: string, tool?: string): Promise<FileRow[]> {
  const conditions = [eq(files.userId, userId), eq(files.category, 'image')];
  if (tool) conditions.push(eq(files.toolName, tool));
  return db.select().from(files).where(and(...conditions));
}

/**
 * Deletes a file row and takes its bytes off its owner's storage counter in one statement (so in one transaction,
 * whoever calls it); safe to repeat: a row already gone changes nothing.
 */
export async function deleteFileRow(db: DbOrTx, id: string): Promise<void> {
  await db.execute(sql`
    with gone as (delete from files where id = ${id} returning user_id, size_bytes + thumbnail_size_bytes as bytes)
    update users set storage_used_bytes = users.storage_used_bytes - gone.bytes from gone where users.id = gone.user_id`);
}

export async function updateFile(db: DbOrTx, id: string, values: Partial<NewFile>): Promise<FileRow | undefined> {
  const [row] = await db.update(files).set(values).where(eq(files.id, id)).returning();
  return row;
}

export async function incrementCounter(db: DbOrTx, id: string, counter: 'viewCount' | 'shareCount'): Promise<number> {
  const column = files[counter];
  const [row] = await db
    .update(files)
    .set({ [counter]: sql`${column} + 1` })
    .where(eq(files.id, id))
    .returning({ value: column });
  return row?.value ?? 0;
}

export async function expiredFiles(db: DbOrTx, now: Date, limit: number): Promise<FileRow[]> {
  return db
    .select()
    .from(files)
    .where(and(isNotNull(files.expiresAt), lt(files.expiresAt, now)))
    .limit(limit);
}

/** What a user's files take, from the counter the file writes keep (for a quick refusal before any work). */
export async function storageUsed(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ used: users.storageUsedBytes }).from(users).where(eq(users.id, userId));
  return row?.used ?? 0;
}

const KEY_ID = /^(?:files|thumbs)\/[^/]+\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\./;

/**
 * Which of these storage keys a file row names (as its object or thumbnail). Keys carry the file id, so the
 * lookup goes by primary key; a key with no id (a temp file) has no row.
 */
export async function keysWithRows(db: DbOrTx, keys: string[]): Promise<Set<string>> {
  const ids = [...new Set(keys.map((k) => KEY_ID.exec(k)?.[1]).filter((id): id is string => !!id))];
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ storageKey: files.storageKey, thumbnailKey: files.thumbnailKey })
    .from(files)
    .where(inArray(files.id, ids));
  const known = new Set<string>();
  for (const r of rows) {
    known.add(r.storageKey);
    if (r.thumbnailKey) known.add(r.thumbnailKey);
  }
  return known;
}
