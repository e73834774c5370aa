import { and, desc, eq, gt, gte, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { CALLER_COLUMNS, callerOf, type CallerRecord } from '../../db/caller-record.ts';
import type { DbOrTx, RawQuery, Statement } from '../../db/client.ts';
import type { LiveSession } from '../../http/session.ts';
import { creditLedger, magicLinks, sessions, users, type SessionRow, type UserRow } from '../../db/schema/index.ts';

export type { SessionRow, UserRow };
export type MagicLinkRow = typeof magicLinks.$inferSelect;

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Inserts a user; answers undefined when the email is already taken (a concurrent sign-up won). */
export async function insertUser(
  db: DbOrTx,
  values: { email: string; name: string | null; roles: string[]; passwordHash?: string | null; emailVerifiedAt: Date | null; now: Date },
): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values({
      email: values.email,
      name: values.name,
      roles: values.roles,
      passwordHash: values.passwordHash ?? null,
      emailVerifiedAt: values.emailVerifiedAt,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row;
}

export async function updateUser(
  db: DbOrTx,
  id: string,
  values: Partial<Pick<UserRow, 'name' | 'email' | 'roles' | 'lastLoginAt' | 'passwordHash' | 'emailVerifiedAt'>> & { updatedAt: Date },
): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row;
}

/**
 * Swaps a user's password hash only if it is still the one the caller checked (`expected`, null for none), so two
 * changes racing each other cannot both pass the current-password check; answers undefined when it moved.
 */
export async function replacePasswordHash(
  db: DbOrTx,
  userId: string,
  expected: string | null,
  next: string | null,
  now: Date,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ passwordHash: next, updatedAt: now })
    .where(and(eq(users.id, userId), expected === null ? isNull(users.passwordHash) : eq(users.passwordHash, expected)))
    .returning();
  return row;
}

/**
 * The sign-up bonus of a user whose account is being created in this transaction: the bonus rows sign-up wrote to the
 * ledger (at most one), 0 when it gave none. Read in the statement that stores the first session, so deciding the
 * welcome costs no round trip of its own.
 */
const signupBonusOf = (userId: string) =>
  sql<string>`(select coalesce(sum(${creditLedger.amount}), 0) from ${creditLedger} where ${creditLedger.userId} = ${userId} and ${creditLedger.type} = 'bonus')`;

/**
 * Stores a session. `firstSignIn`: issued by the sign-in that created the account, in its transaction (after the
 * sign-up bonus was granted): the session keeps the welcome, the bonus that sign-up gave, for its profile calls.
 */
export async function insertSession(
  db: DbOrTx,
  values: { userId: string; tokenHash: string; csrfToken: string; now: Date; expiresAt: Date; firstSignIn?: boolean; userAgent?: string | null },
): Promise<SessionRow> {
  const firstSignIn = values.firstSignIn ?? false;
  const [row] = await db
    .insert(sessions)
    .values({
      userId: values.userId,
      tokenHash: values.tokenHash,
      csrfToken: values.csrfToken,
      createdAt: values.now,
      lastSeenAt: values.now,
      expiresAt: values.expiresAt,
      firstSignIn,
      welcomeBonus: firstSignIn ? signupBonusOf(values.userId) : null,
      userAgent: values.userAgent ?? null,
    })
    .returning();
  return row!;
}

/**
 * The session guard's one round trip: the live session for a cookie token hash (with the welcome of a first session),
 * its user, and the figures the profile shows (the credit account, absent before its first grant; storage used is on
 * the user row). Raw SQL run as a prepared statement: this runs on every API call, and building it with Drizzle each
 * time cost more than the query.
 */
const LIVE_SESSION: Statement = {
  name: 'auth_live_session',
  text: `select s.id, s.user_id, s.token_hash, s.csrf_token, s.created_at, s.expires_at, s.last_seen_at, s.user_agent,
      s.first_sign_in, s.welcome_bonus, ${CALLER_COLUMNS}
    from sessions s
    join users u on u.id = s.user_id
    left join credit_accounts a on a.user_id = s.user_id
    where s.token_hash = $1 and s.expires_at > $2`,
};

interface LiveSessionRecord extends CallerRecord {
  id: string;
  token_hash: string;
  csrf_token: string;
  created_at: Date;
  expires_at: Date;
  last_seen_at: Date;
  user_agent: string | null;
  first_sign_in: boolean;
  /** numeric: a string on PostgreSQL and PGlite. */
  welcome_bonus: string | null;
}

export async function findLiveSession(query: RawQuery, tokenHash: string, now: Date): Promise<LiveSession | undefined> {
  const [r] = await query<LiveSessionRecord>(LIVE_SESSION, [tokenHash, now]);
  if (!r) return undefined;
  return {
    session: {
      id: r.id,
      userId: r.user_id,
      tokenHash: r.token_hash,
      csrfToken: r.csrf_token,
      createdAt: r.created_at,
      expiresAt: r.expires_at,
      lastSeenAt: r.last_seen_at,
      userAgent: r.user_agent,
      firstSignIn: r.first_sign_in,
      welcomeBonus: r.welcome_bonus,
    },
    ...callerOf(r),
  };
}

/**
 * Moves a session's last-seen time to now, only when it is older than `staleBefore`: at most one write per session
 * per interval however many requests it makes (the profile call is a hot path), and two racing requests write once.
 */
export async function touchSession(db: DbOrTx, sessionId: string, now: Date, staleBefore: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(and(eq(sessions.id, sessionId), lt(sessions.lastSeenAt, staleBefore)));
}

/** A user's unexpired sessions, most recently seen first. */
export async function liveSessionsOfUser(db: DbOrTx, userId: string, now: Date): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/** Ends one session of a user; 0 when that user has no such session (someone else's id ends nothing). */
export async function deleteSessionOfUser(db: DbOrTx, userId: string, sessionId: string): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Ends every session of a user but one (the caller's own). */
export async function deleteOtherSessions(db: DbOrTx, userId: string, keepSessionId: string): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return rows.length;
}

export async function deleteSessionByHash(db: DbOrTx, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Ends every session of a user (an address was proven and a password nobody verified was cleared). */
export async function deleteSessionsOfUser(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return rows.length;
}

export type MagicLinkPurpose = MagicLinkRow['purpose'];

export async function insertMagicLink(
  db: DbOrTx,
  values: {
    email: string;
    tokenHash: string;
    requestIp: string | null;
    now: Date;
    expiresAt: Date;
    purpose: MagicLinkPurpose;
    userId?: string | null;
    name?: string | null;
    passwordHash?: string | null;
    nextPath?: string | null;
  },
): Promise<void> {
  await db.insert(magicLinks).values({
    email: values.email,
    tokenHash: values.tokenHash,
    requestIp: values.requestIp,
    createdAt: values.now,
    expiresAt: values.expiresAt,
    purpose: values.purpose,
    userId: values.userId ?? null,
    name: values.name ?? null,
    passwordHash: values.passwordHash ?? null,
    nextPath: values.nextPath ?? null,
  });
}

export async function countMagicLinksSince(db: DbOrTx, email: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(magicLinks)
    .where(and(eq(magicLinks.email, email), gte(magicLinks.createdAt, since)));
  return Number(row?.n ?? 0);
}

export async function findMagicLink(db: DbOrTx, tokenHash: string): Promise<MagicLinkRow | undefined> {
  const [row] = await db.select().from(magicLinks).where(eq(magicLinks.tokenHash, tokenHash)).limit(1);
  return row;
}

/**
 * Marks a link used in one statement, so two racing verifies cannot both succeed.
 * Answers the row only to the caller that consumed it. `kind`: a change-of-email link is used only by
 * POST /api/auth/confirm-email ('email_change'), never as a sign-in link ('sign_in': any other purpose).
 */
export async function consumeMagicLink(
  db: DbOrTx,
  tokenHash: string,
  now: Date,
  kind: 'sign_in' | 'email_change',
): Promise<MagicLinkRow | undefined> {
  const purpose = kind === 'email_change' ? eq(magicLinks.purpose, 'email_change') : ne(magicLinks.purpose, 'email_change');
  const [row] = await db
    .update(magicLinks)
    .set({ usedAt: now })
    .where(and(eq(magicLinks.tokenHash, tokenHash), isNull(magicLinks.usedAt), gt(magicLinks.expiresAt, now), purpose))
    .returning();
  return row;
}

/**
 * Revokes a user's unused change-of-email links (a newer change was asked for): each one's expiry is moved back to
 * the moment it was made, which no link is ever given, so `wasRevoked` tells it apart from one that simply ran out.
 */
export async function revokeEmailChangeLinks(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db
    .update(magicLinks)
    .set({ expiresAt: magicLinks.createdAt })
    .where(
      and(eq(magicLinks.userId, userId), eq(magicLinks.purpose, 'email_change'), isNull(magicLinks.usedAt), gt(magicLinks.expiresAt, now)),
    );
}

/** Whether a link was revoked by `revokeEmailChangeLinks` rather than left to expire. */
export const wasRevoked = (link: MagicLinkRow): boolean => link.expiresAt.getTime() <= link.createdAt.getTime();

/** Housekeeping: removes expired sessions and magic links older than a day past expiry. */
export async function deleteExpiredAuthRows(db: DbOrTx, now: Date): Promise<{ sessions: number; links: number }> {
  const dayAgo = new Date(now.getTime() - 24 * 3600_000);
  const s = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
  const l = await db
    .delete(magicLinks)
    .where(or(lt(magicLinks.expiresAt, dayAgo), and(lt(magicLinks.usedAt, dayAgo))))
    .returning({ id: magicLinks.id });
  return { sessions: s.length, links: l.length };
}
