import { sql, type SQL } from 'drizzle-orm';
import { DIRECT_REFERRER, POPULAR_PROMPT_TEXT_MAX, POPULAR_PROMPTS_LIMIT } from '../../../contract/admin-statistics.ts';
import type { DbOrTx } from '../../db/client.ts';
import { DAY_MS } from '../../../contract/time.ts';

/**
 * The admin statistics: aggregates over generations, files, users, visits, pricing and payments. What grows with
 * every generation, visit and output is read from the rollups the triggers of migrations 0016 and 0018 keep
 * (server/db/schema/statistics.ts): a range [since, ∞) is the rows of [since, the next UTC midnight) plus the whole
 * days (and, for prompts, whole months) after it, so a year costs about as much as a day. Distinct counts (users of a
 * tool, active users, sessions) are kept as one row per user or session with its latest (or first) instant, counted
 * per day of that instant. `rawSource` keeps the same answers computed from the raw rows; the tests hold the two
 * equal.
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


/**
 * Where a range starting at `since` stops reading raw rows: the next UTC midnight (since itself when it is one), as
 * a timestamp and as the date of the rollups' first whole day; and the first UTC month that starts on or after it.
 */
export function rollupEdges(since: Date): { edge: Date; day: string; month: string } {
  const midnight = Math.ceil(since.getTime() / DAY_MS) * DAY_MS;
  const edge = new Date(midnight);
  const monthStart = Date.UTC(edge.getUTCFullYear(), edge.getUTCMonth(), 1);
  const month = monthStart === midnight ? edge : new Date(Date.UTC(edge.getUTCFullYear(), edge.getUTCMonth() + 1, 1));
  return { edge, day: edge.toISOString().slice(0, 10), month: month.toISOString().slice(0, 10) };
}

/** The shape of a popular prompts answer from rows (tool, prompt, usage_count, completed, failed, avg_ms). */
export const promptColumns = sql`tool, left(prompt, ${POPULAR_PROMPT_TEXT_MAX}) as prompt,
  char_length(prompt)::int as prompt_length,
  coalesce(array_length(regexp_split_to_array(btrim(prompt), '\\s+'), 1), 0)::int as word_count,
  usage_count, completed, failed, avg_ms`;

/** A prompt the statistics count: the raw rows' filter, the same as the triggers'. */
export const countedPrompt = (column: SQL) => sql`${column} is not null and btrim(${column}) <> ''`;

/** A generated output the statistics size: the raw rows' filter, the same as the files trigger's and partial index's. */
const generatedOutput = sql`entity_type like 'generated\\_%' and tool_name is not null`;

/** A generation's measured part: its provider's real cost, credits and 1 when it is completed with one, else 0s. */
const measured = sql`case when status = 'completed' and provider_cost_usd is not null then provider_cost_usd else 0 end as measured_cost,
                     case when status = 'completed' and provider_cost_usd is not null then credits else 0 end as measured_credits,
                     (status = 'completed' and provider_cost_usd is not null)::int as measured_completed`;

/**
 * A tool's cost from its (tool, price) combinations `t`: the providers' real cost where they reported it, plus the
 * price table's estimate for the rest. A price is per unit (an image, a minute of audio): the units a generation paid
 * for are its credits ÷ the unit price; a free price counts one.
 */
const costSum = (t: string) =>
  sql.raw(`round(coalesce(sum(${t}.measured_cost + case when p.user_cost_credits > 0 then p.actual_cost_usd * (${t}.credits - ${t}.measured_credits) / p.user_cost_credits
                                         else coalesce(p.actual_cost_usd, 0) * (${t}.completed - ${t}.measured_completed) end), 0), 4)::text`);

export const rollupSource: StatisticsSource = {
  tools(db, since) {
    const { edge, day } = rollupEdges(since);
    // A combination of tool and price with no completed generation adds zero cost, as in the raw definition.
    return analytic(
      db,
      sql`with combos as (
            select tool, service_type, service_variant, sum(total) as total, sum(completed) as completed,
                   sum(failed) as failed, sum(credits) as credits, sum(files) as files,
                   sum(measured_cost) as measured_cost, sum(measured_credits) as measured_credits, sum(measured_completed) as measured_completed
              from (select tool, service_type, service_variant, total, completed, failed, credits, files,
                           measured_cost, measured_credits, measured_completed
                      from stats_generation_days where day >= ${day}::date
                    union all
                    select tool, service_type, service_variant, 1, (status = 'completed')::int, (status = 'failed')::int,
                           case when status = 'completed' then credits else 0 end,
                           case when status = 'completed' then cardinality(output_file_ids) else 0 end,
                           ${measured}
                      from generations where created_at >= ${at(since)} and created_at < ${at(edge)}) r
             group by tool, service_type, service_variant
          )
          select c.tool, sum(c.total)::int as total, sum(c.completed)::int as completed, sum(c.failed)::int as failed,
                 sum(c.credits)::text as credits, sum(c.files)::int as files,
                 ${costSum('c')} as cost
            from combos c
            left join pricing p on p.service_type = c.service_type and p.service_variant = c.service_variant
           group by c.tool
          having sum(c.total) > 0`,
    );
  },

  // A user's latest generation per tool is on or after `since` exactly when they made one of that tool in the range:
  // the whole days after the part-day from stats_tool_user_days, the part-day from stats_tool_users' index.
  toolUsers(db, since) {
    const { edge, day } = rollupEdges(since);
    return rows(
      db,
      sql`select tool, sum(users)::int as users
            from (select tool, users from stats_tool_user_days where day >= ${day}::date
                  union all
                  select tool, count(*) from stats_tool_users where last_at >= ${at(since)} and last_at < ${at(edge)} group by tool) r
           group by tool`,
    );
  },

  // The same with each user's latest activity of either kind (stats_active_users).
  async activeUsers(db, since) {
    const { edge, day } = rollupEdges(since);
    const [row] = await rows<{ n: number }>(
      db,
      sql`select (coalesce((select sum(users) from stats_active_user_days where day >= ${day}::date), 0)
                  + (select count(*) from stats_active_users where last_at >= ${at(since)} and last_at < ${at(edge)}))::int as n`,
    );
    return row?.n ?? 0;
  },

  // A session begun on a whole day of the range counts from stats_session_days; one begun in the part-day from its
  // row; one begun before the range with a visit in it (first_at < since ≤ last_at, through the GiST index) counts
  // only its visits in the range, recounted from them. The average is the sum of seconds ÷ the count, as avg() does.
  async sessionTotals(db, since) {
    const { edge, day } = rollupEdges(since);
    const length = sql`extract(epoch from last_at - first_at)`;
    const [row] = await rows<SessionTotals>(
      db,
      sql`with parts as (
            select sum(sessions) as sessions, sum(seconds) as seconds, sum(bounces) as bounces
              from stats_session_days where day >= ${day}::date
            union all
            select count(*), sum(${length}), count(*) filter (where visits = 1)
              from stats_sessions where first_at >= ${at(since)} and first_at < ${at(edge)}
            union all
            select count(*), sum(${length}), count(*) filter (where visits = 1)
              from (select min(v.created_at) as first_at, max(v.created_at) as last_at, count(*) as visits
                      from stats_sessions s join visits v on v.session_id = s.session_id and v.created_at >= ${at(since)}
                     where tstzrange(s.first_at, s.last_at, '(]') @> ${at(since)}
                     group by s.session_id) straddling
          )
          select coalesce(sum(sessions), 0)::int as sessions,
                 (sum(seconds) / nullif(sum(sessions), 0))::text as avg_seconds,
                 coalesce(sum(bounces), 0)::int as bounces
            from parts`,
    );
    return row ?? { sessions: 0, avg_seconds: null, bounces: 0 };
  },

  outputSizes(db, since) {
    const { edge, day } = rollupEdges(since);
    return rows(
      db,
      sql`select tool, sum(bytes)::text as bytes
            from (select tool, bytes from stats_output_days where day >= ${day}::date
                  union all
                  select tool_name, sum(size_bytes) from files
                   where created_at >= ${at(since)} and created_at < ${at(edge)} and ${generatedOutput} group by tool_name) r
           group by tool`,
    );
  },

  popularPrompts(db, since) {
    const { edge, day, month } = rollupEdges(since);
    const settled = sql`g.status in ('completed', 'failed')`;
    // sum(ms) ÷ count as numerics is what avg() of an integer computes, to the last digit.
    return analytic(
      db,
      sql`with counts as (
            select prompt_id, sum(uses) as uses, sum(completed) as completed, sum(failed) as failed,
                   sum(timed) as timed, sum(time_ms) as time_ms
              from (select prompt_id, uses, completed, failed, timed, time_ms from stats_prompt_months where month >= ${month}::date
                    union all
                    select prompt_id, uses, completed, failed, timed, time_ms from stats_prompt_days
                     where day >= ${day}::date and day < ${month}::date
                    union all
                    select p.id, 1, (g.status = 'completed')::int, (g.status = 'failed')::int,
                           (${settled} and g.processing_time_ms is not null)::int,
                           case when ${settled} then coalesce(g.processing_time_ms, 0) else 0 end
                      from generations g join stats_prompts p on p.tool = g.tool and p.hash = md5(g.prompt)
                     where g.created_at >= ${at(since)} and g.created_at < ${at(edge)} and ${countedPrompt(sql`g.prompt`)}) r
             group by prompt_id
          ), top as (
            select p.tool, p.prompt, c.uses::int as usage_count, c.completed::int as completed, c.failed::int as failed,
                   case when c.timed > 0 then (c.time_ms::numeric / c.timed::numeric)::text end as avg_ms
              from counts c join stats_prompts p on p.id = c.prompt_id
             where c.uses > 0
             order by c.uses desc, p.tool, p.prompt
             limit ${POPULAR_PROMPTS_LIMIT}
          )
          select ${promptColumns} from top order by usage_count desc, tool, prompt`,
    );
  },
};

/**
 * The statistics computed from the raw generations and visits of the range: their definition, and what answered
 * before the rollups (a year of 1M generations took 1.5 s). The tests hold the rollups to it and the benchmark
 * measures against it; the app reads `rollupSource`.
 */
export const rawSource: StatisticsSource = {
  async tools(db, since) {
    const [usage, costs] = await Promise.all([
      analytic<Omit<ToolRow, 'cost'>>(
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
      ),
      analytic<{ tool: string; cost: string }>(
        db,
        sql`select g.tool, ${costSum('g')} as cost
            from (select tool, service_type, service_variant, count(*) as completed, sum(credits) as credits,
                         sum(measured_cost) as measured_cost, sum(measured_credits) as measured_credits, sum(measured_completed) as measured_completed
                    from (select tool, service_type, service_variant, credits, ${measured} from generations
                   where created_at >= ${at(since)} and status = 'completed') completed
                   group by tool, service_type, service_variant) g
            left join pricing p on p.service_type = g.service_type and p.service_variant = g.service_variant
            group by g.tool`,
      ),
    ]);
    const costOf = new Map(costs.map((c) => [c.tool, c.cost]));
    return usage.map((row) => ({ ...row, cost: costOf.get(row.tool) ?? '0' }));
  },

  toolUsers(db, since) {
    return analytic(
      db,
      sql`select tool, count(*)::int as users
          from (select tool, user_id from generations where created_at >= ${at(since)} group by tool, user_id) pairs
          group by tool`,
    );
  },

  async activeUsers(db, since) {
    const [row] = await analytic<{ n: number }>(
      db,
      sql`select count(*)::int as n from (
            select user_id from generations where created_at >= ${at(since)}
            union
            select user_id from visits where created_at >= ${at(since)} and user_id is not null
          ) active`,
    );
    return row?.n ?? 0;
  },

  async sessionTotals(db, since) {
    const [row] = await analytic<SessionTotals>(
      db,
      sql`select count(*)::int as sessions,
            avg(extract(epoch from last_at - first_at))::text as avg_seconds,
            (count(*) filter (where visits = 1))::int as bounces
          from (select session_id, min(created_at) as first_at, max(created_at) as last_at, count(*) as visits
                  from visits where created_at >= ${at(since)} group by session_id) s`,
    );
    return row ?? { sessions: 0, avg_seconds: null, bounces: 0 };
  },

  outputSizes(db, since) {
    return rows(
      db,
      sql`select tool_name as tool, coalesce(sum(size_bytes), 0)::text as bytes
          from files
          where created_at >= ${at(since)} and ${generatedOutput}
          group by tool_name`,
    );
  },

  popularPrompts(db, since) {
    return analytic<PopularPromptRow>(
      db,
      sql`select ${promptColumns}
          from (select tool, prompt,
                  count(*)::int as usage_count,
                  (count(*) filter (where status = 'completed'))::int as completed,
                  (count(*) filter (where status = 'failed'))::int as failed,
                  (avg(processing_time_ms) filter (where status in ('completed', 'failed')))::text as avg_ms
                from generations
                where created_at >= ${at(since)} and ${countedPrompt(sql`prompt`)}
                group by tool, prompt
                order by usage_count desc, tool, prompt
                limit ${POPULAR_PROMPTS_LIMIT}) top
          order by usage_count desc, tool, prompt`,
    );
  },
};

export async function newUsers(db: DbOrTx, since: Date): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`select count(*)::int as n from users where created_at >= ${at(since)}`);
  return row?.n ?? 0;
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
