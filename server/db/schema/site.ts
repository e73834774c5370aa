import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** The FAQ on /about (spec 1 §3): seeded with the product's questions; the admin area edits them later. */
export const faqs = pgTable('faqs', {
  id: serial('id').primaryKey(),
  category: text('category').notNull().default('general'),
  language: text('language').notNull().default('en'),
  question: text('question').notNull(),
  /** Plain text; blank lines separate paragraphs. */
  answer: text('answer').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Banners above the header (spec 1 §2, §3). `content` is HTML, sanitised when written and again when read. */
export const notifications = pgTable(
  'notifications',
  {
    uuid: uuid('uuid').primaryKey().default(sql`gen_random_uuid()`),
    id: serial('id').notNull(),
    identifier: text('identifier').notNull().unique(),
    content: text('content').notNull(),
    bgColor: text('bg_color').notNull().default('#3b82f6'),
    textColor: text('text_color').notNull().default('#ffffff'),
    iconColor: text('icon_color').notNull().default('#ffffff'),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_active_idx').on(t.isActive, t.validFrom)],
);

/**
 * One row per recorded landing-page visit (spec 1 §7): the first-party visitor id, the browser session, the user
 * when signed in, the referring domain, and the IP only as a keyed hash whose key changes daily.
 */
export const visits = pgTable(
  'visits',
  {
    id: serial('id').primaryKey(),
    trackingId: uuid('tracking_id').notNull(),
    sessionId: uuid('session_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    referrerDomain: text('referrer_domain').notNull(),
    ipHash: text('ip_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('visits_referrer_idx').on(t.referrerDomain, t.createdAt),
    // The admin statistics read sessions, users and referrers of a range from the index alone (index-only scan).
    index('visits_stats_idx').on(t.createdAt, t.sessionId, t.userId, t.referrerDomain),
    // Referrer attribution: the visitor ids a buyer was seen with, then the first visit of each.
    index('visits_user_idx').on(t.userId, t.trackingId),
    index('visits_tracking_idx').on(t.trackingId, t.createdAt),
    // The statistics' session rollup recounts a session from its visits when some are deleted (purge, erasure).
    index('visits_session_idx').on(t.sessionId, t.createdAt),
  ],
);

/** The daily keys of the IP hash; a day's key is deleted two days later, so old hashes cannot be linked back. */
export const visitSalts = pgTable('visit_salts', {
  day: text('day').primaryKey(),
  salt: text('salt').notNull(),
});

/** What the admin puts on the public site (landing testimonials, video), by key; empty until set. */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});
