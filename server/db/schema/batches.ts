import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { generations } from './generations.ts';
import { users } from './users.ts';

/**
 * A batch (issue 28): one tool over many images with the same options. Its items' state is their generations' state;
 * the batch row keeps what the batch was asked (tool, options, quote) and when it ended (told once: `finished_at`).
 */
export const batches = pgTable(
  'batches',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tool: text('tool').notNull(),
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
    /** What the accepted items were quoted (contract/batches.ts batchQuote). */
    quote: jsonb('quote').$type<{ items: number; unit_price: string; total: string; engine: string; preview: boolean }>().notNull(),
    /** Its user cancelled it: queued items were cancelled, running ones finished. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Every item settled and its user was told; set once (a conditional update), so the notice goes once. */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('batches_user_created_idx').on(t.userId, t.createdAt),
    // The sweep's unfinished batches.
    index('batches_unfinished_idx').on(t.createdAt).where(sql`${t.finishedAt} is null`),
  ],
);

/**
 * One image of a batch. Its current generation (a retry makes a new one) carries its hold, state and result; an item
 * refused before any hold has none and keeps its error. Its request is kept in storage under the item's id (the
 * generation reads it there): removed once it is done or cancelled, kept after a failure for a retry (storage
 * reconciliation removes any input after 24 hours).
 */
export const batchItems = pgTable(
  'batch_items',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    generationId: uuid('generation_id').references(() => generations.id, { onDelete: 'set null' }),
    /** Handed to the queue (counted against the user's concurrency until its generation settles). */
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    /** Why it was refused before any hold: code and message (the message names the item). */
    error: jsonb('error').$type<{ code: string; message: string; details?: Record<string, unknown> }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('batch_items_position_key').on(t.batchId, t.position),
    index('batch_items_generation_idx').on(t.generationId),
    // A user's items waiting for the queue (the pump's scan).
    index('batch_items_waiting_idx').on(t.userId, t.createdAt).where(sql`${t.dispatchedAt} is null and ${t.generationId} is not null`),
  ],
);
