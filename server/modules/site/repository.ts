import { and, asc, desc, eq, gt, isNull, lt, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { faqs, notifications, siteSettings, visitSalts, visits } from '../../db/schema/index.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewVisit = typeof visits.$inferInsert;

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
