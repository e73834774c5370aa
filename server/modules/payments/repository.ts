import { and, asc, desc, eq, gte, isNotNull, isNull, like, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { PackageSeed } from '../../../contract/credits.ts';
import type { DbOrTx } from '../../db/client.ts';
import { creditLedger, creditPackages, payments, stripeEvents, users } from '../../db/schema/index.ts';

export type PackageRow = typeof creditPackages.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

export async function seedPackagesIfEmpty(db: DbOrTx, seeds: readonly PackageSeed[]): Promise<number> {
  const existing = await db.select({ id: creditPackages.id }).from(creditPackages).limit(1);
  if (existing.length > 0) return 0;
  const rows = await db
    .insert(creditPackages)
    .values(
      seeds.map((p, i) => ({
        name: p.name,
        description: p.description,
        priceUsd: p.price_usd,
        credits: p.credits,
        bonusCredits: p.bonus_credits,
        sortOrder: i + 1,
      })),
    )
    .returning({ id: creditPackages.id });
  return rows.length;
}

export async function activePackages(db: DbOrTx): Promise<PackageRow[]> {
  return db.select().from(creditPackages).where(eq(creditPackages.isActive, true)).orderBy(asc(creditPackages.sortOrder));
}

export async function findPackage(db: DbOrTx, id: string): Promise<PackageRow | undefined> {
  const [row] = await db.select().from(creditPackages).where(eq(creditPackages.id, id));
  return row;
}

export async function findPackageByLink(db: DbOrTx, linkId: string): Promise<PackageRow | undefined> {
  const [row] = await db.select().from(creditPackages).where(eq(creditPackages.stripePaymentLinkId, linkId));
  return row;
}

export async function packagesWithoutLink(db: DbOrTx): Promise<PackageRow[]> {
  return db
    .select()
    .from(creditPackages)
    .where(and(eq(creditPackages.isActive, true), isNull(creditPackages.stripePaymentLinkId)));
}

export async function setPaymentLink(db: DbOrTx, id: string, link: { id: string; url: string }): Promise<void> {
  await db.update(creditPackages).set({ stripePaymentLinkId: link.id, stripePaymentLinkUrl: link.url }).where(eq(creditPackages.id, id));
}

/** Records an event id; false when it was recorded before (a replay). */
export async function recordEvent(db: DbOrTx, id: string, type: string, now: Date): Promise<boolean> {
  const rows = await db.insert(stripeEvents).values({ id, type, receivedAt: now }).onConflictDoNothing().returning({ id: stripeEvents.id });
  return rows.length === 1;
}

/** Whether an event id (or a marker kept beside them) was recorded. */
export async function eventRecorded(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, id));
  return !!row;
}

/** The payment of a checkout, locked for the rest of the transaction. */
export async function lockPaymentByProviderId(db: DbOrTx, provider: string, providerId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerId, providerId)))
    .for('update');
  return row;
}

export async function lockPaymentByIntent(db: DbOrTx, paymentIntentId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.paymentIntentId, paymentIntentId)).for('update');
  return row;
}

export async function insertPayment(db: DbOrTx, values: typeof payments.$inferInsert): Promise<void> {
  await db.insert(payments).values(values);
}

/** Inserts the payment of a checkout unless it exists; answers the row either way, locked. */
export async function upsertPayment(db: DbOrTx, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  await db.insert(payments).values(values).onConflictDoNothing({ target: [payments.provider, payments.providerId] });
  return (await lockPaymentByProviderId(db, values.provider, values.providerId))!;
}

export async function updatePayment(db: DbOrTx, id: string, values: Partial<typeof payments.$inferInsert>): Promise<void> {
  await db.update(payments).set(values).where(eq(payments.id, id));
}

export async function findPaymentForUser(db: DbOrTx, providerId: string, userId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.providerId, providerId), eq(payments.userId, userId)));
  return row;
}

export async function userExists(db: DbOrTx, id: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return !!row;
}

/** A user's purchases, newest first, with the package's name (null once the package is gone). */
export async function purchasesOfUser(db: DbOrTx, userId: string, limit: number): Promise<Array<PaymentRow & { packageName: string | null }>> {
  const rows = await db
    .select({ payment: payments, packageName: creditPackages.name })
    .from(payments)
    .leftJoin(creditPackages, eq(creditPackages.id, payments.packageId))
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit);
  return rows.map((r) => ({ ...r.payment, packageName: r.packageName }));
}

/** Marks pending checkouts whose payable_until has passed as expired; answers how many. */
export async function expireCheckouts(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db
    .update(payments)
    .set({ status: 'expired', updatedAt: now })
    .where(and(eq(payments.status, 'pending'), lte(payments.payableUntil, now)))
    .returning({ id: payments.id });
  return rows.length;
}

/** Keeps the receipt page Stripe gave for a payment's charge. */
export async function setReceiptUrl(db: DbOrTx, paymentId: string, receiptUrl: string): Promise<void> {
  await db.update(payments).set({ receiptUrl }).where(eq(payments.id, paymentId));
}

// ---------------------------------------------------------------------------------------------------
// Admin: the transactions list, its stats and export, the payment gaps, the packages editor
// ---------------------------------------------------------------------------------------------------

export interface TransactionFilters {
  /** Inclusive lower bound on created_at. */
  from?: Date;
  /** Exclusive upper bound on created_at. */
  before?: Date;
  status?: PaymentRow['status'];
}

function filterOf(f: TransactionFilters): SQL | undefined {
  return and(
    f.from ? gte(payments.createdAt, f.from) : undefined,
    f.before ? lt(payments.createdAt, f.before) : undefined,
    f.status ? eq(payments.status, f.status) : undefined,
  );
}

export type TransactionRow = PaymentRow & { userName: string | null; userEmail: string | null; packageName: string | null };

const transactionColumns = { payment: payments, userName: users.name, userEmail: users.email, packageName: creditPackages.name };
const toTransaction = (r: { payment: PaymentRow; userName: string | null; userEmail: string | null; packageName: string | null }): TransactionRow => ({
  ...r.payment,
  userName: r.userName,
  userEmail: r.userEmail,
  packageName: r.packageName,
});

/** A page of payments, newest first (created_at, then id, so a page never repeats or skips a row). */
export async function listTransactions(db: DbOrTx, f: TransactionFilters, limit: number, offset: number): Promise<TransactionRow[]> {
  const rows = await db
    .select(transactionColumns)
    .from(payments)
    .leftJoin(users, eq(users.id, payments.userId))
    .leftJoin(creditPackages, eq(creditPackages.id, payments.packageId))
    .where(filterOf(f))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit)
    .offset(offset);
  return rows.map(toTransaction);
}

/**
 * The rows after a given row, newest first (created_at, then id): the export reads every match in batches. The
 * position is the row's stored (created_at, id), compared in SQL: created_at keeps microseconds (a row written with
 * now()), which a JavaScript Date would cut to milliseconds and so skip rows.
 */
export async function transactionsAfter(db: DbOrTx, f: TransactionFilters, afterId: string | null, limit: number): Promise<TransactionRow[]> {
  const position = afterId
    ? sql`(${payments.createdAt}, ${payments.id}) < (select p.created_at, p.id from ${payments} p where p.id = ${afterId})`
    : undefined;
  const rows = await db
    .select(transactionColumns)
    .from(payments)
    .leftJoin(users, eq(users.id, payments.userId))
    .leftJoin(creditPackages, eq(creditPackages.id, payments.packageId))
    .where(and(filterOf(f), position))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit);
  return rows.map(toTransaction);
}

export async function transactionStats(db: DbOrTx, f: TransactionFilters) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      revenue: sql<string>`coalesce(sum(${payments.amountUsd}) filter (where ${payments.status} = 'completed'), 0)::text`,
      fees: sql<string>`coalesce(sum(${payments.stripeFee}), 0)::text`,
      taxes: sql<string>`coalesce(sum(${payments.taxAmount}) filter (where ${payments.status} = 'completed'), 0)::text`,
    })
    .from(payments)
    .where(filterOf(f));
  return { count: Number(row!.count), revenue: row!.revenue, fees: row!.fees, taxes: row!.taxes };
}

export async function findTransaction(db: DbOrTx, id: string): Promise<TransactionRow | undefined> {
  const [row] = await db
    .select(transactionColumns)
    .from(payments)
    .leftJoin(users, eq(users.id, payments.userId))
    .leftJoin(creditPackages, eq(creditPackages.id, payments.packageId))
    .where(eq(payments.id, id));
  return row ? toTransaction(row) : undefined;
}

export async function lockPayment(db: DbOrTx, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).for('update');
  return row;
}

/** The account whose address this is and was confirmed (a link sent to it was used); addresses compare case-blind. */
export async function findVerifiedUserByEmail(db: DbOrTx, email: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNotNull(users.emailVerifiedAt)))
    .limit(1);
  return row?.id;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return row?.id;
}

/** What a ledger row with this key moved (signed), or null when there is none. */
export async function ledgerAmount(db: DbOrTx, idempotencyKey: string): Promise<string | null> {
  const [row] = await db.select({ amount: creditLedger.amount }).from(creditLedger).where(eq(creditLedger.idempotencyKey, idempotencyKey));
  return row?.amount ?? null;
}

/** Whether a refund of this charge took credits (its ledger keys are `refund:<charge>:<cents refunded>`). */
export async function chargeWasRefunded(db: DbOrTx, chargeId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: creditLedger.id })
    .from(creditLedger)
    .where(like(creditLedger.idempotencyKey, `refund:${chargeId.replace(/[\\%_]/g, '\\$&')}:%`))
    .limit(1);
  return !!row;
}

export async function allPackages(db: DbOrTx): Promise<PackageRow[]> {
  return db.select().from(creditPackages).orderBy(asc(creditPackages.sortOrder), asc(creditPackages.createdAt));
}

export async function lockPackage(db: DbOrTx, id: string): Promise<PackageRow | undefined> {
  const [row] = await db.select().from(creditPackages).where(eq(creditPackages.id, id)).for('update');
  return row;
}

export async function insertPackage(db: DbOrTx, values: typeof creditPackages.$inferInsert): Promise<PackageRow> {
  const [row] = await db.insert(creditPackages).values(values).returning();
  return row!;
}

export async function updatePackage(db: DbOrTx, id: string, values: Partial<typeof creditPackages.$inferInsert>): Promise<PackageRow> {
  const [row] = await db.update(creditPackages).set(values).where(eq(creditPackages.id, id)).returning();
  return row!;
}

export async function findPaymentByProviderId(db: DbOrTx, provider: string, providerId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(and(eq(payments.provider, provider), eq(payments.providerId, providerId)));
  return row;
}

/** Fills a payment's Stripe fee unless one is there already (an admin's refresh may have been first). */
export async function setFeeIfEmpty(db: DbOrTx, id: string, fee: string, now: Date): Promise<void> {
  await db.update(payments).set({ stripeFee: fee, updatedAt: now }).where(and(eq(payments.id, id), isNull(payments.stripeFee)));
}
