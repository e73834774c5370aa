import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Rollups behind the admin statistics (server/modules/statistics), kept by triggers on generations and visits in the
 * same transaction as the rows they summarise (migration 0016_statistics_rollups): a range is answered from whole
 * UTC days of these tables plus the raw rows of the part-day at its start. No foreign keys: the triggers remove a
 * deleted user's rows with their generations and visits, and a key check would cost every generation a lookup.
 */

/** Per UTC day and tool/price: generations started, their outcomes, and the credits and outputs of the completed. */
export const statsGenerationDays = pgTable(
  'stats_generation_days',
  {
    day: date('day').notNull(),
    tool: text('tool').notNull(),
    serviceType: text('service_type').notNull(),
    serviceVariant: text('service_variant').notNull(),
    total: integer('total').notNull(),
    completed: integer('completed').notNull(),
    failed: integer('failed').notNull(),
    credits: numeric('credits', { precision: 20, scale: 4 }).notNull(),
    files: integer('files').notNull(),
    // The completed generations whose provider reported its real cost (generations.provider_cost_usd): that cost,
    // and their credits and count, which the price table's estimate leaves out.
    measuredCost: numeric('measured_cost', { precision: 20, scale: 6 }).notNull().default('0'),
    measuredCredits: numeric('measured_credits', { precision: 20, scale: 4 }).notNull().default('0'),
    measuredCompleted: integer('measured_completed').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.tool, t.serviceType, t.serviceVariant] })],
);

/**
 * Each user's latest generation per tool: the users of a tool since T are the rows with last_at ≥ T, exactly (a
 * distinct count cannot be summed over days).
 */
export const statsToolUsers = pgTable(
  'stats_tool_users',
  {
    tool: text('tool').notNull(),
    userId: uuid('user_id').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tool, t.userId] }),
    // The part-day at a range's start, and a user's latest over every tool (when their latest generation goes).
    index('stats_tool_users_last_idx').on(t.lastAt, t.tool),
    index('stats_tool_users_user_idx').on(t.userId),
  ],
);

/**
 * How many (tool, user) rows of stats_tool_users have their last_at on each UTC day (migration 0018's triggers on
 * stats_tool_users): the users of a tool since T are these days after T's part-day plus the rows inside it.
 */
export const statsToolUserDays = pgTable(
  'stats_tool_user_days',
  {
    tool: text('tool').notNull(),
    day: date('day').notNull(),
    users: integer('users').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tool, t.day] })],
);

/** Each user's latest signed-in visit (active users = these ∪ the generation users since T). */
export const statsVisitUsers = pgTable('stats_visit_users', {
  userId: uuid('user_id').primaryKey(),
  lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
});

/**
 * Each user's latest activity, a generation or a signed-in visit: the greater of their stats_tool_users and
 * stats_visit_users rows (kept by triggers on those two tables).
 */
export const statsActiveUsers = pgTable(
  'stats_active_users',
  {
    userId: uuid('user_id').primaryKey(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('stats_active_users_last_idx').on(t.lastAt)],
);

/** How many stats_active_users rows have their last_at on each UTC day. */
export const statsActiveUserDays = pgTable('stats_active_user_days', {
  day: date('day').primaryKey(),
  users: integer('users').notNull(),
});

/** One row per browser session: its first and last visit and how many. */
export const statsSessions = pgTable(
  'stats_sessions',
  {
    sessionId: uuid('session_id').primaryKey(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    visits: integer('visits').notNull(),
  },
  (t) => [
    // The sessions begun in a range's part-day, read from the index alone.
    index('stats_sessions_first_idx').on(t.firstAt, t.lastAt, t.visits),
    // The sessions begun before T with a visit at or after it (first_at < T ≤ last_at), found without a scan.
    index('stats_sessions_span_idx').using('gist', sql`tstzrange(${t.firstAt}, ${t.lastAt}, '(]')`),
  ],
);

/**
 * The sessions per UTC day of their first visit: how many, the sum of their lengths in seconds (numeric, exact: the
 * average is this ÷ the count, as avg() computes it) and how many are bounces (one visit).
 */
export const statsSessionDays = pgTable('stats_session_days', {
  day: date('day').primaryKey(),
  sessions: integer('sessions').notNull(),
  seconds: numeric('seconds').notNull(),
  bounces: integer('bounces').notNull(),
});

/**
 * Per UTC day of a generated file's creation and its tool: how many such files are still stored and their bytes
 * (kept by a trigger on files; the same filter as the statistics' output sizes).
 */
export const statsOutputDays = pgTable(
  'stats_output_days',
  {
    day: date('day').notNull(),
    tool: text('tool').notNull(),
    files: integer('files').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.tool] })],
);

/**
 * Each distinct (tool, prompt) still used by a generation, keyed by the prompt's md5 (a prompt can be too long for
 * a btree key); deleted with its last generation, so an erased user's prompts go with them.
 */
export const statsPrompts = pgTable(
  'stats_prompts',
  {
    id: serial('id').primaryKey(),
    tool: text('tool').notNull(),
    hash: text('hash').notNull(),
    prompt: text('prompt').notNull(),
    uses: integer('uses').notNull(),
  },
  (t) => [uniqueIndex('stats_prompts_key').on(t.tool, t.hash)],
);

/** Per UTC month and prompt: uses, outcomes, and the processing time of the settled ones (for the average). */
export const statsPromptMonths = pgTable(
  'stats_prompt_months',
  {
    month: date('month').notNull(),
    promptId: integer('prompt_id').notNull(),
    uses: integer('uses').notNull(),
    completed: integer('completed').notNull(),
    failed: integer('failed').notNull(),
    timed: integer('timed').notNull(),
    timeMs: bigint('time_ms', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.promptId] })],
);

/** The same per UTC day, for the days at the ends of a range that do not fill a month. */
export const statsPromptDays = pgTable(
  'stats_prompt_days',
  {
    day: date('day').notNull(),
    promptId: integer('prompt_id').notNull(),
    uses: integer('uses').notNull(),
    completed: integer('completed').notNull(),
    failed: integer('failed').notNull(),
    timed: integer('timed').notNull(),
    timeMs: bigint('time_ms', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.promptId] })],
);
