import { sql, type SQL } from 'drizzle-orm';
import { DIRECT_REFERRER, POPULAR_PROMPT_TEXT_MAX, POPULAR_PROMPTS_LIMIT } from '../../../contract/admin-statistics.ts';
import type { DbOrTx } from '../../db/client.ts';

/**
 * The admin statistics: aggregates over generations, files, users, visits, pricing and payments. The per-tool,
 * cost and active-user queries read only columns of `generations_stats_idx` (created_at first) and the visit
 * aggregates only `visits_stats_idx`, so PostgreSQL answers a range with index-only scans; the popular prompts read
 * the range's rows (a prompt can be too long for an index).
 */

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * An aggregate over a range, in its own transaction with room to sort and hash in memory (the default 4 MB work_mem
 * sends a month of generations' distinct users to disk) and without JIT: these queries cost enough to cross
 * jit_above_cost, and compiling them took longer than running them (about 1 s against 50 ms for the referrer table).
 */
function analytic<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '32MB'`);
    await tx.execute(sql`set local jit = off`);
    return rows<T>(tx, query);
  });
}

/** Timestamps go in as ISO text cast in SQL: both drivers pass text the same way. */
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

export interface ToolUsageRow {
  tool: string;
  total: number;
  completed: number;
  failed: number;
  credits: string;
  files: number;
}

/** Per tool: generations started since `since`, their outcomes, credits captured and outputs recorded. */
export function toolUsage(db: DbOrTx, since: Date): Promise<ToolUsageRow[]> {
  return analytic(
    db,
    sql`select tool,
          count(*)::int as total,
          (count(*) filter (where status = 'completed'))::int as completed,
          (count(*) filter (where status = 'failed'))::int as failed,
          coalesce(sum(credits) filter (where status = 'completed'), 0)::text as credits,
          coalesce(sum(cardinality(output_file_ids)) filter (where status = 'completed'), 0)::int as files
        from generations
        where created_at >= ${at(since)}
        group by tool`,
  );
}

/**
 * Per tool: distinct users since `since`. Its own query, hashed on (tool, user): a count(distinct) beside the sums
 * above would sort every row of the range (twice as slow for a month, four times for a year of 1M generations).
 */
export function toolUsers(db: DbOrTx, since: Date): Promise<Array<{ tool: string; users: number }>> {
  return analytic(
    db,
    sql`select tool, count(*)::int as users
        from (select tool, user_id from generations where created_at >= ${at(since)} group by tool, user_id) pairs
        group by tool`,
  );
}

/**
 * Per tool: the actual cost of its completed generations from the pricing table. A price is per unit (an image, a
 * minute of audio), so the units a generation paid for are its credits ÷ the unit price; a free price counts one.
 */
export function toolCosts(db: DbOrTx, since: Date): Promise<Array<{ tool: string; cost: string }>> {
  return analytic(
    db,
    sql`select g.tool,
          round(coalesce(sum(case when p.user_cost_credits > 0 then p.actual_cost_usd * g.credits / p.user_cost_credits
                                  else coalesce(p.actual_cost_usd, 0) * g.n end), 0), 4)::text as cost
        from (select tool, service_type, service_variant, count(*) as n, sum(credits) as credits
                from generations
               where created_at >= ${at(since)} and status = 'completed'
               group by tool, service_type, service_variant) g
        left join pricing p on p.service_type = g.service_type and p.service_variant = g.service_variant
        group by g.tool`,
  );
}

/**
 * Per tool: bytes of generated files made since `since` that are still stored. Files carry their tool; images
 * expire after 30 days, so this table is bounded by retention, not by the generations' history.
 */
export function outputSizes(db: DbOrTx, since: Date): Promise<Array<{ tool: string; bytes: string }>> {
  return rows(
    db,
    sql`select tool_name as tool, coalesce(sum(size_bytes), 0)::text as bytes
        from files
        where created_at >= ${at(since)} and entity_type like 'generated\\_%' and tool_name is not null
        group by tool_name`,
  );
}

/** Users who made a generation or a signed-in visit since `since`. */
export async function activeUsers(db: DbOrTx, since: Date): Promise<number> {
  const [row] = await analytic<{ n: number }>(
    db,
    sql`select count(*)::int as n from (
          select user_id from generations where created_at >= ${at(since)}
          union
          select user_id from visits where created_at >= ${at(since)} and user_id is not null
        ) active`,
  );
  return row?.n ?? 0;
}

export async function newUsers(db: DbOrTx, since: Date): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`select count(*)::int as n from users where created_at >= ${at(since)}`);
  return row?.n ?? 0;
}

export interface SessionTotals {
  sessions: number;
  avg_seconds: string | null;
  bounces: number;
}

/**
 * Browser sessions among the visits since `since` (one `session_id` each): how many, the average seconds from a
 * session's first visit to its last, and how many recorded a single visit (bounces).
 */
export async function sessionTotals(db: DbOrTx, since: Date): Promise<SessionTotals> {
  const [row] = await analytic<SessionTotals>(
    db,
    sql`select count(*)::int as sessions,
          avg(extract(epoch from last_at - first_at))::text as avg_seconds,
          (count(*) filter (where visits = 1))::int as bounces
        from (select session_id, min(created_at) as first_at, max(created_at) as last_at, count(*) as visits
                from visits where created_at >= ${at(since)} group by session_id) s`,
  );
  return row ?? { sessions: 0, avg_seconds: null, bounces: 0 };
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

/** The most used prompts since `since` (same tool, same text), most used first. */
export function popularPrompts(db: DbOrTx, since: Date): Promise<PopularPromptRow[]> {
  return analytic(
    db,
    sql`select tool, left(prompt, ${POPULAR_PROMPT_TEXT_MAX}) as prompt,
          char_length(prompt)::int as prompt_length,
          coalesce(array_length(regexp_split_to_array(btrim(prompt), '\\s+'), 1), 0)::int as word_count,
          usage_count, completed, failed, avg_ms
        from (select tool, prompt,
                count(*)::int as usage_count,
                (count(*) filter (where status = 'completed'))::int as completed,
                (count(*) filter (where status = 'failed'))::int as failed,
                (avg(processing_time_ms) filter (where status in ('completed', 'failed')))::text as avg_ms
              from generations
              where created_at >= ${at(since)} and prompt is not null and btrim(prompt) <> ''
              group by tool, prompt
              order by usage_count desc, tool, prompt
              limit ${POPULAR_PROMPTS_LIMIT}) top
        order by usage_count desc, tool, prompt`,
  );
}

export interface ReferrerRow {
  domain: string;
  visit_count: number;
  unique_users: number;
  unique_sessions: number;
  purchases: number;
  revenue: string;
}

/**
 * Visits by referring domain since `since` (every visit kept when null), with the completed purchases made in the
 * range by the users each domain brought. A buyer belongs to the referrer of the first visit made by any visitor id
 * they were seen signed in with (so an anonymous first landing before sign-up counts); a buyer with no recorded
 * visit is attributed to none. Buyers are found first (few), then each one's first visit through the indexes.
 */
export function referrerStats(db: DbOrTx, since: Date | null): Promise<ReferrerRow[]> {
  const from = since ? at(since) : sql`'-infinity'::timestamptz`;
  const domain = (column: SQL) => sql`coalesce(nullif(btrim(${column}), ''), ${DIRECT_REFERRER})`;
  return analytic(
    db,
    sql`with visit_rows as (
          select ${domain(sql`referrer_domain`)} as domain,
                 count(*)::int as visit_count,
                 count(distinct user_id)::int as unique_users,
                 count(distinct session_id)::int as unique_sessions
            from visits where created_at >= ${from}
           group by 1
        ), buyers as (
          select user_id, count(*) as purchases, sum(amount_usd) as revenue
            from payments
           where status = 'completed' and created_at >= ${from} and user_id is not null
           group by user_id
        ), attributed as (
          select b.purchases, b.revenue,
                 (select ${domain(sql`v.referrer_domain`)}
                    from visits v
                   where v.tracking_id in (select tracking_id from visits mine where mine.user_id = b.user_id)
                   order by v.created_at, v.id
                   limit 1) as domain
            from buyers b
        ), purchase_rows as (
          select domain, sum(purchases)::int as purchases, sum(revenue) as revenue
            from attributed where domain is not null
           group by domain
        )
        select coalesce(v.domain, p.domain) as domain,
               coalesce(v.visit_count, 0) as visit_count,
               coalesce(v.unique_users, 0) as unique_users,
               coalesce(v.unique_sessions, 0) as unique_sessions,
               coalesce(p.purchases, 0) as purchases,
               coalesce(p.revenue, 0)::numeric(14, 2)::text as revenue
          from visit_rows v full join purchase_rows p on p.domain = v.domain
         order by visit_count desc, purchases desc, domain`,
  );
}
