import { and, desc, eq, ilike, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { generations, transcriptions, type TranscriptionRow } from '../../db/schema/index.ts';

export type NewTranscription = typeof transcriptions.$inferInsert;

/** A transcription with what its generation says: a sweep or a crash may have failed the generation first. */
export interface TranscriptionView extends TranscriptionRow {
  generationStatus: string | null;
  generationError: string | null;
}

const columns = {
  row: transcriptions,
  generationStatus: generations.status,
  generationError: generations.errorMessage,
};

function flatten(r: { row: TranscriptionRow; generationStatus: string | null; generationError: string | null }): TranscriptionView {
  return { ...r.row, generationStatus: r.generationStatus, generationError: r.generationError };
}

export async function insert(db: DbOrTx, values: NewTranscription): Promise<TranscriptionRow> {
  const [row] = await db.insert(transcriptions).values(values).returning();
  return row!;
}

export async function update(db: DbOrTx, id: string, values: Partial<NewTranscription>): Promise<TranscriptionRow | undefined> {
  const [row] = await db.update(transcriptions).set(values).where(eq(transcriptions.id, id)).returning();
  return row;
}

export async function findOwn(db: DbOrTx, userId: string, id: string): Promise<TranscriptionView | undefined> {
  const [r] = await db
    .select(columns)
    .from(transcriptions)
    .leftJoin(generations, eq(generations.id, transcriptions.generationId))
    .where(and(eq(transcriptions.id, id), eq(transcriptions.userId, userId)));
  return r ? flatten(r) : undefined;
}

export async function findByGeneration(db: DbOrTx, generationId: string): Promise<TranscriptionRow | undefined> {
  const [row] = await db.select().from(transcriptions).where(eq(transcriptions.generationId, generationId));
  return row;
}

export async function listOwn(db: DbOrTx, userId: string, q: { search?: string; source?: string; limit: number }): Promise<TranscriptionView[]> {
  const conditions = [eq(transcriptions.userId, userId)];
  if (q.source) conditions.push(eq(transcriptions.source, q.source as TranscriptionRow['source']));
  if (q.search) {
    const pattern = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(ilike(transcriptions.title, pattern), ilike(transcriptions.rawTranscription, pattern), ilike(transcriptions.refinedContent, pattern))!,
    );
  }
  const rows = await db
    .select(columns)
    .from(transcriptions)
    .leftJoin(generations, eq(generations.id, transcriptions.generationId))
    .where(and(...conditions))
    .orderBy(desc(transcriptions.createdAt), desc(transcriptions.id))
    .limit(q.limit);
  return rows.map(flatten);
}

export async function remove(db: DbOrTx, id: string): Promise<void> {
  await db.delete(transcriptions).where(eq(transcriptions.id, id));
}

