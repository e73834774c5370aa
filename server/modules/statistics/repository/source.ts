import { sql, type SQL } from 'drizzle-orm';
import { POPULAR_PROMPT_TEXT_MAX } from '../../../../contract/admin-statistics.ts';
import type { DbOrTx } from '../../../db/client.ts';

/**
 * What the two statistics sources share: the answer rows, the `StatisticsSource` both implement (rollup-source.ts
 * for the app, raw-source.ts for the tests and the benchmark), the query helpers and the filters and cost formula
 * both must apply the same way. The rollups are kept by the triggers of migrations 0016 and 0018
 * (server/db/schema/statistics.ts); the tests hold the two sources equal.
 */

export async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * An aggregate over a range, in its own transaction with room to sort and hash in memory (the default 4 MB work_mem
 * sends a month of generations' distinct users to disk) and without JIT: these queries cost enough to cross
 * jit_above_cost, and compiling them took longer than running them (about 1 s against 50 ms for the referrer table).
 */
export function analytic<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '32MB'`);
    await tx.execute(sql`set local jit = off`);
    return rows<T>(tx, query);
  });
}

/** Timestamps go in as ISO text cast in SQL: both drivers pass text the same way. */
export const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

export interface ToolRow {
  tool: string;
  total: number;
  completed: number;
  failed: number;
  /** Credits captured by the completed generations, numeric text. */
  credits: string;
  files: number;
  /** Actual cost of the completed generations from the pricing table, numeric text with four places. */
  cost: string;
}

export interface SessionTotals {
  sessions: number;
  avg_seconds: string | null;
  bounces: number;
}

export interface PopularPromptRow {
  tool: string;
  prompt: string;
  prompt_length: number;
  word_count: number;
  usage_count: number;
  completed: number;
  failed: number;
  avg_ms: string | null;
}

/** What the statistics read per range, from the rollups (`rollupSource`) or from the raw rows (`rawSource`). */
export interface StatisticsSource {
  /** Per tool: generations started since `since`, their outcomes, credits captured, outputs and actual cost. */
  tools(db: DbOrTx, since: Date): Promise<ToolRow[]>;
  /** Per tool: distinct users since `since`. */
  toolUsers(db: DbOrTx, since: Date): Promise<Array<{ tool: string; users: number }>>;
  /** Users who made a generation or a signed-in visit since `since`. */
  activeUsers(db: DbOrTx, since: Date): Promise<number>;
  /**
   * Browser sessions among the visits since `since` (one `session_id` each): how many, the average seconds from a
   * session's first visit to its last (in the range), and how many recorded a single visit (bounces).
   */
  sessionTotals(db: DbOrTx, since: Date): Promise<SessionTotals>;
  /**
   * Per tool: bytes of the generated files made since `since` that are still stored (files carry their tool; images
   * expire after 30 days).
   */
  outputSizes(db: DbOrTx, since: Date): Promise<Array<{ tool: string; bytes: string }>>;
  /** The most used prompts since `since` (same tool, same text), most used first, ties by tool then text. */
  popularPrompts(db: DbOrTx, since: Date): Promise<PopularPromptRow[]>;
}

/** The shape of a popular prompts answer from rows (tool, prompt, usage_count, completed, failed, avg_ms). */
export const promptColumns = sql`tool, left(prompt, ${POPULAR_PROMPT_TEXT_MAX}) as prompt,
  char_length(prompt)::int as prompt_length,
  coalesce(array_length(regexp_split_to_array(btrim(prompt), '\\s+'), 1), 0)::int as word_count,
  usage_count, completed, failed, avg_ms`;

/** A prompt the statistics count: the raw rows' filter, the same as the triggers'. */
export const countedPrompt = (column: SQL) => sql`${column} is not null and btrim(${column}) <> ''`;

/** A generated output the statistics size: the raw rows' filter, the same as the files trigger's and partial index's. */
export const generatedOutput = sql`entity_type like 'generated\\_%' and tool_name is not null`;

/** A generation's measured part: its provider's real cost, credits and 1 when it is completed with one, else 0s. */
export const measured = sql`case when status = 'completed' and provider_cost_usd is not null then provider_cost_usd else 0 end as measured_cost,
                     case when status = 'completed' and provider_cost_usd is not null then credits else 0 end as measured_credits,
                     (status = 'completed' and provider_cost_usd is not null)::int as measured_completed`;

/**
 * A tool's cost from its (tool, price) combinations `t`: the providers' real cost where they reported it, plus the
 * price table's estimate for the rest. A price is per unit (an image, a minute of audio): the units a generation paid
 * for are its credits ÷ the unit price; a free price counts one.
 */
export const costSum = (t: string) =>
  sql.raw(`round(coalesce(sum(${t}.measured_cost + case when p.user_cost_credits > 0 then p.actual_cost_usd * (${t}.credits - ${t}.measured_credits) / p.user_cost_credits
                                         else coalesce(p.actual_cost_usd, 0) * (${t}.completed - ${t}.measured_completed) end), 0), 4)::text`);

