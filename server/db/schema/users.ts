import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const MAGIC_LINK_PURPOSES = ['sign_in', 'register', 'email_change'] as const;

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    email: text('email').notNull(),
    name: text('name'),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    passwordHash: text('password_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** Set when a link sent to `email` was used; a password works only once this is set. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * Bytes of the user's files (originals and thumbnails): changed in the statement pair that inserts or deletes a
     * `files` row (server/modules/files/repository.ts), so the profile reads it with the session instead of summing.
     */
    storageUsedBytes: bigint('storage_used_bytes', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_created_idx').on(t.createdAt),
    check('users_storage_used_nonneg', sql`${t.storageUsedBytes} >= 0`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the cookie token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    csrfToken: text('csrf_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Bumped at most every few minutes by the session guard (never a write per request), for the sessions list. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The User-Agent the session signed in with, cut to a bounded length: the sessions list names browser and OS from it. */
    userAgent: text('user_agent'),
    /**
     * Issued by the sign-in that created the account. Superseded by `welcome_bonus`, which says the same and more; still
     * written so that a process of the release before it (during a rolling upgrade) greets the newcomer too. Drop later.
     */
    firstSignIn: boolean('first_sign_in').notNull().default(false),
    /**
     * Set only on the session of the sign-in that created the account: the sign-up bonus that sign-in granted ('0' when
     * none). Decided once, in the sign-up transaction, so the profile greets the newcomer ("Welcome", the sign-up
     * credits) from the session lookup it makes anyway; null for every other session.
     */
    welcomeBonus: numeric('welcome_bonus', { precision: 14, scale: 4 }),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

// Row shapes live beside their tables so the session guard (server/http) can name them without importing a module.
export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export const magicLinks = pgTable(
  'magic_links',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    email: text('email').notNull(),
    /** SHA-256 of the emailed token. */
    tokenHash: text('token_hash').notNull(),
    requestIp: text('request_ip'),
    /** What using the link does: sign in (creating the account), finish a password sign-up, or confirm a new email. */
    purpose: text('purpose', { enum: MAGIC_LINK_PURPOSES }).notNull().default('sign_in'),
    /** The account whose email changes (purpose email_change). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Name and argon2id hash given at sign-up (purpose register); the account is created only when the link is used. */
    name: text('name'),
    passwordHash: text('password_hash'),
    /** The page to open after signing in (a same-site path, checked when stored and again by the browser). */
    nextPath: text('next_path'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('magic_links_token_hash_key').on(t.tokenHash),
    index('magic_links_email_created_idx').on(t.email, t.createdAt),
    check('magic_links_purpose', sql`${t.purpose} in ('sign_in','register','email_change')`),
  ],
);

/**
 * A paid call's Idempotency-Key and the first answer given to it: a repeat with the same key and body gets that
 * answer again and is not charged; the same key with another body is refused. Kept 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of method, route and body. */
    requestHash: text('request_hash').notNull(),
    /** Null while the first call is still running. */
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
