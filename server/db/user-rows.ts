import { eq } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { users, type UserRow } from './schema/users.ts';

/**
 * What several modules read of a user's row without owning it (the auth module does): a lock, and the address.
 */

/**
 * Locks the user's row until the transaction ends: two writes that must not interleave for one user take turns (two
 * deletions; two creations under a per-user cap, whose count is then read in turn). Answers the row.
 */
export async function lockUser(tx: DbOrTx, userId: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return row;
}

/** A user's email address (null when the account is gone). */
export async function emailOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}
