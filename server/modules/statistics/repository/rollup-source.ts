import { sql } from 'drizzle-orm';
import { POPULAR_PROMPTS_LIMIT } from '../../../../contract/admin-statistics.ts';
import { DAY_MS } from '../../../../contract/time.ts';
import { analytic, at, costSum, countedPrompt, generatedOutput, measured, promptColumns, rows, type SessionTotals, type StatisticsSource } from './source.ts';

/**
 * The statistics the app reads: what grows with every generation, visit and output comes from the rollups the
 * triggers of migrations 0016 and 0018 keep (server/db/schema/statistics.ts). A range [since, ∞) is the rows of
 * [since, the next UTC midnight) plus the whole days (and, for prompts, whole months) after it, so a year costs about
 * as much as a day. Distinct counts (users of a tool, active users, sessions) are kept as one row per user or session
 * with its latest (or first) instant, counted per day of that instant.
 */


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
