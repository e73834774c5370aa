import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const EXPORT_STATUSES = ['pending', 'running', 'ready', 'failed'] as const;

/**
 * A ZIP of everything a user has here, built by a job into object storage and downloadable by that user for 24
 * hours. At most one export per user is pending or running (the partial unique index), so a second request while
 * one runs is refused by the database, not by a race-prone read.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: EXPORT_STATUSES }).notNull().default('pending'),
    /** Set when the ZIP is complete; the object under it is removed with the row. */
    storageKey: text('storage_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Ready exports only: the download works until then; the sweep deletes object and row after. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('data_exports_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('data_exports_one_running_key').on(t.userId).where(sql`${t.status} in ('pending','running')`),
    check('data_exports_status', sql`${t.status} in ('pending','running','ready','failed')`),
  ],
);

/**
 * The anonymous owner of what a deleted account leaves for accounting: its ledger rows and payments point here
 * instead of at a user, so amounts and dates stay while nothing names the person. `closing_balance` is what
 * the account held when it closed (forfeited by the closing ledger row, so its rows still add up to zero).
 */
export const deletedAccounts = pgTable('deleted_accounts', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  closingBalance: numeric('closing_balance', { precision: 14, scale: 4 }).notNull().default('0'),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Keyed hashes (HMAC-SHA-256 with `server_secrets.deleted_email_key`) of deleted accounts' addresses, kept only so
 * the same address signing up again gets no second sign-up bonus. Without the key the hash names nobody.
 */
export const deletedEmailHashes = pgTable('deleted_email_hashes', {
  hash: text('hash').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Keys the server makes for itself once and keeps in the database, so every process (web, worker) shares them. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type DataExportRow = typeof dataExports.$inferSelect;
