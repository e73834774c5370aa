import { and, asc, desc, eq, gt, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  contentItems,
  creditAccounts,
  creditPackages,
  creditHolds,
  creditLedger,
  dataExports,
  deletedAccounts,
  deletedEmailHashes,
  files,
  generations,
  magicLinks,
  payments,
  serverSecrets,
  telegramLinks,
  transcriptions,
  users,
  visits,
  type DataExportRow,
} from '../../db/schema/index.ts';

export type { DataExportRow };

// ---- Exports ----------------------------------------------------------------------------------------------------

/** A new pending export; undefined when one is already pending or running (the partial unique index decides). */
export async function insertExport(db: DbOrTx, userId: string, now: Date): Promise<DataExportRow | undefined> {
  const [row] = await db
    .insert(dataExports)
    .values({ userId, createdAt: now })
    .onConflictDoNothing({ target: dataExports.userId, where: sql`${dataExports.status} in ('pending','running')` })
    .returning();
  return row;
}

export async function findExport(db: DbOrTx, id: string): Promise<DataExportRow | undefined> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
  return row;
}

export async function findActiveExport(db: DbOrTx, userId: string): Promise<DataExportRow | undefined> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), inArray(dataExports.status, ['pending', 'running'])));
  return row;
}

export async function latestExport(db: DbOrTx, userId: string): Promise<DataExportRow | undefined> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.userId, userId)).orderBy(desc(dataExports.createdAt), desc(dataExports.id)).limit(1);
  return row;
}

/** Takes a pending export, or one a dead worker left running (a retry); a settled or deleted one answers undefined. */
export async function claimExport(db: DbOrTx, id: string, now: Date): Promise<DataExportRow | undefined> {
  const [row] = await db
    .update(dataExports)
    .set({ status: 'running', startedAt: now, attempts: sql`${dataExports.attempts} + 1` })
    .where(and(eq(dataExports.id, id), inArray(dataExports.status, ['pending', 'running'])))
    .returning();
  return row;
}

/** Marks a running export ready; false when it is gone (the account was deleted meanwhile) or no longer running. */
export async function finishExport(db: DbOrTx, id: string, values: { storageKey: string; sizeBytes: number; now: Date; expiresAt: Date }): Promise<boolean> {
  const rows = await db
    .update(dataExports)
    .set({ status: 'ready', storageKey: values.storageKey, sizeBytes: values.sizeBytes, completedAt: values.now, expiresAt: values.expiresAt, error: null })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, 'running')))
    .returning({ id: dataExports.id });
  return rows.length > 0;
}

export async function failExport(db: DbOrTx, id: string, error: string, now: Date): Promise<void> {
  await db
    .update(dataExports)
    .set({ status: 'failed', error, completedAt: now })
    .where(and(eq(dataExports.id, id), inArray(dataExports.status, ['pending', 'running'])));
}

/** Ready exports past their 24 hours. */
export async function expiredExports(db: DbOrTx, now: Date, limit: number): Promise<DataExportRow[]> {
  return db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.status, 'ready'), lt(dataExports.expiresAt, now)))
    .limit(limit);
}

/** Failed exports older than a cutoff (kept a while so the dashboard can say it failed). */
export async function deleteFailedBefore(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db
    .delete(dataExports)
    .where(and(eq(dataExports.status, 'failed'), lt(dataExports.createdAt, before)))
    .returning({ id: dataExports.id });
  return rows.length;
}

export async function pendingExportsBefore(db: DbOrTx, before: Date): Promise<DataExportRow[]> {
  return db
    .select()
    .from(dataExports)
    .where(and(inArray(dataExports.status, ['pending', 'running']), lt(dataExports.createdAt, before)))
    .limit(100);
}

export async function deleteExportRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(dataExports).where(eq(dataExports.id, id));
}

/** Every storage key an export row names, for the orphan sweep. */
export async function exportKeysIn(db: DbOrTx, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.select({ key: dataExports.storageKey }).from(dataExports).where(inArray(dataExports.storageKey, keys));
  return new Set(rows.map((r) => r.key!));
}

// ---- What an export contains: read a page at a time, so no table is held whole -----------------------------------

export async function findUser(db: DbOrTx, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findCreditAccount(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(creditAccounts).where(eq(creditAccounts.userId, userId));
  return row;
}

export async function findTelegramLink(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(telegramLinks).where(eq(telegramLinks.userId, userId));
  return row;
}

export async function ledgerPage(db: DbOrTx, userId: string, afterSeq: number, limit: number) {
  return db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), gt(creditLedger.seq, afterSeq)))
    .orderBy(asc(creditLedger.seq))
    .limit(limit);
}

export async function paymentsOf(db: DbOrTx, userId: string) {
  // A user's purchases are few (one row per checkout); read in one go.
  return db.select().from(payments).where(eq(payments.userId, userId)).orderBy(asc(payments.createdAt), asc(payments.id));
}

/** Keyset pages over (created_at, id) for the tables without a sequence. */
const after = (table: { createdAt: PgColumn; id: PgColumn }, cursor: { createdAt: Date; id: string } | null) =>
  cursor ? or(gt(table.createdAt, cursor.createdAt), and(eq(table.createdAt, cursor.createdAt), gt(table.id, cursor.id))) : undefined;

export async function generationsPage(db: DbOrTx, userId: string, cursor: { createdAt: Date; id: string } | null, limit: number) {
  return db
    .select()
    .from(generations)
    .where(and(eq(generations.userId, userId), after(generations, cursor)))
    .orderBy(asc(generations.createdAt), asc(generations.id))
    .limit(limit);
}

export async function filesPage(db: DbOrTx, userId: string, cursor: { createdAt: Date; id: string } | null, limit: number) {
  return db
    .select()
    .from(files)
    .where(and(eq(files.userId, userId), after(files, cursor)))
    .orderBy(asc(files.createdAt), asc(files.id))
    .limit(limit);
}

export async function transcriptionsPage(db: DbOrTx, userId: string, afterSeq: number, limit: number) {
  return db
    .select()
    .from(transcriptions)
    .where(and(eq(transcriptions.userId, userId), gt(transcriptions.seq, afterSeq)))
    .orderBy(asc(transcriptions.seq))
    .limit(limit);
}

export async function contentPage(db: DbOrTx, userId: string, afterId: number, limit: number) {
  return db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.userId, userId), gt(contentItems.id, afterId)))
    .orderBy(asc(contentItems.id))
    .limit(limit);
}

// ---- Deletion ---------------------------------------------------------------------------------------------------

/** Locks the user row, so two deletions (or a deletion and a sign-in's update) run one after the other. */
export { lockUser } from '../../db/user-rows.ts';

/** Locks the credit account: a hold is placed by updating this row, so none can start while the deletion runs. */
export async function lockCreditAccount(tx: DbOrTx, userId: string) {
  const [row] = await tx.select().from(creditAccounts).where(eq(creditAccounts.userId, userId)).for('update');
  return row;
}

/** The user's pending checkouts, newest first, with their package's name (null once the package is gone). */
export async function pendingPayments(tx: DbOrTx, userId: string) {
  return tx
    .select({
      checkoutId: payments.providerId,
      provider: payments.provider,
      packageId: payments.packageId,
      packageName: creditPackages.name,
      status: payments.status,
      payableUntil: payments.payableUntil,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .leftJoin(creditPackages, eq(creditPackages.id, payments.packageId))
    .where(and(eq(payments.userId, userId), eq(payments.status, 'pending')))
    .orderBy(desc(payments.createdAt));
}

export async function hasOpenHold(tx: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await tx.select({ id: creditHolds.id }).from(creditHolds).where(and(eq(creditHolds.userId, userId), eq(creditHolds.status, 'open'))).limit(1);
  return !!row;
}

/** Every object key the user's files and exports name (originals and thumbnails). */
export async function storageKeysOf(tx: DbOrTx, userId: string): Promise<string[]> {
  const fileKeys = await tx.select({ key: files.storageKey, thumb: files.thumbnailKey }).from(files).where(eq(files.userId, userId));
  const exportKeys = await tx
    .select({ key: dataExports.storageKey })
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), isNotNull(dataExports.storageKey)));
  return [...fileKeys.flatMap((f) => (f.thumb ? [f.key, f.thumb] : [f.key])), ...exportKeys.map((e) => e.key!)];
}

export async function insertDeletedAccount(tx: DbOrTx, closingBalance: string, now: Date): Promise<string> {
  const [row] = await tx.insert(deletedAccounts).values({ closingBalance, deletedAt: now }).returning({ id: deletedAccounts.id });
  return row!.id;
}

/**
 * Hands the ledger rows to the anonymous id. Idempotency keys that embed the user id (`signup:<user id>`) get the
 * anonymous id instead, so no row names the person; they stay unique, as the anonymous id is new.
 */
export async function anonymiseLedger(tx: DbOrTx, userId: string, anonymousId: string): Promise<number> {
  const rows = await tx
    .update(creditLedger)
    .set({ userId: null, anonymousId, idempotencyKey: sql`replace(${creditLedger.idempotencyKey}, ${userId}, ${anonymousId})` })
    .where(eq(creditLedger.userId, userId))
    .returning({ id: creditLedger.id });
  return rows.length;
}

export async function anonymisePayments(tx: DbOrTx, userId: string, anonymousId: string): Promise<number> {
  const rows = await tx.update(payments).set({ userId: null, anonymousId }).where(eq(payments.userId, userId)).returning({ id: payments.id });
  return rows.length;
}

/**
 * The user's rows, most explicitly, then the user (whose cascade takes sessions, holds, generations, exports,
 * idempotency keys, link tokens and the credit account). Visits go with every visit of the same browser.
 */
export async function deleteUserData(tx: DbOrTx, user: { id: string; email: string }): Promise<void> {
  await tx.delete(files).where(eq(files.userId, user.id));
  await tx.delete(transcriptions).where(eq(transcriptions.userId, user.id));
  await tx.delete(contentItems).where(eq(contentItems.userId, user.id));
  await tx.delete(telegramLinks).where(eq(telegramLinks.userId, user.id));
  const trackingIds = tx.select({ id: visits.trackingId }).from(visits).where(eq(visits.userId, user.id));
  await tx.delete(visits).where(or(eq(visits.userId, user.id), inArray(visits.trackingId, trackingIds)));
  await tx.delete(magicLinks).where(or(eq(magicLinks.email, user.email), eq(magicLinks.userId, user.id)));
  await tx.delete(users).where(eq(users.id, user.id));
}

export async function insertEmailHash(tx: DbOrTx, hash: string, now: Date): Promise<void> {
  await tx.insert(deletedEmailHashes).values({ hash, createdAt: now }).onConflictDoNothing();
}

export async function emailHashExists(db: DbOrTx, hash: string): Promise<boolean> {
  const [row] = await db.select({ hash: deletedEmailHashes.hash }).from(deletedEmailHashes).where(eq(deletedEmailHashes.hash, hash));
  return !!row;
}

/** The named secret, made once by whichever process asks first (a concurrent maker's value wins for both). */
export async function secretNamed(db: DbOrTx, name: string, fresh: string): Promise<string> {
  await db.insert(serverSecrets).values({ name, secret: fresh }).onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  return row!.secret;
}
