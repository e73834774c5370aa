import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { PackageSeed } from '../../../contract/credits.ts';
import type { DbOrTx } from '../../db/client.ts';
import { creditPackages, payments, stripeEvents, users } from '../../db/schema/index.ts';

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

/** Keeps the receipt page Stripe gave for a payment's charge. */
export async function setReceiptUrl(db: DbOrTx, paymentId: string, receiptUrl: string): Promise<void> {
  await db.update(payments).set({ receiptUrl }).where(eq(payments.id, paymentId));
}
