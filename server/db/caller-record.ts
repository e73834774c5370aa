import type { creditAccounts } from './schema/credits.ts';
import type { UserRow } from './schema/users.ts';

/** The credit account's stored figures (decimal strings); null before the account's first grant. */
export type AccountFigures = Pick<typeof creditAccounts.$inferSelect, 'balance' | 'held' | 'lifetimeUsed' | 'lifetimePurchased'>;

/**
 * The user and credit-account columns every credential lookup reads with its credential (a session cookie, an API
 * key) in one round trip, as `u` (users) and `a` (credit_accounts, left joined), and their mapping to rows.
 */
export const CALLER_COLUMNS = `u.email, u.name, u.roles, u.password_hash, u.created_at as user_created_at,
      u.updated_at as user_updated_at, u.last_login_at, u.email_verified_at, u.storage_used_bytes,
      a.balance, a.held, a.lifetime_used, a.lifetime_purchased`;

export interface CallerRecord {
  user_id: string;
  email: string;
  name: string | null;
  roles: string[];
  password_hash: string | null;
  user_created_at: Date;
  user_updated_at: Date;
  last_login_at: Date | null;
  email_verified_at: Date | null;
  /** A string on PostgreSQL (int8), a number on PGlite. */
  storage_used_bytes: string | number;
  balance: string | null;
  held: string | null;
  lifetime_used: string | null;
  lifetime_purchased: string | null;
}

export function callerOf(r: CallerRecord): { user: UserRow; account: AccountFigures | null } {
  return {
    user: {
      id: r.user_id,
      email: r.email,
      name: r.name,
      roles: r.roles,
      passwordHash: r.password_hash,
      createdAt: r.user_created_at,
      updatedAt: r.user_updated_at,
      lastLoginAt: r.last_login_at,
      emailVerifiedAt: r.email_verified_at,
      storageUsedBytes: Number(r.storage_used_bytes),
    },
    account:
      r.balance === null
        ? null
        : { balance: r.balance, held: r.held!, lifetimeUsed: r.lifetime_used!, lifetimePurchased: r.lifetime_purchased! },
  };
}
