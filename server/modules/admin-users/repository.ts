import { count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { creditAccounts, creditLedger, generations, users } from '../../db/schema/index.ts';
export { emailOf } from '../../db/user-rows.ts';

/** `%`, `_` and `\` matched as themselves inside an ILIKE pattern (backslash is the escape character). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function emailContains(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  return sql`${users.email} ilike ${`%${escapeLike(search)}%`} escape '\\'`;
}

/**
 * One page of users, newest first (ties by id, so pages never overlap). Users alone, so the page comes from the
 * created_at index; their accounts are read for the page's ids only (joining first made every page sort all users).
 */
export async function listUsersPage(db: DbOrTx, options: { search?: string; limit: number; offset: number }) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, roles: users.roles, createdAt: users.createdAt, lastLoginAt: users.lastLoginAt })
    .from(users)
    .where(emailContains(options.search))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(options.limit)
    .offset(options.offset);
}

/** Balance and credits used of one page's users, in one query. */
export async function accountsOf(db: DbOrTx, userIds: string[]): Promise<Map<string, { balance: string; lifetimeUsed: string }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: creditAccounts.userId, balance: creditAccounts.balance, lifetimeUsed: creditAccounts.lifetimeUsed })
    .from(creditAccounts)
    .where(inArray(creditAccounts.userId, userIds));
  return new Map(rows.map((r) => [r.userId, r]));
}

export async function countUsers(db: DbOrTx, search: string | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(emailContains(search));
  return Number(row?.n ?? 0);
}

/** Generations per user for one page's ids, in one grouped query (no query per row). */
export async function generationCounts(db: DbOrTx, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: generations.userId, n: count() })
    .from(generations)
    .where(inArray(generations.userId, userIds))
    .groupBy(generations.userId);
  return new Map(rows.map((r) => [r.userId, Number(r.n)]));
}

/** The stats block: one pass over users (and the generations' owners), one over accounts. */
export async function userStats(db: DbOrTx, since: { day: Date; week: Date }) {
  const [people] = await db
    .select({
      totalUsers: sql<number>`count(*)::int`,
      // Strictly after: a sign-in exactly 24 hours old reads 'More than 1 day ago', so it is not active either.
      activeLastDay: sql<number>`(count(*) filter (where ${users.lastLoginAt} > ${since.day.toISOString()}::timestamptz))::int`,
      newLastWeek: sql<number>`(count(*) filter (where ${users.createdAt} > ${since.week.toISOString()}::timestamptz))::int`,
      withLogins: sql<number>`(count(*) filter (where ${users.lastLoginAt} is not null))::int`,
      admins: sql<number>`(count(*) filter (where 'admin' = any(${users.roles})))::int`,
      // Every generation belongs to a live user (deleting an account deletes them), so the distinct owners are the
      // users with generations: one index-only pass, where an EXISTS per user cost 250 ms at 50,000 users.
      withGenerations: sql<number>`(select count(distinct ${generations.userId}) from ${generations})::int`,
    })
    .from(users);
  const [credits] = await db
    .select({
      balance: sql<string>`coalesce(sum(${creditAccounts.balance}), 0)::text`,
      used: sql<string>`coalesce(sum(${creditAccounts.lifetimeUsed}), 0)::text`,
    })
    .from(creditAccounts);
  return { ...people!, balance: credits?.balance ?? '0', used: credits?.used ?? '0' };
}

export async function findUser(db: DbOrTx, userId: string) {
  const [row] = await db.select({ id: users.id, email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
  return row;
}

const actors = alias(users, 'actor');

/** A user's ledger, newest first, with the email of the admin behind each manual adjustment. */
export async function ledgerWithActors(db: DbOrTx, userId: string, limit: number) {
  return db
    .select({
      id: creditLedger.id,
      type: creditLedger.type,
      amount: creditLedger.amount,
      balanceAfter: creditLedger.balanceAfter,
      description: creditLedger.description,
      createdAt: creditLedger.createdAt,
      actorEmail: actors.email,
    })
    .from(creditLedger)
    .leftJoin(actors, eq(actors.id, creditLedger.actorId))
    .where(eq(creditLedger.userId, userId))
    .orderBy(desc(creditLedger.seq))
    .limit(limit);
}
