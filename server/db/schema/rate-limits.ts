import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The counters of the rate limits that must hold across web processes (sign-in, AI, transcription, visit tracking):
 * one row per limited route and caller, a fixed window from the first hit to `expires_at`. The table is UNLOGGED
 * (migration): a counter is not worth a WAL write, and losing them in a crash only reopens the windows. No index on
 * `expires_at`, so that every hit stays a HOT update; the sweep of expired rows scans a table of live callers only.
 */
export const rateLimits = pgTable('rate_limits', {
  /** The limited route and the caller's key (address or user id), e.g. `POST/api/auth/login-203.0.113.7`. */
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
