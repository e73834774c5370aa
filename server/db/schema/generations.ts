import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** A generation's states, the same as a mockup job's on the wire (contract/ai.ts JOB_STATUSES). */
export const GENERATION_STATUSES = ['pending', 'processing', 'completed', 'failed', 'cancelled'] as const;

/** Every AI call: what was asked, by whom, from which provider, what it cost and how it ended. */
export const generations = pgTable(
  'generations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tool: text('tool').notNull(),
    serviceType: text('service_type').notNull(),
    serviceVariant: text('service_variant').notNull().default('standard'),
    provider: text('provider').notNull(),
    model: text('model'),
    prompt: text('prompt'),
    // `enum` types the column only (no migration); the check below is what the database enforces.
    status: text('status', { enum: GENERATION_STATUSES }).notNull(),
    credits: numeric('credits', { precision: 14, scale: 4 }).notNull().default('0'),
    holdId: uuid('hold_id'),
    jobId: text('job_id'),
    attempts: integer('attempts').notNull().default(0),
    processingTimeMs: integer('processing_time_ms'),
    errorClass: text('error_class'),
    errorMessage: text('error_message'),
    inputFileIds: uuid('input_file_ids').array().notNull().default(sql`'{}'::uuid[]`),
    outputFileIds: uuid('output_file_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** The request's options (aspect ratio, styles, …) and, for jobs, what the worker needs. */
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    /** What the tool's call answers when it finished (the synchronous shape), written in the charging transaction. */
    result: jsonb('result').$type<Record<string, unknown>>(),
    /** The error a failed generation answers: its code, message and details (error class, tip, provider). */
    error: jsonb('error').$type<{ code: string; message: string; details?: Record<string, unknown> }>(),
    /** What the provider's call really cost in USD, from its usage fields (null: the price table's actual_cost_usd stands). */
    providerCostUsd: numeric('provider_cost_usd', { precision: 12, scale: 6 }),
    /** The provider's usage figures as it reported them (tokens, seconds, predict time). */
    providerUsage: jsonb('provider_usage').$type<Record<string, number>>(),
    /** A failure that is the operator's to fix (class 'unavailable', a bad key): the setting, the model and why. */
    providerFix: jsonb('provider_fix').$type<{ setting: string; model?: string; reason: string }>(),
    /** How far the engine is, 0-100, where it knows. */
    progress: integer('progress'),
    /** The call that started it stopped waiting (answered 202): its outcome is told to the user outside the page. */
    detached: boolean('detached').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('generations_user_created_idx').on(t.userId, t.createdAt),
    index('generations_tool_created_idx').on(t.tool, t.createdAt),
    // The admin statistics (server/modules/statistics): every column their per-tool and active-user queries read,
    // after created_at, so PostgreSQL answers a range with an index-only scan (no heap visit per generation).
    index('generations_stats_idx').on(t.createdAt, t.tool, t.status, t.userId, t.serviceType, t.serviceVariant, t.credits, t.outputFileIds),
    // The hold sweep finds a released hold's generation by it.
    index('generations_hold_idx').on(t.holdId),
    // A user's unfinished generations (the running list every page shows).
    index('generations_user_active_idx').on(t.userId).where(sql`${t.status} in ('pending','processing')`),
    check('generations_status', sql`${t.status} in ('pending','processing','completed','failed','cancelled')`),
  ],
);
