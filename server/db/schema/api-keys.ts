import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { credits } from './columns.ts';
import { users } from './users.ts';

/** Personal API keys (contract/api-keys.ts). Only the key's SHA-256 is kept; a revoked key stays, for its history. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** SHA-256 (hex) of the whole key. */
    keyHash: text('key_hash').notNull(),
    /** The key's first characters, shown in the list. */
    prefix: text('prefix').notNull(),
    scopes: text('scopes').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped at most once a minute by the guard, never a write per call. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The key's own spending limit per calendar month (UTC), within the account's; null: none (credit_hold). */
    monthlyCap: credits('monthly_cap'),
    /** What holds made with this key captured in the month starting `spent_month` (credit_capture). */
    spentMonth: date('spent_month'),
    spentInMonth: credits('spent_in_month').notNull().default('0'),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_key').on(t.keyHash),
    index('api_keys_user_idx').on(t.userId, t.createdAt),
    check('api_keys_monthly_cap_nonneg', sql`${t.monthlyCap} >= 0`),
  ],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
