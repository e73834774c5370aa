import { and, desc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { PROVIDER_PROBLEM_LIMIT, type ProviderProblem } from '../../../contract/admin-providers.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
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
export async function claimGeneration(db: Db, id: string, attempts: number, batchLimit?: number): Promise<GenerationRow | 'busy' | undefined> {
  const claim = (tx: DbOrTx) =>
    tx
      .update(generations)
      .set({ status: 'processing', attempts })
      .where(and(eq(generations.id, id), inArray(generations.status, ['pending', 'processing']), lt(generations.attempts, attempts)))
      .returning()
      .then(([row]) => row);
  const [target] = await db.select({ userId: generations.userId, params: generations.params }).from(generations).where(eq(generations.id, id));
  if (!target || typeof target.params.batch_id !== 'string' || batchLimit === undefined) return claim(db);
  // A batch item: its user's other batch items processing are counted and it is claimed under one lock per user, so
  // two workers claiming at once never both take the last free place ('busy': it waits its turn).
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`batch-claims:${target.userId}`}))`);
    const [running] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(generations)
      .where(and(eq(generations.userId, target.userId), eq(generations.status, 'processing'), sql`${generations.params} ? 'batch_id'`, sql`${generations.id} <> ${id}`));
    if ((running?.n ?? 0) >= batchLimit) return 'busy' as const;
    return claim(tx);
  });
}

/** Fails the unfinished generations a hold covered (its process died); answers the ids it closed. */
export async function failUnfinishedOfHold(
  db: DbOrTx,
  holdId: string,
  values: { errorClass: string; errorMessage: string; error: { code: string; message: string }; completedAt: Date },
): Promise<string[]> {
  const rows = await db
    .update(generations)
    .set({ status: 'failed', ...values })
    .where(and(eq(generations.holdId, holdId), inArray(generations.status, ['pending', 'processing'])))
    .returning({ id: generations.id });
  return rows.map((row) => row.id);
}

/**
 * Locks a generation that is still pending or processing (of this user, when given) for the caller's transaction and
 * answers it; undefined once it has settled (completed, failed, cancelled). Settling takes this lock first.
 */
export async function lockUnsettled(tx: DbOrTx, id: string, userId?: string): Promise<GenerationRow | undefined> {
  const [row] = await tx
    .select()
    .from(generations)
    .where(and(eq(generations.id, id), inArray(generations.status, ['pending', 'processing']), ...(userId ? [eq(generations.userId, userId)] : [])))
    .for('update');
  return row;
}

/** The engine's progress (0-100) of a generation still running. */
export async function setProgress(db: DbOrTx, id: string, progress: number): Promise<void> {
  await db
    .update(generations)
    .set({ progress })
    .where(and(eq(generations.id, id), eq(generations.status, 'processing')));
}

/**
 * Marks a generation whose call stopped waiting (answered 202), while it is still unsettled; answers false when it
 * had settled meanwhile (the call then answers the outcome itself).
 */
export async function detach(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(generations)
    .set({ detached: true })
    .where(and(eq(generations.id, id), inArray(generations.status, ['pending', 'processing'])))
    .returning({ id: generations.id });
  return rows.length > 0;
}

/** A user's unsettled generations, newest first. */
/** A user's unsettled durable generations outside batches (a batch's items are shown by their batch). */
export async function unsettledOf(db: DbOrTx, userId: string, limit: number): Promise<GenerationRow[]> {
  return db
    .select()
    .from(generations)
    .where(
      and(
        eq(generations.userId, userId),
        inArray(generations.status, ['pending', 'processing']),
        sql`${generations.params} ? 'call'`,
        sql`not (${generations.params} ? 'batch_id')`,
      ),
    )
    .orderBy(desc(generations.createdAt))
    .limit(limit);
}

/** A generation by id, whoever owns it (the worker's and the waiting call's read). */
export async function findGeneration(db: DbOrTx, id: string): Promise<GenerationRow | undefined> {
  const [row] = await db.select().from(generations).where(eq(generations.id, id));
  return row;
}

/**
 * The failed generations of the window that recorded a fix, grouped by what to change, newest failure first. The one
 * (System Settings' AI providers).
 */
export async function problemsSince(db: DbOrTx, since: Date): Promise<ProviderProblem[]> {
  const fix = generations.providerFix;
  const at = sql`coalesce(${generations.completedAt}, ${generations.createdAt})`;
  const setting = sql<string>`${fix}->>'setting'`;
  const model = sql<string | null>`${fix}->>'model'`;
  const reason = sql<string>`${fix}->>'reason'`;
  const lastAt = sql`max(${at})`.mapWith(generations.createdAt);
  const rows = await db
    .select({
      provider: generations.provider,
      setting,
      model,
      reason,
      failures: sql<number>`count(*)`.mapWith(Number),
      firstAt: sql`min(${at})`.mapWith(generations.createdAt),
      lastAt,
    })
    .from(generations)
    .where(and(isNotNull(fix), gte(generations.createdAt, since)))
    .groupBy(generations.provider, setting, model, reason)
    .orderBy(desc(lastAt), generations.provider, setting)
    .limit(PROVIDER_PROBLEM_LIMIT);
  return rows.map((r) => ({
    provider: r.provider,
    setting: r.setting,
    model: r.model,
    reason: r.reason,
    failures: r.failures,
    first_at: r.firstAt.toISOString(),
    last_at: r.lastAt.toISOString(),
  }));
}
