import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { creditAccounts, creditHolds, creditLedger } from '../../db/schema/index.ts';

export type AccountRow = typeof creditAccounts.$inferSelect;
export type HoldRow = typeof creditHolds.$inferSelect;
export type LedgerRow = typeof creditLedger.$inferSelect;
export type LedgerType = 'purchase' | 'bonus' | 'usage' | 'refund' | 'adjustment';

export async function ensureAccount(db: DbOrTx, userId: string): Promise<void> {
  await db.insert(creditAccounts).values({ userId }).onConflictDoNothing();
}

export async function getAccount(db: DbOrTx, userId: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(creditAccounts).where(eq(creditAccounts.userId, userId));
  return row;
}

/** Locks the account row until the transaction ends. */
export async function lockAccount(tx: DbOrTx, userId: string): Promise<AccountRow | undefined> {
  const [row] = await tx.select().from(creditAccounts).where(eq(creditAccounts.userId, userId)).for('update');
  return row;
}

/** The ledger row with this idempotency key, if any (read it with the account locked). */
export async function ledgerByKey(db: DbOrTx, key: string): Promise<LedgerRow | undefined> {
  const [row] = await db.select().from(creditLedger).where(eq(creditLedger.idempotencyKey, key));
  return row;
}

/** Whether a ledger row with this idempotency key exists (check it with the account locked). */
export async function ledgerKeyExists(db: DbOrTx, key: string): Promise<boolean> {
  const [row] = await db.select({ id: creditLedger.id }).from(creditLedger).where(eq(creditLedger.idempotencyKey, key));
  return !!row;
}

/**
 * Applies a signed amount to the balance and appends the ledger row, in the caller's transaction
 * (with the account locked). `usage` raises lifetime_used; `purchase` raises lifetime_purchased.
 */
export async function appendLedger(
  tx: DbOrTx,
  entry: {
    userId: string;
    type: LedgerType;
    amount: string;
    description: string;
    generationType?: string | null;
    idempotencyKey: string;
    now: Date;
    /** Also releases this much of the held amount in the same update (capturing a hold). */
    releaseHeld?: string;
    /** The admin who made a manual adjustment. */
    actorId?: string | null;
  },
): Promise<LedgerRow> {
  const amount = sql`${entry.amount}::numeric`;
  const [account] = await tx
    .update(creditAccounts)
    .set({
      balance: sql`${creditAccounts.balance} + ${amount}`,
      held: entry.releaseHeld ? sql`${creditAccounts.held} - ${entry.releaseHeld}::numeric` : creditAccounts.held,
      lifetimeUsed: entry.type === 'usage' ? sql`${creditAccounts.lifetimeUsed} - ${amount}` : creditAccounts.lifetimeUsed,
      lifetimePurchased:
        entry.type === 'purchase' ? sql`${creditAccounts.lifetimePurchased} + ${amount}` : creditAccounts.lifetimePurchased,
      updatedAt: entry.now,
    })
    .where(eq(creditAccounts.userId, entry.userId))
    .returning();
  if (!account) throw new Error(`no credit account for ${entry.userId}`);
  const [row] = await tx
    .insert(creditLedger)
    .values({
      userId: entry.userId,
      type: entry.type,
      amount: entry.amount,
      balanceAfter: account.balance,
      description: entry.description,
      generationType: entry.generationType ?? null,
      idempotencyKey: entry.idempotencyKey,
      actorId: entry.actorId ?? null,
      createdAt: entry.now,
    })
    .returning();
  return row!;
}

/** Reserves credits in one statement: succeeds only while balance - held covers the amount. */
export async function reserve(tx: DbOrTx, userId: string, amount: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(creditAccounts)
    .set({ held: sql`${creditAccounts.held} + ${amount}::numeric`, updatedAt: now })
    .where(and(eq(creditAccounts.userId, userId), sql`${creditAccounts.balance} - ${creditAccounts.held} >= ${amount}::numeric`))
    .returning({ userId: creditAccounts.userId });
  return rows.length === 1;
}

export async function unreserve(tx: DbOrTx, userId: string, amount: string, now: Date): Promise<void> {
  await tx
    .update(creditAccounts)
    .set({ held: sql`${creditAccounts.held} - ${amount}::numeric`, updatedAt: now })
    .where(eq(creditAccounts.userId, userId));
}

export async function insertHold(
  tx: DbOrTx,
  values: { userId: string; amount: string; serviceType: string; serviceVariant: string; description: string; now: Date; expiresAt: Date },
): Promise<HoldRow> {
  const [row] = await tx
    .insert(creditHolds)
    .values({ ...values, createdAt: values.now, status: 'open' })
    .returning();
  return row!;
}

/**
 * Moves an open hold to captured (charging at most its amount) or released, in one statement;
 * answers the hold only to the caller that settled it.
 */
export async function settleHold(
  tx: DbOrTx,
  holdId: string,
  status: 'captured' | 'released',
  now: Date,
  /** When capturing: charge at most this (the real cost); the full amount when absent. */
  maxCharge?: string,
): Promise<HoldRow | undefined> {
  const captured =
    status === 'released' ? null : maxCharge === undefined ? creditHolds.amount : sql`least(${maxCharge}::numeric, ${creditHolds.amount})`;
  const [row] = await tx
    .update(creditHolds)
    .set({ status, capturedAmount: captured, settledAt: now })
    .where(and(eq(creditHolds.id, holdId), eq(creditHolds.status, 'open')))
    .returning();
  return row;
}

export async function getHold(db: DbOrTx, holdId: string): Promise<HoldRow | undefined> {
  const [row] = await db.select().from(creditHolds).where(eq(creditHolds.id, holdId));
  return row;
}

export async function expiredOpenHolds(db: DbOrTx, now: Date, limit: number): Promise<HoldRow[]> {
  return db
    .select()
    .from(creditHolds)
    .where(and(eq(creditHolds.status, 'open'), lt(creditHolds.expiresAt, now)))
    .limit(limit);
}

export async function listTransactions(db: DbOrTx, userId: string, limit: number): Promise<LedgerRow[]> {
  return db
    .select()
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
    .orderBy(desc(creditLedger.seq))
    .limit(limit);
}

/** Sum of a user's ledger rows: must always equal the balance. */
export async function ledgerSum(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${creditLedger.amount}), 0)::numeric(14,4)::text` })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  return row?.total ?? '0.0000';
}

export async function openHoldSum(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${creditHolds.amount}), 0)::numeric(14,4)::text` })
    .from(creditHolds)
    .where(and(eq(creditHolds.userId, userId), eq(creditHolds.status, 'open')));
  return row?.total ?? '0.0000';
}
