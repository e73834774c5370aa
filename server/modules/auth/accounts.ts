import type { User } from '../../../contract/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import * as repo from './repository.ts';
import type { UserRow } from './repository.ts';

/** An account as the wire shows it, and what only a link sent to its address may do: create it, or prove the address. */

const ADMIN = 'admin';

export function toPublicUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    roles: row.roles,
    created_at: row.createdAt.toISOString(),
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
  };
}

export interface AccountsDeps {
  clock: Clock;
  settings: { adminEmails: readonly string[] };
  /** Called inside the sign-up transaction for every new user (the credits module grants the bonus). */
  onUserCreated?: (tx: DbOrTx, user: UserRow) => Promise<void>;
}

export function createAccounts(deps: AccountsDeps) {
  const { clock, settings } = deps;

  /**
   * A link sent to the account's address was just used: the address is verified now, and only now may
   * ADMIN_EMAILS grant the role. A password set before the address was ever proven may be an attacker's
   * (pre-hijacking), so it is cleared and every session of the account ends.
   */
  async function markVerified(tx: DbOrTx, user: UserRow, changes: { email?: string; passwordHash?: string } = {}): Promise<UserRow> {
    const now = clock.now();
    const email = changes.email ?? user.email;
    const unprovenPassword = !user.emailVerifiedAt && user.passwordHash !== null;
    if (unprovenPassword) await repo.deleteSessionsOfUser(tx, user.id);
    const roles = settings.adminEmails.includes(email) && !user.roles.includes(ADMIN) ? [...user.roles, ADMIN] : user.roles;
    const passwordHash = changes.passwordHash ?? (unprovenPassword ? null : user.passwordHash);
    const emailVerifiedAt = changes.email ? now : (user.emailVerifiedAt ?? now);
    const updated = await repo.updateUser(tx, user.id, { email, roles, passwordHash, emailVerifiedAt, updatedAt: now });
    return updated ?? user;
  }

  async function createUser(
    tx: DbOrTx,
    values: { email: string; name: string | null; passwordHash?: string | null },
  ): Promise<UserRow | undefined> {
    const now = clock.now();
    const roles = settings.adminEmails.includes(values.email) ? [ADMIN] : [];
    // Accounts are only ever created by using a link sent to the address, so they start verified.
    const user = await repo.insertUser(tx, { ...values, roles, emailVerifiedAt: now, now });
    if (user) await deps.onUserCreated?.(tx, user);
    return user;
  }

  return { markVerified, createUser };
}

export type Accounts = ReturnType<typeof createAccounts>;
