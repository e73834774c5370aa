import { and, asc, desc, eq, gt, isNull, lt, lte, max, or } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { faqs, notifications, siteSettings, visitSalts, visits } from '../../db/schema/index.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewVisit = typeof visits.$inferInsert;
export type NewNotification = typeof notifications.$inferInsert;
export type FaqRow = typeof faqs.$inferSelect;
export type NewFaq = typeof faqs.$inferInsert;

export function listFaqs(db: Db, query: { category: string; language: string }) {
  return db
    .select({ id: faqs.id, question: faqs.question, answer: faqs.answer })
    .from(faqs)
    .where(and(eq(faqs.isActive, true), eq(faqs.language, query.language), query.category === 'all' ? undefined : eq(faqs.category, query.category)))
    .orderBy(asc(faqs.sortOrder), asc(faqs.id));
}

/** Active notifications within their dates at `now`, newest first. */
export function activeNotifications(db: Db, now: Date): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.isActive, true), lte(notifications.validFrom, now), or(isNull(notifications.validUntil), gt(notifications.validUntil, now))))
    .orderBy(desc(notifications.validFrom), desc(notifications.id));
}

/** The day's IP-hash key, made on first use from `fresh`; concurrent first uses agree on one. */
export async function saltOfDay(db: Db, day: string, fresh: string): Promise<string> {
  await db.insert(visitSalts).values({ day, salt: fresh }).onConflictDoNothing();
  const [row] = await db.select({ salt: visitSalts.salt }).from(visitSalts).where(eq(visitSalts.day, day));
  return row!.salt;
}

export async function insertVisit(db: Db, visit: NewVisit): Promise<void> {
  await db.insert(visits).values(visit);
}

export async function siteSetting(db: Db, key: string): Promise<{ value: unknown } | undefined> {
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, key));
  return row;
}

/** Deletes visits before `visitsBefore` and keys of days before `saltsBefore` (YYYY-MM-DD); answers how many. */
export async function purgeVisits(db: Db, visitsBefore: Date, saltsBefore: string): Promise<{ visits: number; salts: number }> {
  const gone = await db.delete(visits).where(lt(visits.createdAt, visitsBefore)).returning({ id: visits.id });
  const salts = await db.delete(visitSalts).where(lt(visitSalts.day, saltsBefore)).returning({ day: visitSalts.day });
  return { visits: gone.length, salts: salts.length };
}

// --- The admin area: notifications, the FAQ and the landing page's settings. ---

export function allNotifications(db: DbOrTx): Promise<NotificationRow[]> {
  return db.select().from(notifications).orderBy(desc(notifications.createdAt), desc(notifications.id));
}

export async function notificationByUuid(db: DbOrTx, uuid: string): Promise<NotificationRow | undefined> {
  const [row] = await db.select().from(notifications).where(eq(notifications.uuid, uuid));
  return row;
}

/** The new row, or undefined when the identifier is taken. */
export async function insertNotification(db: DbOrTx, values: NewNotification): Promise<NotificationRow | undefined> {
  const [row] = await db.insert(notifications).values(values).onConflictDoNothing({ target: notifications.identifier }).returning();
  return row;
}

export async function updateNotification(db: DbOrTx, uuid: string, values: Partial<NewNotification>): Promise<NotificationRow | undefined> {
  const [row] = await db.update(notifications).set(values).where(eq(notifications.uuid, uuid)).returning();
  return row;
}

export async function deleteNotification(db: DbOrTx, uuid: string): Promise<NotificationRow | undefined> {
  const [row] = await db.delete(notifications).where(eq(notifications.uuid, uuid)).returning();
  return row;
}

/** Every FAQ entry, active or not, in the order the public list shows them. */
export function allFaqs(db: DbOrTx): Promise<FaqRow[]> {
  return db.select().from(faqs).orderBy(asc(faqs.sortOrder), asc(faqs.id));
}

export async function faqById(db: DbOrTx, id: number): Promise<FaqRow | undefined> {
  const [row] = await db.select().from(faqs).where(eq(faqs.id, id));
  return row;
}

/** Inserts at the end of the list (sort_order one past the highest). */
export async function insertFaqLast(db: DbOrTx, values: Omit<NewFaq, 'sortOrder'>): Promise<FaqRow> {
  const [top] = await db.select({ value: max(faqs.sortOrder) }).from(faqs);
  const [row] = await db.insert(faqs).values({ ...values, sortOrder: (top?.value ?? 0) + 1 }).returning();
  return row!;
}

export async function updateFaq(db: DbOrTx, id: number, values: Partial<NewFaq>): Promise<FaqRow | undefined> {
  const [row] = await db.update(faqs).set(values).where(eq(faqs.id, id)).returning();
  return row;
}

export async function deleteFaq(db: DbOrTx, id: number): Promise<FaqRow | undefined> {
  const [row] = await db.delete(faqs).where(eq(faqs.id, id)).returning();
  return row;
}

/** sort_order = position + 1 for each id of `order` (a handful of rows: one update each, inside the caller's transaction). */
export async function setFaqOrder(db: DbOrTx, order: number[], now: Date): Promise<void> {
  for (const [index, id] of order.entries()) await db.update(faqs).set({ sortOrder: index + 1, updatedAt: now }).where(eq(faqs.id, id));
}

export async function putSiteSetting(db: DbOrTx, key: string, value: unknown, updatedBy: string, now: Date): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ key, value, updatedBy, updatedAt: now })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedBy, updatedAt: now } });
}

export async function siteSettingIn(db: DbOrTx, key: string): Promise<{ value: unknown } | undefined> {
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, key));
  return row;
}

export async function deleteSiteSetting(db: DbOrTx, key: string): Promise<void> {
  await db.delete(siteSettings).where(eq(siteSettings.key, key));
}
