import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx, Statement } from '../../db/client.ts';
import { apiKeys, creditAccounts, creditHolds, creditLedger, generations } from '../../db/schema/index.ts';
export { emailOf } from '../../db/user-rows.ts';

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

/**
 * The ledger's hot path runs the SQL functions of migration 0019 (credit_hold, credit_capture, credit_release): one
 * statement, one round trip and one implicit transaction each, their inner plans cached by the session. Their results
 * are text (numbers cast in SQL, times as ISO 8601 whatever the DateStyle), so both drivers answer them alike.
 */
const HOLD: Statement = {
  name: 'credit_hold',
  text: `select hold_id::text, available, capped, cap, spent from credit_hold($1::uuid, $2::numeric, $3, $4, $5, $6::timestamptz, $7::timestamptz, $8::uuid)`,
};
const CAPTURE: Statement = {
  name: 'credit_capture',
  text: `select outcome, charged, low_balance, balance from credit_capture($1::uuid, $2::numeric, $3, $4, $5::timestamptz)`,
};
const RELEASE: Statement = {
  name: 'credit_release',
  text: `select id::text, user_id::text, amount::text, status, service_type, service_variant, description,
    captured_amount::text, api_key_id::text, to_json(created_at) #>> '{}' as created_at, to_json(expires_at) #>> '{}' as expires_at,
    to_json(settled_at) #>> '{}' as settled_at
    from credit_release($1::uuid, $2::timestamptz)`,
};

/** A Drizzle database (not a transaction) carries its driver, a pg Pool or a PGlite: both take text and values. */
interface Driver {
  query(query: { name: string; text: string; values: unknown[] } | string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Runs a call's statement and answers its first row. On the database itself it goes straight to the driver (a named,
 * prepared statement on PostgreSQL; PGlite has a single session): Drizzle's query path costs as much as the statement
 * on PGlite. In a transaction it goes through the transaction's Drizzle session, the same text with the same values.
 */
async function call<T>(db: DbOrTx, statement: Statement, values: unknown[]): Promise<T | undefined> {
  const driver = (db as { $client?: Driver }).$client;
  if (driver) {
    const result = 'waitReady' in driver ? await driver.query(statement.text, values) : await driver.query({ ...statement, values });
    return result.rows[0] as T | undefined;
  }
  const parts = statement.text.split(/\$(\d+)/);
  const query = sql.join(parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1]}`)));
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows[0];
}

/** A monthly cap that stopped a hold: the account's or the key's, the cap, and what counts against it this month. */
export interface CapReached {
  capped: 'account' | 'key';
  cap: string;
  spent: string;
}

/**
 * Reserves credits and opens the hold in one statement: the account's `held` grows only while balance - held covers
 * the amount and neither the account's nor the key's monthly cap would be passed, and the hold row is inserted only
 * when it did. Answers the new hold's id; or the cap that stopped it; or the available balance that fell short (null:
 * the user has no account).
 */
export async function openHold(
  db: DbOrTx,
  hold: Pick<HoldRow, 'userId' | 'amount' | 'serviceType' | 'serviceVariant' | 'description' | 'createdAt' | 'expiresAt' | 'apiKeyId'>,
): Promise<{ holdId: string } | ({ holdId: null } & CapReached) | { holdId: null; capped: null; available: string | null }> {
  const row = await call<{ hold_id: string | null; available: string | null; capped: 'account' | 'key' | null; cap: string | null; spent: string | null }>(
    db,
    HOLD,
    [
      hold.userId,
      hold.amount,
      hold.serviceType,
      hold.serviceVariant,
      hold.description,
      hold.createdAt.toISOString(),
      hold.expiresAt.toISOString(),
      hold.apiKeyId,
    ],
  );
  if (row?.hold_id) return { holdId: row.hold_id };
  if (row?.capped) return { holdId: null, capped: row.capped, cap: row.cap!, spent: row.spent! };
  return { holdId: null, capped: null, available: row?.available ?? null };
}

/**
 * Captures an open hold in one statement: the hold row moves to captured first (charging at most its amount), then
 * the account gives back the held amount and takes the charge, and a non-zero charge appends its `usage` ledger row
 * (key `hold:<id>`) with the balance after. `captured` only for the caller that captured it; otherwise what the hold
 * had become (`missing` when there is no such hold).
 */
export async function captureHold(
  db: DbOrTx,
  holdId: string,
  options: {
    now: Date;
    /** Charge at most this (the real cost); the full amount when null. */
    maxCharge: string | null;
    description: string | null;
    generationType: string | null;
  },
): Promise<{ outcome: 'captured' | 'already_captured' | 'released' | 'missing'; charged: string | null; lowBalance: { alert: string; balance: string } | null }> {
  const row = await call<{ outcome: 'captured' | 'already_captured' | 'released' | null; charged: string | null; low_balance: string | null; balance: string | null }>(
    db,
    CAPTURE,
    [
    holdId,
    options.maxCharge,
    options.description,
    options.generationType,
    options.now.toISOString(),
  ]);
  return {
    outcome: row?.outcome ?? 'missing',
    charged: row?.charged ?? null,
    lowBalance: row?.low_balance ? { alert: row.low_balance, balance: row.balance! } : null,
  };
}

type TextRow = Record<
  'id' | 'user_id' | 'amount' | 'status' | 'service_type' | 'service_variant' | 'description' | 'created_at' | 'expires_at',
  string
> &
  Record<'captured_amount' | 'settled_at' | 'api_key_id', string | null>;

/**
 * Releases an open hold in one statement: the hold row moves to released (locked first), then the account gives the
 * held amount back. Answers the hold only to the caller that released it.
 */
export async function releaseHold(db: DbOrTx, holdId: string, now: Date): Promise<HoldRow | undefined> {
  const row = await call<TextRow>(db, RELEASE, [holdId, now.toISOString()]);
  if (!row) return undefined;
  return {
    id: row.id,
    userId: row.user_id,
    amount: row.amount,
    status: row.status as HoldRow['status'],
    serviceType: row.service_type,
    serviceVariant: row.service_variant,
    description: row.description,
    capturedAmount: row.captured_amount,
    apiKeyId: row.api_key_id,
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
    settledAt: row.settled_at === null ? null : new Date(row.settled_at),
  };
}

export async function getHold(db: DbOrTx, holdId: string): Promise<HoldRow | undefined> {
  const [row] = await db.select().from(creditHolds).where(eq(creditHolds.id, holdId));
  return row;
}

/** Moves an open hold's expiry to `expiresAt` (a queued batch item's long hold, once a worker starts its work). */
export async function renewHold(db: DbOrTx, holdId: string, expiresAt: Date): Promise<boolean> {
  const rows = await db
    .update(creditHolds)
    .set({ expiresAt })
    .where(and(eq(creditHolds.id, holdId), eq(creditHolds.status, 'open')))
    .returning({ id: creditHolds.id });
  return rows.length > 0;
}

export async function expiredOpenHolds(db: DbOrTx, now: Date, limit: number): Promise<HoldRow[]> {
  return db
    .select()
    .from(creditHolds)
    .where(and(eq(creditHolds.status, 'open'), lt(creditHolds.expiresAt, now)))
    .limit(limit);
}

/**
 * A user's newest ledger rows, each with the generation a usage line paid for (its key is `hold:<the hold's id>`,
 * and the generation records its hold): the receipt the list links to.
 */
export async function listTransactions(db: DbOrTx, userId: string, limit: number): Promise<Array<LedgerRow & { generationId: string | null }>> {
  const rows = await db
    .select({ ledger: creditLedger, generationId: generations.id })
    .from(creditLedger)
    .leftJoin(
      generations,
      sql`${generations.holdId} = (case when ${creditLedger.idempotencyKey} like 'hold:%' then substr(${creditLedger.idempotencyKey}, 6)::uuid end)
        and ${generations.userId} = ${creditLedger.userId}`,
    )
    .where(eq(creditLedger.userId, userId))
    .orderBy(desc(creditLedger.seq))
    .limit(limit);
  return rows.map((r) => ({ ...r.ledger, generationId: r.generationId }));
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

/** Sets the account's spending limits (null: none); the crossing time of the alert starts again with a new alert. */
export async function setSpendingLimits(db: DbOrTx, userId: string, limits: { monthlyCap: string | null; lowBalanceAlert: string | null; now: Date }): Promise<void> {
  await db
    .update(creditAccounts)
    .set({
      monthlyCap: limits.monthlyCap,
      lowBalanceAlert: limits.lowBalanceAlert,
      lowBalanceSince: sql`case when ${creditAccounts.lowBalanceAlert} is not distinct from ${limits.lowBalanceAlert}::numeric then ${creditAccounts.lowBalanceSince} end`,
      updatedAt: limits.now,
    })
    .where(eq(creditAccounts.userId, userId));
}

/** An API key's monthly cap and what counts against it in `month` (its captures then, and what it holds now). */
export async function keySpending(db: DbOrTx, keyId: string, month: string): Promise<{ cap: string | null; spent: string } | undefined> {
  const [row] = await db
    .select({
      cap: apiKeys.monthlyCap,
      spent: sql<string>`((case when ${apiKeys.spentMonth} = ${month}::date then ${apiKeys.spentInMonth} else 0 end)
        + coalesce((select sum(h.amount) from credit_holds h where h.api_key_id = ${apiKeys.id} and h.status = 'open'), 0))::text`,
    })
    .from(apiKeys)
    .where(eq(apiKeys.id, keyId));
  return row;
}
